import Foundation
import Yams

extension FormSpec {
    /// Reads a form file, YAML or JSON (JSON is YAML 1.2's flow syntax, so
    /// one parser reads both and gives every node its line and column), or
    /// a JSON Schema document (`JSONSchemaImport`: recognised by its
    /// `$schema`, or a top-level object type with `properties` and no `pages`).
    ///
    /// Everything is checked before anything could be written: the file
    /// must be UTF-8 and parse; each mapping may hold only known properties,
    /// each once, with values of the right type and range (widths and tab
    /// bar height as the store accepts them, a width within its row's
    /// range, lengths that are whole numbers from 0 with the minimum at most
    /// the maximum, a pattern PCRE2 compiles, a message that is not empty);
    /// keys are unique across the form and well formed; each `show_if`
    /// reads another field of the form and no chain of conditions closes on
    /// itself. Anchors, aliases and tags other than YAML's own are refused.
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - file: the name to report problems under (`-` for standard input).
    /// - Throws: `FormKitError.badFile` with each problem at its
    ///   `file:line:column` (at most `problemLimit` of them, and a note of
    ///   how many more).
    public static func decode(_ bytes: [UInt8], file: String) throws(FormKitError) -> FormSpec {
        var warnings: [FileProblem] = []
        return try decode(bytes, file: file, warnings: &warnings)
    }

    /// Reads a form file as `decode(_:file:)` does, adding to `warnings`
    /// what was read but dropped: a JSON Schema's drawing hints for other
    /// tools (`JSONSchemaDrawingHints`), one line each, for the user to see.
    public static func decode(_ bytes: [UInt8], file: String, warnings: inout [FileProblem]) throws(FormKitError) -> FormSpec {
        func refuse(line: Int? = nil, column: Int? = nil, _ message: String) -> FormKitError {
            .badFile([FileProblem(file: file, line: line, column: column, message: message)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let place = LineBreaks.placeOfFirstInvalidByte(in: bytes)
            throw refuse(line: place.line, column: place.column, "the file is not UTF-8 text (save it as UTF-8)")
        }
        // The scan errs on the side of refusing (`&` after a space inside a
        // quoted string); a file that parses as JSON has no anchor at all
        // (JSON has none, and YAML reads JSON as JSON), so only a file
        // that is not JSON is refused for it.
        if let anchor = AnchorScan.firstAnchor(in: text), !Self.isJSON(bytes) {
            throw refuse(line: anchor.line, column: anchor.column, """
                YAML anchors (&name) and aliases (*name) are not supported in a form file: write each value out \
                (for the text `&` after a space, '[', '{', ',' or ':', write \\u0026 in double quotes)
                """)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: SurrogateEscapes.rewritten(text), .basic, .default, .utf8)
        } catch let error as YamlError {
            throw .badFile([FormFileParseError.problem(error, file: file, text: text)])
        } catch {
            throw refuse("the file does not parse: \(error)")
        }
        guard let root else {
            throw refuse("the file is empty: a form file declares at least `pages`")
        }
        // A JSON Schema document is a form too: one field per string property.
        if JSONSchemaImport.recognises(root) { return try JSONSchemaImport.spec(from: root, file: file, warnings: &warnings) }
        var reader = FormFileReader(file: file)
        let spec = reader.form(root)
        guard let spec, reader.problems.isEmpty else { throw .badFile(reader.allProblems) }
        return spec
    }

    /// Whether `bytes` are one JSON text (Foundation's parser, which
    /// bounds its nesting).
    static func isJSON(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
    }

    /// At most this many problems are reported for one file.
    public static let problemLimit = FormFileReader.problemLimit
}
