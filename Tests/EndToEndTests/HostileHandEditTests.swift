import Foundation
import Testing

/// Edits a user can type into `sqlite3` on formctl's own file. Each is
/// either refused by SQLite itself (the schema's STRICT tables and CHECKs)
/// or, if the schema lets it through, answered by formctl with a clear
/// error (74, naming the table and column) or handled, never a trap: the
/// issue's first class of failures, where one edit locked the user out.
@Suite("hostile input: hand edits with sqlite3")
struct HostileHandEditTests {
    /// An edit, and the column formctl would have to name if it refuses it
    /// ("" for an edit of the schema or of whole rows).
    struct Edit: CustomTestStringConvertible, Sendable {
        var sql: String
        var column: String
        var testDescription: String { sql }
    }

    static let edits: [Edit] = [
        // The issue's repros.
        Edit(sql: "UPDATE field SET min_length = 'x' WHERE key = 'first'", column: "min_length"),
        Edit(sql: "UPDATE form_row SET width = 'wide', min_width = 'a', max_width = 'z' WHERE number = 1", column: "width"),
        Edit(sql: "UPDATE form SET minimap_width = 'x'", column: "minimap_width"),
        Edit(sql: "UPDATE field SET label = X'00FF80' WHERE key = 'first'", column: "label"),
        Edit(sql: "UPDATE form_row SET width = 9e999, max_width = 9e999 WHERE number = 2", column: "width"),
        // More of each kind: wrong types, fractions, huge and infinite numbers.
        Edit(sql: "UPDATE field SET max_length = 'ten' WHERE key = 'middle'", column: "max_length"),
        Edit(sql: "UPDATE field SET min_length = 2.5 WHERE key = 'first'", column: "min_length"),
        Edit(sql: "UPDATE field SET min_length = 1e300 WHERE key = 'first'", column: "min_length"),
        Edit(sql: "UPDATE field SET max_length = 9223372036854775807 WHERE key = 'first'", column: "max_length"),
        Edit(sql: "UPDATE field SET position = 'p' WHERE key = 'first'", column: "position"),
        Edit(sql: "UPDATE field SET \"row\" = 'one' WHERE key = 'first'", column: "row"),
        Edit(sql: "UPDATE field SET pattern = X'28' WHERE key = 'first'", column: "pattern"),
        Edit(sql: "UPDATE field SET key = X'6669727374' WHERE key = 'first'", column: "key"),
        Edit(sql: "UPDATE field SET visible = 'yes' WHERE key = 'twitter'", column: "visible"),
        Edit(sql: "UPDATE field SET length = 'long' WHERE key = 'first'", column: "length"),
        Edit(sql: "UPDATE form SET minimap_width = 9e999", column: "minimap_width"),
        Edit(sql: "UPDATE form SET minimap_width = -9e999", column: "minimap_width"),
        Edit(sql: "UPDATE form SET title_template = X'FF00'", column: "title_template"),
        Edit(sql: "UPDATE form_row SET min_width = -9e999, width = -9e999 WHERE number = 2", column: "width"),
        Edit(sql: "UPDATE form_row SET min_width = 0, width = 0 WHERE number = 1", column: "width"),
        Edit(sql: "UPDATE form_row SET min_width = 1e300, max_width = 1e300, width = 1e300 WHERE number = 1", column: "width"),
        Edit(sql: "UPDATE history SET new_value = X'FF' WHERE id = (SELECT MAX(id) FROM history)", column: "new_value"),
        Edit(sql: "UPDATE history SET changed_at = 42 WHERE id = 1", column: "changed_at"),
        Edit(sql: "UPDATE history SET key = NULL WHERE id = 1", column: "key"),
        Edit(sql: "UPDATE schema_migration SET name = NULL", column: "name"),
        Edit(sql: "UPDATE schema_migration SET version = 'one' WHERE version = 1", column: "version"),
        Edit(sql: "INSERT INTO schema_migration (version, name) VALUES ('two', NULL)", column: "version"),
        // Valid data that formctl must still handle.
        Edit(sql: "UPDATE field SET pattern = '(' WHERE key = 'first'", column: "pattern"),
        Edit(sql: "UPDATE field SET pattern = '(a+)+$', value = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' WHERE key = 'first'", column: "pattern"),
        // Rows and tables removed or added: no one column to name.
        Edit(sql: "DELETE FROM field", column: ""),
        Edit(sql: "DELETE FROM form", column: ""),
        Edit(sql: "DELETE FROM form_row WHERE number = 2", column: ""),
        Edit(sql: "DROP TABLE minimap_rect", column: ""),
        Edit(sql: "CREATE TABLE notes (x)", column: ""),
    ]

    /// Everything a user might run after the edit: reads and writes.
    static let commands: [[String]] = [
        ["get", "first"], ["get", "first", "--json"], ["fields"], ["fields", "--json"],
        ["minimap", "--format", "text"], ["minimap", "--format", "json"], ["minimap", "--format", "svg"],
        ["history"], ["check"], ["row", "list"], ["title"],
        ["set", "first", "Grace"], ["field", "rule", "first", "--min-length", "1"], ["row", "width", "2", "400"],
    ]

    @Test("an edit sqlite3 allows never crashes formctl: each command answers with a documented code, a refusal leaves the file as it was",
          arguments: edits)
    func handEdit(edit: Edit) throws {
        let box = try Sandbox()
        try box.createDatabase()
        try box.ok(["set", "first", "Ada"])
        let edited = try box.sqlite(edit.sql + ";")
        let accepted = edited.succeeded && edited.stderr.isEmpty
        for command in Self.commands {
            let before = box.snapshot
            let result = try box.formctl(command, timeout: 30)
            expectDocumented(result, [0, 1, 64, 65, 74], "after `\(edit.sql)` (\(accepted ? "accepted" : "refused") by sqlite3)")
            if [74, 77, 78].contains(result.status) {
                #expect(box.snapshot.changes(since: before).isEmpty, "refused but touched: \(result)")
                if !edit.column.isEmpty {
                    #expect(result.stderrText.contains(edit.column), "74 should name the column \(edit.column): \(result.stderrText)")
                }
            }
            if !accepted, command == ["get", "first"] {
                // sqlite3 refused the edit: nothing changed, formctl reads on.
                #expect(result.succeeded && result.stdoutText == "Ada\n", "\(result)")
            }
        }
        if let integrity = try? box.value("PRAGMA integrity_check") {
            #expect(integrity == "ok")
        }
    }

    @Test("the issue's min_length='x': sqlite3 refuses it, or every formctl command says 74 naming field.min_length")
    func minLengthText() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let edited = try box.sqlite("UPDATE field SET min_length = 'x' WHERE key = 'first';")
        if edited.succeeded && edited.stderr.isEmpty {
            let get = try box.formctl(["get", "first"])
            expectDocumented(get, [74], "get after min_length='x'")
            #expect(get.stderrText.contains("min_length") && get.stderrText.contains("first"), "\(get)")
        } else {
            #expect(edited.stderrText.lowercased().contains("constraint") || edited.stderrText.contains("cannot store"),
                    "sqlite3 refused it for another reason: \(edited)")
            try box.ok(["get", "first"])
        }
    }
}
