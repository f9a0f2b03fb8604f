import FormModel
import Foundation
import GRDB
import Testing
@testable import FormStore

/// A database as formctl left it with migration 0001 alone: the schema of
/// `0001_initial.sql`, recorded, with the seed form's rows and `fields`.
func makeVersionOneDatabase(_ path: String, extraSQL: String = "") throws {
    let first = EmbeddedMigration.all[0]
    try sqlite3(path, """
        PRAGMA journal_mode = WAL;
        BEGIN;
        \(first.sql)
        CREATE TABLE schema_migration (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL UNIQUE,
            applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        INSERT INTO schema_migration (version, name) VALUES (1, '\(first.name)');
        PRAGMA user_version = 1;
        PRAGMA application_id = \(SchemaFacts.applicationID);
        INSERT INTO form (id, title_template, minimap_width) VALUES (1, 'Hello {first} {middle} {last}', 200);
        INSERT INTO form_row VALUES (1, 540, 540, 540), (2, 360, 360, 540);
        INSERT INTO field (key, label, "row", position, visible, required) VALUES
            ('first', 'First Name', 1, 1, 1, 1), ('middle', 'Middle Name', 1, 2, 1, 1),
            ('last', 'Last Name', 1, 3, 1, 1), ('email', 'Email', 2, 4, 1, 1), ('twitter', 'Twitter', 2, 5, 0, 0);
        UPDATE field SET value = 'Ada' WHERE key = 'first';
        UPDATE field SET value = 'Lovelace' WHERE key = 'last';
        UPDATE field SET value = 'Byron' WHERE key = 'last';
        UPDATE field SET min_length = 2, pattern = '[A-Z].*' WHERE key = 'middle';
        UPDATE history SET source = 'formctl' WHERE id <= 6;
        \(extraSQL)
        COMMIT;
        """)
}

@Suite("Migration 0002: STRICT tables with CHECKs")
struct StrictSchemaTests {
    @Test func aVersionOneDatabaseMigratesWithItsValuesRulesRowsAndHistory() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("old.db")
        // History rows deleted by hand leave the AUTOINCREMENT counter above
        // the highest id: it must survive the rebuild (ids never reused).
        try makeVersionOneDatabase(path, extraSQL: "DELETE FROM history WHERE id = (SELECT max(id) FROM history);")
        let fieldsBefore = try sqlite3(path, "SELECT key, label, value, \"row\", position, visible, required, min_length, max_length, pattern, email FROM field ORDER BY id;")
        let historyBefore = try sqlite3(path, "SELECT * FROM history ORDER BY id;")
        let rowsBefore = try sqlite3(path, "SELECT number, width, min_width, max_width FROM form_row ORDER BY number;")
        let sequenceBefore = try sqlite3(path, "SELECT seq FROM sqlite_sequence WHERE name = 'history';")

        let store = try openStore(path, create: false)
        #expect(try store.schemaVersion() == FormDatabase.knownSchemaVersion)
        #expect(try store.field("first").value == "Ada")
        #expect(try store.minimapRects() == testMinimap(try store.definition()))
        try store.close()

