import Foundation
import FormKit
import JSONSchemaTestSupport
import Testing

/// `docs/form-file.schema.json`, the JSON Schema shipped for editors and CI
/// pipelines, checked by a real draft 2020-12 validator (Python's
/// `jsonschema`) against what formctl itself reads: the example forms are
/// valid, and files formctl refuses for a reason a schema can say are not.
@Suite("the form file's JSON Schema", .tags(.jsonSchemaOracle), .slow)
struct FormFileSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A form file as JSON, whichever syntax it is written in: read by
    /// formctl, written back by its JSON writer (the same form, as the
    /// round-trip tests hold).
    static func json(_ path: String) throws -> String {
        try FormSpec.decode(Array(text(path).utf8), file: path).json()
    }

    @Test("the example forms and every form export writes are valid against it")
    func examplesAreValid() throws {
        let examples = ["Examples/forms/seed-002.yaml", "Examples/forms/onboarding.yaml", "Examples/forms/family.yaml"]
        var instances = try examples.map(Self.json)
        // The JSON example as written, not as formctl rewrites it.
        instances.append(try Self.text("Examples/forms/onboarding.json"))
        let verdicts = try JSONSchemaPython.validate([.init(schema: Self.text("docs/form-file.schema.json"), instances: instances)])
        #expect(verdicts == [Array(repeating: true, count: instances.count)], "\(examples + ["Examples/forms/onboarding.json"])")
    }

    @Test("files formctl refuses for a reason a schema can state are invalid against it")
    func refusedFilesAreInvalid() throws {
        // JSON bad forms whose fault is a shape, a type or a range: what a
        // schema says. (Duplicates, cycles and minimums above maximums need
        // the whole form, and are listed as such in docs/form-files.md.)
        let refused = ["missing-pages.json", "negative-length.json", "show-if-both.json",
                       "string-for-number.json", "top-level-list.json", "unknown-root-property.json"]
        let instances = try refused.map { try Self.text("Tests/EndToEndTests/Fixtures/bad-forms/\($0)") }
        let verdicts = try JSONSchemaPython.validate([.init(schema: Self.text("docs/form-file.schema.json"), instances: instances)])
        #expect(verdicts == [Array(repeating: false, count: refused.count)], "\(refused)")
    }
}
