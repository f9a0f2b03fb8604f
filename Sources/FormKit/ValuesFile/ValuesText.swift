/// A values file (`formctl values --load`) decoded to Unicode scalars, with
/// the places (line and column) a `FileProblem` names.
///
/// Decoding refuses what no value can carry, at its place: bytes that are
/// not UTF-8 and NUL (U+0000), which SQLite text and the `sqlite3` shell
/// cannot hold. A byte order mark at the start (spreadsheets write one
/// before CSV) is skipped, and columns count from after it.
struct ValuesText {
    /// The file's name as the user gave it (`-` for standard input).
    let file: String
    /// The text, without a leading byte order mark.
    let scalars: [Unicode.Scalar]

    /// Decodes `bytes`, refusing invalid UTF-8 and NUL with their place.
    init(_ bytes: some Collection<UInt8>, file: String) throws(FormKitError) {
        self.file = file
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\u{FEFF}", offset == 0, scalars.isEmpty {
                    offset += 3
                    continue
                }
                if scalar == "\0" {
                    let place = Self.place(of: scalars.count, in: scalars)
                    throw .badFile([FileProblem(
                        file: file, line: place.line, column: place.column,
                        message: "a NUL byte (U+0000), which no value can hold (SQLite text and the sqlite3 shell stop at it)")])
                }
                offset += UTF8.width(scalar)
                scalars.append(scalar)
            case .emptyInput:
                break decoding
            case .error:
                let place = Self.place(of: scalars.count, in: scalars)
                let byte = bytes.dropFirst(offset).first.map { "0x" + String($0, radix: 16, uppercase: true) } ?? "?"
                throw .badFile([FileProblem(
                    file: file, line: place.line, column: place.column,
                    message: "not UTF-8 text: the bytes from \(byte) (byte offset \(offset)) are no UTF-8 character; save the file as UTF-8")])
            }
        }
        self.scalars = scalars
    }

    /// The line and column (from 1, in Unicode scalars) of `index`. A line
    /// ends at LF, CR LF or a lone CR.
    static func place(of index: Int, in scalars: [Unicode.Scalar]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var position = 0
        let end = min(index, scalars.count)
        while position < end {
            let scalar = scalars[position]
            if scalar == "\n" || (scalar == "\r" && (position + 1 >= scalars.count || scalars[position + 1] != "\n")) {
                line += 1
                column = 1
            } else if scalar != "\r" {
                column += 1
            }
            position += 1
        }
        return (line, column)
    }

    /// A problem at `index` (a scalar's place in `scalars`).
    func problem(_ index: Int, _ message: String) -> FileProblem {
        let place = Self.place(of: index, in: scalars)
        return FileProblem(file: file, line: place.line, column: place.column, message: message)
    }

    /// `problem(_:_:)` as the error that refuses the file.
    func refusal(_ index: Int, _ message: String) -> FormKitError {
        .badFile([problem(index, message)])
    }

    /// One scalar shown in a message.
    static func described(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
            + String(scalar.value, radix: 16, uppercase: true)
        switch scalar {
        case "\n": return "a line break (LF)"
        case "\r": return "a line break (CR)"
        case "\t": return "a tab"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: return "the control character \(code)"
        default: return "'\(String(scalar))' (\(code))"
        }
    }
}