        #expect(try sqlite3(path, "SELECT key, label, value, \"row\", position, visible, required, min_length, max_length, pattern, email FROM field ORDER BY id;") == fieldsBefore)
        #expect(try sqlite3(path, "SELECT * FROM history ORDER BY id;") == historyBefore)
        #expect(try sqlite3(path, "SELECT number, width, min_width, max_width FROM form_row ORDER BY number;") == rowsBefore)
        #expect(try sqlite3(path, "SELECT seq FROM sqlite_sequence WHERE name = 'history';") == sequenceBefore)
        #expect(try sqlite3(path, "SELECT name FROM pragma_table_list WHERE schema = 'main' AND strict = 1 ORDER BY name;")
            == "answer\nfield\nfield_choice\nform\nform_group\nform_row\nhistory\nminimap_rect\npage\nresponse\nschema_migration")
        #expect(try sqlite3(path, "SELECT version || '|' || name FROM schema_migration ORDER BY version;")
            == EmbeddedMigration.all.map { "\($0.number)|\($0.name)" }.joined(separator: "\n"))
        #expect(try sqlite3(path, "PRAGMA integrity_check; PRAGMA foreign_key_check;") == "ok")
        // The minimap was drawn again and the flag cleared.
        #expect(try sqlite3(path, "SELECT needs_refresh, (SELECT count(*) FROM minimap_rect) > 0 FROM form;") == "0|1")

        // The triggers still work: a sqlite3 edit is in history as 'sql',
        // with the next id, and flags the form; formctl then refreshes it.
        let next = Int(sequenceBefore)! + 1
        try sqlite3(path, "UPDATE field SET value = 'Ann' WHERE key = 'first';")
        #expect(try sqlite3(path, "SELECT id, old_value, new_value, source FROM history ORDER BY id DESC LIMIT 1;") == "\(next)|Ada|Ann|sql")
        #expect(try sqlite3(path, "SELECT state, color, length FROM field WHERE key = 'first'; SELECT needs_refresh FROM form;") == "valid|green|3\n1")
        let again = try openStore(path, create: false)
        #expect(try again.setValue(key: "middle", value: "B").state == .invalid)
        try again.close()
        #expect(try sqlite3(path, "SELECT source FROM history ORDER BY id DESC LIMIT 1; SELECT needs_refresh FROM form;") == "formctl\n0")
    }

    @Test func sqliteItselfRefusesEditsFormctlCouldNotRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let refused: [(String, String)] = [
            ("UPDATE field SET min_length = 'x' WHERE key = 'first';", "cannot store TEXT value in INTEGER column field.min_length"),
            ("UPDATE field SET min_length = -1 WHERE key = 'first';", "CHECK constraint failed"),
            ("UPDATE field SET min_length = 5, max_length = 2 WHERE key = 'first';", "CHECK constraint failed"),
            ("UPDATE field SET label = x'00ff' WHERE key = 'first';", "cannot store BLOB value in TEXT column field.label"),
            ("UPDATE field SET visible = 2 WHERE key = 'first';", "CHECK constraint failed"),
            ("UPDATE field SET position = 9223372036854775807 WHERE key = 'first';", "CHECK constraint failed"),
            ("UPDATE field SET \"row\" = 'two' WHERE key = 'first';", "cannot store TEXT value in INTEGER column field.row"),
            ("UPDATE form_row SET width = 'wide' WHERE number = 1;", "cannot store TEXT value in REAL column form_row.width"),
            ("UPDATE form_row SET width = 9e999, max_width = 9e999 WHERE number = 1;", "CHECK constraint failed"),
            ("UPDATE form_row SET width = 0, min_width = 0 WHERE number = 1;", "CHECK constraint failed"),
            ("UPDATE form_row SET width = 600 WHERE number = 2;", "CHECK constraint failed"),
            ("UPDATE form SET minimap_width = 'wide';", "cannot store TEXT value in REAL column form.minimap_width"),
            ("UPDATE form SET minimap_width = 5;", "CHECK constraint failed"),
            ("UPDATE form SET minimap_width = 9e999;", "CHECK constraint failed"),
            ("INSERT INTO schema_migration (version, name) VALUES ('x', NULL);", "datatype mismatch"),
            ("INSERT INTO history (key, source) VALUES ('first', 'me');", "CHECK constraint failed"),
            ("UPDATE minimap_rect SET x = 9e999 WHERE z = 0;", "CHECK constraint failed"),
        ]
        let before = try sqlite3(path, "SELECT * FROM field; SELECT * FROM form_row; SELECT * FROM form;")
        for (sql, message) in refused {
            do {
                try sqlite3(path, sql)
                Issue.record("sqlite3 accepted \(sql)")
            } catch {
                #expect(String(describing: error).contains(message), "\(sql): \(error)")
            }
        }
        #expect(try sqlite3(path, "SELECT * FROM field; SELECT * FROM form_row; SELECT * FROM form;") == before)

        // What stays allowed: values (any text), labels, titles, rules,
        // widths within range, rows, fields.
        try sqlite3(path, """
            UPDATE field SET value = 'x''; DROP TABLE field; --' WHERE key = 'first';
            UPDATE field SET label = 'Given name', min_length = 2, max_length = 40, pattern = '[a-z]+' WHERE key = 'middle';
            UPDATE form_row SET width = 450 WHERE number = 2;
            UPDATE form SET title_template = 'Hi {first}', minimap_width = 300;
            INSERT INTO form_row (number, width, min_width, max_width) VALUES (3, 100, 50, 200);
            INSERT INTO field (key, label, "row", position) VALUES ('phone', 'Phone', 3, 6);
            """)
        let store = try openStore(path, create: false)
        #expect(try store.field("first").value == "x'; DROP TABLE field; --")
        #expect(try store.field("phone").row == 3)
        try store.close()
    }

    @Test func anOldFileWithAValueFormctlCannotUseIsReportedAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let cases: [(sql: String, table: String, column: String, row: String, value: String)] = [
            ("UPDATE field SET min_length = 'x' WHERE key = 'first';", "field", "min_length", "key = 'first'", "'x'"),
            ("UPDATE field SET label = x'00' WHERE key = 'last';", "field", "label", "key = 'last'", "X'00'"),
            ("UPDATE form_row SET max_width = 'wide' WHERE number = 2;", "form_row", "max_width", "number = 2", "'wide'"),
            ("UPDATE form_row SET width = 9e999, max_width = 9e999 WHERE number = 1;", "form_row", "width", "number = 1", "9e999"),
            ("UPDATE form SET minimap_width = 'wide';", "form", "minimap_width", "id = 1", "'wide'"),
            ("UPDATE field SET max_length = 2.5 WHERE key = 'email';", "field", "max_length", "key = 'email'", "2.5"),
            ("UPDATE history SET old_value = x'41' WHERE id = 2;", "history", "old_value", "id = 2", "X'41'"),
        ]
        for (index, item) in cases.enumerated() {
            let path = folder.path("old\(index).db")
            try makeVersionOneDatabase(path, extraSQL: item.sql)
            try sqlite3(path, "PRAGMA wal_checkpoint(TRUNCATE);")
            let before = bytes(path)
            let error = storeError { _ = try openStore(path, create: false) }
            guard case .unusableValue(let errorPath, let table, let column, let row, let value, _, let fix) = error else {
                Issue.record("\(item.sql): \(String(describing: error))")
                continue
            }
            #expect(errorPath == path && table == item.table && column == item.column && row == item.row && value == item.value,
                    "\(String(describing: error))")
            #expect(error?.description.contains("sqlite3 \(path)") == true)
            #expect(bytes(path) == before, "\(item.sql)")
            // The suggested fixes work (one value at a time), and then the
            // file migrates.
            var nextFix: String? = fix
            for _ in 0..<3 {
                guard let fix = nextFix else { break }
                try sqlite3(path, fix)
                if case .unusableValue(_, _, _, _, _, _, let another) = storeError({ _ = try openStore(path, create: false) }) {
                    nextFix = another
                } else {
                    nextFix = nil
                }
            }
            #expect(nextFix == nil)
            let store = try openStore(path, create: false)
            #expect(try store.schemaVersion() == FormDatabase.knownSchemaVersion, "\(fix)")
            try store.close()
        }
    }

    @Test func decodingThrowsForEveryKindOfBadValue() throws {
        // The same reading code on non-STRICT tables (as a user may rebuild
        // them), in memory: each bad value throws, none traps.
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: EmbeddedMigration.all[0].sql) }
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO form VALUES (1, 'T', 200, 0);
                INSERT INTO form_row VALUES (1, 540, 540, 540);
                INSERT INTO field (key, label, "row", position) VALUES ('a', 'A', 1, 1);
                """)
        }
        let edits = [
            "UPDATE field SET min_length = 'x'", "UPDATE field SET max_length = 1.5", "UPDATE field SET label = x'07'",
            "UPDATE field SET value = x'41'", "UPDATE field SET required = 'yes'", "UPDATE field SET email = 3",
            "UPDATE field SET \"row\" = 'one'", "UPDATE field SET position = 1e300", "UPDATE field SET pattern = x'2e'",
            "UPDATE form SET minimap_width = 'x'", "UPDATE form SET minimap_width = 1e999", "UPDATE form SET title_template = x'00'",
            "UPDATE form_row SET width = 1e999, max_width = 1e999", "UPDATE form_row SET min_width = 'a'",
        ]
        for edit in edits {
            try queue.inDatabase { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF")
                try db.inSavepoint {
                    try db.execute(sql: edit)
                    #expect(throws: UnusableValue.self, "\(edit)") { _ = try FormTables.definition(db, schemaVersion: 1) }
                    return .rollback
                }
                try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
            }
        }
    }

    @Test func historyAtItsLastIdIsAClearErrorNotDiskFull() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        try sqlite3(path, "INSERT INTO history (id, key, new_value) VALUES (9223372036854775807, 'x', 'y');")
        let store = try openStore(path, create: false)
        defer { try? store.close() }
        let error = storeError { try store.setValue(key: "first", value: "Ada") }
        guard case .unusableValue(_, "history", "id", _, _, _, let fix) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(error?.description.contains("9223372036854775807") == true)
        try store.close()
        // The fix renumbers the history; then set works.
        try sqlite3(path, fix)
        let again = try openStore(path, create: false)
        #expect(try again.setValue(key: "first", value: "Ada").value == "Ada")
        try again.close()
    }
}
