import FormKit
import Foundation
import Testing

/// `formctl --version`: formctl's version and the database schema version
/// it writes, which follows the migrations it carries.
@Suite("--version")
struct VersionTests {
    /// The highest `NNNN` of the package's `migrations/NNNN_*.sql`.
    static func newestMigration() throws -> Int {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("migrations")
        let numbers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }
            .compactMap { Int($0.prefix { $0.isNumber }) }
        return try #require(numbers.max(), "no migrations in \(folder.path)")
    }

    @Test("--version prints the version and the schema of the newest migration, which a new database gets")
    func version() throws {
        let box = try Sandbox()
        let result = try box.formctl(["--version"], useDB: false)
        let schema = try Self.newestMigration()
        #expect(result.succeeded && result.stdoutText == "formctl 0.1.0 (database schema \(schema))\n", "\(result)")
        #expect(FormFile.schemaVersion == schema)
        try box.createDatabase()
        #expect(try box.value("PRAGMA user_version") == String(schema))
    }

    @Test("the help the man page is made from (--experimental-dump-help) names every command")
    func manualSource() throws {
        let box = try Sandbox()
        let result = try box.formctl(["--experimental-dump-help"], useDB: false)
        #expect(result.succeeded, "\(result)")
        let tool = try #require(try result.stdout.json() as? [String: Any])
        let command = try #require(tool["command"] as? [String: Any])
        let names = (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        #expect(Set(["set", "get", "fields", "values", "check", "edit"]).isSubset(of: Set(names)), "\(names)")
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }
}
