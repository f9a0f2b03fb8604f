/// The text of a JSON number as its sender wrote it. Foundation's
/// `JSONDecoder` reads a number only as a Swift number type, and RFC 8259
/// allows numbers none of them holds (`2.2250738585e-313` is below
/// `Decimal`'s range, `1e400` beyond `Double`'s, and `Decimal` keeps 38
/// digits of a longer one): the text is what the field's type then reads,
/// as `formctl set` reads it, and refuses with the field's own reason.
enum JSONNumberLiteral {
    /// The members `name` of the top-level object of `bytes`, in order:
    /// each one's number as written, or nil where it holds something else.
    /// More than one means the sender gave the name twice (which one a
    /// reader takes is then anyone's guess, RFC 8259 §4). nil when `bytes`
    /// is not an object: they are JSON that `JSONDecoder` has read, and
    /// anything unexpected gives nil, never a trap.
    static func members(_ name: String, in bytes: [UInt8]) -> [String?]? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        var found: [String?] = []
        scanner.skipSpace()
        if scanner.take(UInt8(ascii: "}")) { return found }
        while true {
            scanner.skipSpace()
            guard let key = scanner.string() else { return nil }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipSpace()
            if key == name { found.append(scanner.number()) }
            guard scanner.skipValue() else { return nil }
            scanner.skipSpace()
            if scanner.take(UInt8(ascii: ",")) { continue }
            return scanner.take(UInt8(ascii: "}")) ? found : nil
        }
    }

    /// How many significant digits the number `literal` has: its digits
    /// before the exponent, leading zeros left out.
    static func significantDigits(_ literal: String) -> Int {
        let mantissa = literal.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let digits = mantissa.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return digits.drop { $0 == UInt8(ascii: "0") }.count
    }

    /// A cursor over JSON bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            index += 1
            return true
        }

        /// A number token (RFC 8259 §6) at the cursor, as written; nil
        /// (the cursor left where it was) when the value is not a number.
        mutating func number() -> String? {
            let start = index
            var end = index
            func digits(_ end: inout Int) -> Int {
                let from = end
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                return end - from
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
            guard digits(&end) > 0 else { return nil }
            if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
                end += 1
                guard digits(&end) > 0 else { return nil }
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
                end += 1
                if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
                guard digits(&end) > 0 else { return nil }
            }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// A string at the cursor, its escapes decoded; the cursor after it.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var scalars = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run = []
            }
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard let escaped = current else { return nil }
                    index += 1
                    let simple: [UInt8: Unicode.Scalar] = [
                        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{08}",
                        UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
                    ]
                    if let scalar = simple[escaped] {
                        scalars.append(scalar)
                        continue
                    }
                    guard escaped == UInt8(ascii: "u"), index + 4 <= bytes.count,
                          let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
                    index += 4
                    if (0xD800...0xDBFF).contains(unit) {
                        pendingHigh = unit
                    } else if (0xDC00...0xDFFF).contains(unit), let high = pendingHigh {
                        pendingHigh = nil
                        if let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) { scalars.append(scalar) }
                    } else if let scalar = Unicode.Scalar(unit) {
                        scalars.append(scalar)
                    } else {
                        scalars.append("\u{FFFD}")
                    }
                default:
                    run.append(byte)
                }
            }
            return nil
        }

        /// Moves the cursor past the value at it: a string, an object or an
        /// array (with whatever they hold), or a number or literal.
        mutating func skipValue() -> Bool {
            guard let first = current else { return false }
            if first == UInt8(ascii: "\"") { return string() != nil }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                var depth = 0
                while let byte = current {
                    if byte == UInt8(ascii: "\"") {
                        guard string() != nil else { return false }
                        continue
                    }
                    index += 1
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { return true }
                    }
                }
                return false
            }
            let start = index
            while let byte = current, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
            return index > start
        }
    }
}
