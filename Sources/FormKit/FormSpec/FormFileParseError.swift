import Yams

/// A file that libyaml could not read, as a problem at its place.
enum FormFileParseError {
    /// `error` (from composing `text`) as a `FileProblem` of `file`.
    static func problem(_ error: YamlError, file: String, text: String) -> FileProblem {
        switch error {
        case .reader(let problem, let offset, let value, _):
            let place = offset.map { LineBreaks.place(ofUTF8Offset: $0, in: text) }
            let character = value >= 0 ? " (U+\(String(format4: value)))" : ""
            return FileProblem(file: file, line: place?.line, column: place?.column,
                               message: "the file does not parse: \(problem)\(character)")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            if problem.contains("Maximum nesting level") {
                return FileProblem(file: file, line: mark.line, column: mark.column,
                                   message: "the file does not parse: lists and mappings are nested more than 1000 deep")
            }
            return FileProblem(file: file, line: mark.line, column: mark.column,
                               message: "the file does not parse: \(problem)\(describe(context))")
        case .composer(let context, let problem, let mark, _):
            if problem.contains("found another document") {
                return FileProblem(file: file, line: mark.line, column: mark.column,
                                   message: "the file does not parse: a form file is one YAML document, and a second one starts here")
            }
            if problem.contains("undefined alias") {
                return FileProblem(file: file, line: mark.line, column: mark.column,
                                   message: "YAML aliases (*name) are not supported in a form file: write each value out (quote text that starts with *)")
            }
            return FileProblem(file: file, line: mark.line, column: mark.column,
                               message: "the file does not parse: \(problem)\(describe(context))")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let name = duplicates.first ?? "?"
            let first = context.mark
            let second = secondOccurrence(of: name, after: first, in: text)
            return FileProblem(file: file, line: second?.line ?? first.line, column: second?.column ?? first.column,
                               message: "duplicate property `\(FormFileScalars.excerpt(name))`: it is already given at \(first.line):\(first.column) in the same mapping")
        default:
            return FileProblem(file: file, message: "the file does not parse: \(error)")
        }
    }

    /// ` (while parsing a block mapping that starts at 2:1)`.
    private static func describe(_ context: YamlError.Context?) -> String {
        guard let context, context.text.count > "while parsing".count else { return "" }
        return " (\(context.text) that starts at \(context.mark.line):\(context.mark.column))"
    }

    /// Where the same key is given a second time: the next place after
    /// `first` where `name` (bare or quoted) starts a line's content or
    /// follows `{` or `,`, and is followed by `:`; in a block mapping (the
    /// first key starts its line's content), only at the first key's
    /// column, where the mapping's other keys are. Nil when the text says
    /// it in a way this does not find (the first place is reported then).
    static func secondOccurrence(of name: String, after first: Mark, in text: String) -> (line: Int, column: Int)? {
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        let spellings = [name, "\"\(name)\"", "'\(name)'"]
        var block = false
        if first.line >= 1, first.line <= lines.count {
            let before = lines[first.line - 1].unicodeScalars.prefix(max(0, first.column - 1))
            block = before.allSatisfy { $0 == " " || $0 == "-" || $0 == "\t" }
        }
        for (index, line) in lines.enumerated() where index + 1 >= first.line {
            let scalars = Array(line.unicodeScalars)
            var column = 0
            while column < scalars.count {
                let startsKey = (column == 0 || [" ", "\t", "{", ",", "-"].contains(scalars[column - 1]))
                    && (!block || column + 1 == first.column)
                let isFirst = index + 1 == first.line && column + 1 <= first.column
                if startsKey && !isFirst {
                    for spelling in spellings {
                        let candidate = Array(spelling.unicodeScalars)
                        let end = column + candidate.count
                        guard end <= scalars.count, Array(scalars[column..<end]) == candidate else { continue }
                        var after = end
                        while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
                        if after < scalars.count, scalars[after] == ":" { return (index + 1, column + 1) }
                    }
                }
                column += 1
            }
        }
        return nil
    }
}

private extension String {
    /// A code point in at least four hexadecimal digits.
    init(format4 value: Int32) {
        let digits = String(value, radix: 16, uppercase: true)
        self = String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}
