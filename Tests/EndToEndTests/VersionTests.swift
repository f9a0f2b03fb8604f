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
        #expect(StoredForm.schemaVersion == schema)
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

    /// Every text of the command tree's help: abstracts and discussions of
    /// the commands and of their arguments, each with where it is.
    static func helpTexts(_ command: [String: Any], path: String) -> [(place: String, text: String)] {
        var texts: [(String, String)] = []
        for key in ["abstract", "discussion"] {
            if let text = command[key] as? String { texts.append(("\(path) \(key)", text)) }
        }
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            let name = (argument["names"] as? [[String: Any]])?.first?["name"] as? String ?? argument["valueName"] as? String ?? "?"
            for key in ["abstract", "discussion"] {
                if let text = argument[key] as? String { texts.append(("\(path) \(name) \(key)", text)) }
            }
        }
        for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
            texts += helpTexts(subcommand, path: "\(path) \(subcommand["commandName"] as? String ?? "?")")
        }
        return texts
    }

    @Test("the help texts are ASCII: generate-manual drops every other character from the man page")
    func asciiHelp() throws {
        let box = try Sandbox()
        let result = try box.formctl(["--experimental-dump-help"], useDB: false)
        let tool = try #require(try result.stdout.json() as? [String: Any])
        let command = try #require(tool["command"] as? [String: Any])
        let texts = Self.helpTexts(command, path: "formctl")
        #expect(texts.count > 50)
        for (place, text) in texts {
            let other = text.unicodeScalars.filter { !$0.isASCII }.map { String($0) }
            #expect(other.isEmpty, "\(place) holds \(other.joined(separator: " ")), which `man formctl` would not show: \(text)")
        }
    }
}
