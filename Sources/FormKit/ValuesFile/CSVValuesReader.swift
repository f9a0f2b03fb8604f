import FormText

/// Reads a values file in CSV (RFC 4180), as `formctl values --format csv`
/// writes it: a header row of keys and one row of values.
///
/// A field is either unquoted (anything but a comma, a quote or a line
/// break, spaces kept) or quoted (`"…"`, where `""` is a quote and commas
/// and line breaks are text). Records end at CR LF, as the RFC says, or at
/// LF or CR alone, as other tools write them; the last line break is
/// optional and blank lines after the row of values are ignored. Anything
/// else is refused with its place: a quote inside an unquoted field, text
/// after a closing quote, a quote never closed, a row longer or shorter
/// than the header, a second row, a key given twice.
struct CSVValuesReader {
    private let text: ValuesText
    private var index = 0

    /// One field of a record, with where it starts.
    private struct Cell {
        var text: String
        var start: Int
        var wasQuoted: Bool
    }

    /// One record, with where it starts and where its line break is.
    private struct Record {
        var cells: [Cell]
        var start: Int
        var end: Int

        /// A record that is an empty line.
        var isBlank: Bool { cells.count == 1 && cells[0].text.isEmpty && !cells[0].wasQuoted }
    }

    /// The keys and values of `text`, in the header's order.
    static func entries(of text: ValuesText) throws(FormKitError) -> [ValuesFileEntry] {
        var reader = CSVValuesReader(text: text)
        return try reader.entries()
    }

    private init(text: ValuesText) {
        self.text = text
    }

    private mutating func entries() throws(FormKitError) -> [ValuesFileEntry] {
        let scalars = text.scalars
        guard !scalars.isEmpty else {
            throw .badFile([FileProblem(file: text.file, message: "the file is empty; a values file in CSV is a header row of keys and one row of values")])
        }
        let header = try record()
        guard index < scalars.count else {
            throw text.refusal(index, "a header row and no row of values after it; a values file in CSV is a header row of keys and one row of values")
        }
        let row = try record()
        while index < scalars.count {
            let extra = try record()
            guard extra.isBlank else {
                throw text.refusal(extra.start, "a second row of values; a values file in CSV holds a header row of keys and one row of values")
            }
        }
        if row.cells.count > header.cells.count {
            let cell = row.cells[header.cells.count]
            throw text.refusal(cell.start, "the row of values has \(row.cells.count) values but the header \(header.cells.count) keys")
        }
        if row.cells.count < header.cells.count {
            throw text.refusal(row.end, "the row of values has \(row.cells.count) value\(row.cells.count == 1 ? "" : "s") but the header \(header.cells.count) keys")
        }
        var seen: [String: Int] = [:]
        for cell in header.cells {
            if let first = seen[cell.text] {
                let place = ValuesText.place(of: first, in: scalars)
                throw text.refusal(cell.start, "the key \(MessageQuote.quoted(cell.text)) is in the header twice (first at line \(place.line), column \(place.column))")
            }
            seen[cell.text] = cell.start
        }
        return zip(header.cells, row.cells).map { ValuesFileEntry(key: $0.text, value: $1.text, kind: .csv, start: $1.start) }
    }

    /// Reads one record and its line break.
    private mutating func record() throws(FormKitError) -> Record {
        let scalars = text.scalars
        let start = index
        var cells: [Cell] = []
        while true {
            cells.append(try cell())
            guard index < scalars.count else { return Record(cells: cells, start: start, end: index) }
            switch scalars[index] {
            case ",":
                index += 1
            case "\r":
                let end = index
                index += 1
                if index < scalars.count, scalars[index] == "\n" { index += 1 }
                return Record(cells: cells, start: start, end: end)
            case "\n":
                let end = index
                index += 1
                return Record(cells: cells, start: start, end: end)
            default:
                // `cell()` stops only at a comma, a line break or the end.
                throw text.refusal(index, "unexpected \(ValuesText.described(scalars[index]))")
            }
        }
    }

    /// Reads one field, up to (not past) the comma, line break or end after it.
    private mutating func cell() throws(FormKitError) -> Cell {
        let scalars = text.scalars
        let start = index
        var value = String.UnicodeScalarView()
        guard index < scalars.count, scalars[index] == "\"" else {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "," || scalar == "\r" || scalar == "\n" { break }
                if scalar == "\"" {
                    throw text.refusal(index, "a quote inside a field that does not start with one; quote the whole field and double the quote (\"\")")
                }
                value.append(scalar)
                index += 1
            }
            return Cell(text: String(value), start: start, wasQuoted: false)
        }
        index += 1
        while true {
            guard index < scalars.count else {
                throw text.refusal(start, "this quoted field is never closed: a quote (\") must end it, and a quote inside it is written twice (\"\")")
            }
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" {
                if index < scalars.count, scalars[index] == "\"" {
                    value.append("\"")
                    index += 1
                    continue
                }
                if index < scalars.count, scalars[index] != ",", scalars[index] != "\r", scalars[index] != "\n" {
                    throw text.refusal(index, "\(ValuesText.described(scalars[index])) after the closing quote of a field; a comma or a line break must follow it (a quote inside a field is written twice: \"\")")
                }
                return Cell(text: String(value), start: start, wasQuoted: true)
            }
            value.append(scalar)
        }
    }
}
