import Foundation
import Testing

/// Published form schemas (Tests/Fixtures/schema-corpus: the examples and
/// playgrounds of rjsf, JSON Forms, uniforms, ngx-formly, vjsf and
/// json-editor, each with its repository, path and commit in corpus.tsv)
/// against the real binary, through `Scripts/schema-corpus.sh`: how many
/// `formctl apply` imports, and for each construct that still refuses a
/// schema, how many schemas it refuses (issue 46). The table is printed.
@Suite("Published form schemas", .tags(.jsonSchemaOracle), .slow)
struct SchemaCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = root.appendingPathComponent("Tests/Fixtures/schema-corpus")

    /// The imports measured: 63 of 125 once `readOnly`, notes (`type:
    /// null`, a property with only a title), one-value enums, arrays of
    /// choices without `uniqueItems` (lists), rjsf's labelled booleans, an
    /// open `anyOf` and `datetime-local` import (d2c63a6, on main at
    /// 25d9b4c); 54 once nested objects, arrays of
    /// objects and arrays of values import as groups, repeats and lists
    /// (on main at ea57f11); 28 with main at 3da0950 (24 at 2b6fb4a; 16 at
    /// aa35573, before the import learned to drop drawing hints). A
    /// ratchet: fewer means an import was lost; raise it as constructs are
    /// taken. The goal is that at least half of the corpus (63) imports.
    static let importedAtLeast = 63

    @Test("every corpus file says where it came from, and none is there twice")
    func provenance() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 100, "\(files.count) schemas")
        let table = try String(contentsOf: Self.corpus.appendingPathComponent("corpus.tsv"), encoding: .utf8)
        var lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        #expect(lines.first == "file\trepository\tpath\tcommit\tnote")
        var listed: [String: [String]] = [:]
        for line in lines.dropFirst() {
            let columns = line.components(separatedBy: "\t")
            guard columns.count == 5 else {
                Issue.record("corpus.tsv: not 5 columns: \(line)")
                continue
            }
            #expect(listed[columns[0]] == nil, "corpus.tsv lists \(columns[0]) twice")
            listed[columns[0]] = columns
            #expect(columns[1].range(of: #"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"#, options: .regularExpression) != nil, "repository: \(line)")
            #expect(!columns[2].isEmpty && !columns[2].hasPrefix("/"), "path: \(line)")
            #expect(columns[3].range(of: "^[0-9a-f]{40}$", options: .regularExpression) != nil, "commit: \(line)")
            #expect(!columns[4].isEmpty, "note: \(line)")
        }
        #expect(Set(listed.keys) == Set(files), "in corpus.tsv and not a file: \(Set(listed.keys).subtracting(files).sorted()); a file not in corpus.tsv: \(Set(files).subtracting(listed.keys).sorted())")
        // No schema twice: the same content under two names would count twice.
        var seen: [Data: String] = [:]
        for file in files {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.corpus.appendingPathComponent(file)))
            let canonical = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
            #expect(seen[canonical] == nil, "\(file) holds the same schema as \(seen[canonical] ?? "")")
            seen[canonical] = file
        }
    }

    @Test("apply imports at least the measured number, and every refusal names a known construct")
    func corpus() throws {
        let box = try Sandbox()
        let report = box.path("report.json")
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [Self.root.appendingPathComponent("Scripts/schema-corpus.sh").path, try Formctl.binary().path, "--json", report],
            environment: childEnvironment(), timeout: 300)
        // The table: total, imported, refused, then "construct: N schemas".
        print(result.stdoutText)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let total = try #require(object["total"] as? Int)
        let imported = try #require(object["imported"] as? Int)
        let importedFiles = try #require(object["imported_files"] as? [String])
        let constructs = try #require(object["constructs"] as? [String: [String: Any]])
        #expect(total >= 100, "\(total) schemas")
        #expect(imported >= Self.importedAtLeast, "\(imported) imported, \(Self.importedAtLeast) before: \(importedFiles)")
        #expect(importedFiles.count == imported)
        #expect((object["failures"] as? [String])?.isEmpty == true, "\(object["failures"] ?? "")")
        #expect((object["unclassified"] as? [String])?.isEmpty == true, "\(object["unclassified"] ?? "")")
        #expect(constructs["unclassified"] == nil, "\(constructs["unclassified"] ?? [:])")
        // Every schema not imported is refused by at least one named construct.
        var refusedFiles = Set<String>()
        for (name, entry) in constructs {
            let files = try #require(entry["files"] as? [String], "\(name)")
            #expect(entry["schemas"] as? Int == files.count && !files.isEmpty, "\(name): \(entry)")
            refusedFiles.formUnion(files)
        }
        #expect(refusedFiles.isDisjoint(with: importedFiles))
        #expect(refusedFiles.count + imported == total, "\(total) schemas, \(imported) imported, \(refusedFiles.count) refused by a named construct")
    }
}
