import Foundation
import Testing

/// The bad-file suite through the real binary: `formctl apply BADFILE`
/// exits 65 with the file's expected `file:line:column: message` on
/// standard error, leaves an existing database byte for byte as it was,
/// and creates no missing one. The files and their messages are in
/// Fixtures/bad-forms (EXPECTED.txt); FormKitTests' BadFormFileDecodeTests
/// reads the same through `FormSpec.decode`.
@Suite("form files: the bad-file suite, applied")
struct BadFormFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/bad-forms")

    /// Each fixture's name and the expected problem after `NAME:`.
    static let expectations: [(name: String, expected: String)] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("EXPECTED.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }()

    @Test("at least 25 bad files, each listed with its message")
    func enoughFiles() {
        #expect(Self.expectations.count >= 25)
    }

    @Test("each bad file: exit 65, its message at file:line:column, the database unchanged",
          arguments: expectations.map(\.name))
    func refusedWithDatabaseUnchanged(name: String) throws {
        let expected = try #require(Self.expectations.first { $0.name == name }?.expected)
        let file = Self.folder.appendingPathComponent(name).path
        let box = try Sandbox()
        try box.createDatabase()
        try box.ok(["set", "first", "Ada"])
        let before = try box.bytes()
        let result = try box.formctl(["--db", box.db, "apply", file], useDB: false)
        #expect(result.status == 65, "\(result)")
        #expect(!result.looksLikeCrash)
        #expect(result.stderrText.contains("formctl: \(file):\(expected)\n"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(try box.bytes() == before)
    }

    @Test("each bad file: exit 65 and a missing database is not created", arguments: expectations.map(\.name))
    func refusedWithoutCreating(name: String) throws {
        let box = try Sandbox()
        let result = try box.formctl(["--db", box.db, "apply", Self.folder.appendingPathComponent(name).path], useDB: false)
        #expect(result.status == 65, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }
}
