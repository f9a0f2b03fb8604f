/// The one writer of CSV (RFC 4180) in formctl: `values --format csv`,
/// `responses --format csv` and the repeat tables all write their fields
/// and records here, so that a cell is quoted by one rule whatever wrote
/// it, and the rule runs on bytes, fast enough for 100,000 responses.
///
/// A field is written as it is, or in double quotes (a quote doubled)
/// when it holds a comma, a quote, CR or LF; a record ends in CRLF. Every
/// byte the rule looks at is ASCII, so it works on UTF-8 bytes: any byte
/// of a multi-byte scalar is copied as it is.
enum CSVField {
    /// Appends one field, quoted only when it must be.
    static func append(_ field: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var quoted = false
        for byte in field where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A {
            quoted = true
            break
        }
        guard quoted else {
            out.append(contentsOf: field)
            return
        }
        out.append(UInt8(ascii: "\""))
        var run = 0
        for index in 0..<field.count where field[index] == UInt8(ascii: "\"") {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: field[run...index]))
            out.append(UInt8(ascii: "\""))
            run = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: field[run...]))
        out.append(UInt8(ascii: "\""))
    }

    /// Appends one field given as text.
    static func append(_ field: String, to out: inout [UInt8]) {
        var field = field
        field.withUTF8 { append($0, to: &out) }
    }

    /// One record of `fields`, separated by commas, ending in CRLF.
    static func record(_ fields: [String]) -> String {
        var out: [UInt8] = []
        for (position, field) in fields.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            append(field, to: &out)
        }
        out.append(contentsOf: [0x0D, 0x0A])
        return String(decoding: out, as: UTF8.self)
    }
}
