import Foundation
import Testing

/// The response tables are STRICT with CHECKs: a wrong-typed or
/// out-of-range edit made with the plain `sqlite3` shell is refused by
/// SQLite itself, and the responses read back as they were.
@Suite("Response tables refuse wrong edits")
struct ResponseTableEditTests {
    /// An edit, and a piece of the error SQLite gives for it.
    struct WrongEdit: Sendable, CustomTestStringConvertible {
        var sql: String
        var error: String
        var testDescription: String { sql }
    }

    static let edits: [WrongEdit] = [
        // response
        WrongEdit(sql: "UPDATE response SET status = 'done' WHERE id = 1", error: "CHECK constraint failed: status IN ('complete', 'draft')"),
        WrongEdit(sql: "UPDATE response SET status = NULL WHERE id = 1", error: "NOT NULL constraint failed: response.status"),
        WrongEdit(sql: "UPDATE response SET status = 1 WHERE id = 1", error: "CHECK constraint failed: status IN"),
        WrongEdit(sql: "UPDATE response SET id = 'one' WHERE id = 1", error: "datatype mismatch"),
        WrongEdit(sql: "UPDATE response SET submitted_at = 'yesterday' WHERE id = 1", error: "CHECK constraint failed: submitted_at GLOB"),
        WrongEdit(sql: "UPDATE response SET submitted_at = 20261125 WHERE id = 1", error: "CHECK constraint failed: submitted_at GLOB"),
        WrongEdit(sql: "UPDATE response SET submitted_at = '2026-11-25 10:00:00' WHERE id = 1", error: "CHECK constraint failed: submitted_at GLOB"),
        WrongEdit(sql: "UPDATE response SET created_at = x'00' WHERE id = 1", error: "cannot store BLOB value in TEXT column response.created_at"),
        WrongEdit(sql: "UPDATE response SET created_at = '9999-12-31T23:59:59.999Z' WHERE id = 1", error: "CHECK constraint failed: created_at <= submitted_at"),
        WrongEdit(sql: "INSERT INTO response (status) VALUES ('finished')", error: "CHECK constraint failed: status IN"),
        // answer
        WrongEdit(sql: "UPDATE answer SET shown = 'yes' WHERE response_id = 1", error: "cannot store TEXT value in INTEGER column answer.shown"),
        WrongEdit(sql: "UPDATE answer SET shown = 2 WHERE response_id = 1", error: "CHECK constraint failed: shown IN (0, 1)"),
        WrongEdit(sql: "UPDATE answer SET shown = 0.5 WHERE response_id = 1", error: "cannot store REAL value in INTEGER column answer.shown"),
        WrongEdit(sql: "UPDATE answer SET shown = NULL WHERE response_id = 1", error: "NOT NULL constraint failed: answer.shown"),
        WrongEdit(sql: "UPDATE answer SET position = 'first' WHERE response_id = 1", error: "cannot store TEXT value in INTEGER column answer.position"),
        WrongEdit(sql: "UPDATE answer SET position = 0 WHERE response_id = 1 AND key = 'first'", error: "CHECK constraint failed: position BETWEEN"),
        WrongEdit(sql: "UPDATE answer SET position = 2 WHERE response_id = 1 AND key = 'first'", error: "UNIQUE constraint failed: answer.response_id, answer.position"),
        WrongEdit(sql: "UPDATE answer SET key = 'e mail' WHERE key = 'email'", error: "CHECK constraint failed: length(key)"),
        WrongEdit(sql: "UPDATE answer SET key = '' WHERE key = 'email'", error: "CHECK constraint failed: length(key)"),
        WrongEdit(sql: "UPDATE answer SET key = '#1' WHERE key = 'email'", error: "CHECK constraint failed: length(key)"),
        WrongEdit(sql: "UPDATE answer SET key = 'last' WHERE response_id = 1 AND key = 'first'", error: "UNIQUE constraint failed: answer.response_id, answer.key"),
        WrongEdit(sql: "UPDATE answer SET value = NULL WHERE response_id = 1", error: "NOT NULL constraint failed: answer.value"),
        WrongEdit(sql: "UPDATE answer SET value = x'41' WHERE response_id = 1", error: "cannot store BLOB value in TEXT column answer.value"),
        WrongEdit(sql: "UPDATE answer SET label = NULL WHERE response_id = 1", error: "NOT NULL constraint failed: answer.label"),
        WrongEdit(sql: "UPDATE answer SET response_id = 'one' WHERE response_id = 1", error: "cannot store TEXT value in INTEGER column answer.response_id"),
        WrongEdit(sql: "PRAGMA foreign_keys = ON; UPDATE answer SET response_id = 99 WHERE response_id = 1", error: "answer.response_id names no response"),
        WrongEdit(sql: "UPDATE answer SET response_id = 99 WHERE response_id = 1", error: "answer.response_id names no response"),
        WrongEdit(sql: "INSERT INTO answer (response_id, position, key, label, value, shown) VALUES (99, 1, 'first', 'First', 'x', 1)", error: "answer.response_id names no response"),
        WrongEdit(sql: "UPDATE response SET id = 99 WHERE id = 1", error: "a response keeps its id"),
        // form.open_response
        WrongEdit(sql: "UPDATE form SET open_response = 'two'", error: "cannot store TEXT value in INTEGER column form.open_response"),
        WrongEdit(sql: "UPDATE form SET open_response = 0", error: "CHECK constraint failed: open_response >= 1"),
        WrongEdit(sql: "UPDATE form SET open_response = 1.5", error: "cannot store REAL value in INTEGER column form.open_response"),
        // history rows of responses
        WrongEdit(sql: "UPDATE history SET source = 'shell' WHERE key GLOB '#*'", error: "CHECK constraint failed: source IN"),
    ]

    /// A database with two responses (one complete, one draft kept open
    /// in the form, with a hidden field's value) and what reads them.
    static func database() throws -> Sandbox {
        let box = try Sandbox()
        for (key, value) in [("first", "Ada"), ("middle", "Byron"), ("last", "Lovelace"), ("email", "ada@example.com"), ("twitter", "@ada")] {
            try box.ok(["set", key, value])
        }
        #expect(try box.ok(["submit"]).stdoutText == "1\n")
        try box.ok(["set", "first", "Alan"])
        #expect(try box.ok(["submit", "--draft", "--keep"]).stdoutText == "2\n")
        return box
    }

    /// Everything a wrong edit could have changed: the rows of the three
    /// tables, history, and what formctl exports.
    static func snapshot(_ box: Sandbox) throws -> [String] {
        [
            try box.rows("SELECT * FROM response ORDER BY id").description,
            try box.rows("SELECT * FROM answer ORDER BY response_id, position").description,
            try box.rows("SELECT open_response FROM form").description,
            try box.rows("SELECT * FROM history ORDER BY id").description,
            try box.formctl(["--db", box.db, "responses", "--format", "jsonl", "--include-hidden"], useDB: false).stdoutText,
        ]
    }

    @Test("SQLite refuses the edit, and the responses are intact", arguments: edits)
    func refused(_ edit: WrongEdit) throws {
        let box = try Self.database()
        let before = try Self.snapshot(box)
        #expect(before[2] == #"[[Optional("2")]]"#, "the draft is open")
        let result = try SQLiteShell.run(box.db, edit.sql + ";")
        #expect(!result.succeeded, "sqlite3 accepted it:\n\(result)")
        #expect(result.stderrText.contains(edit.error), "\(result)")
        #expect(try Self.snapshot(box) == before)
        #expect(try box.value("PRAGMA integrity_check") == "ok")
        // formctl reads them as before, and can go on storing responses.
        let show = try box.formctl(["--db", box.db, "responses", "show", "1"], useDB: false)
        #expect(show.succeeded && show.stdoutText.contains("ada@example.com"), "\(show)")
        try box.ok(["set", "middle", "Mathison"])
        try box.ok(["set", "last", "Turing"])
        try box.ok(["set", "email", "alan@example.com"])
        let submit = try box.ok(["submit"])
        #expect(submit.stdoutText == "2\n" && submit.stderrText.contains("draft 2 replaced"), "\(submit)")
    }

    @Test("a response inserted with sqlite3 is listed and exported like any, its own keys after the form's; history records it from sql")
    func inserted() throws {
        let box = try Self.database()
        try box.exec("""
            INSERT INTO response (status, created_at, submitted_at) VALUES ('complete', '2026-11-20T08:00:00.000Z', '2026-11-20T08:00:00.000Z');
            INSERT INTO answer (response_id, position, key, label, value, shown) VALUES
                (last_insert_rowid(), 1, 'first', 'First Name', 'Grace', 1),
                (last_insert_rowid(), 2, 'paper_form', 'Paper form', 'page 3, "boxed"', 1);
            DELETE FROM answer WHERE response_id = 1 AND key = 'middle';
            """)
        let csv = try box.formctl(["--db", box.db, "responses", "--format", "csv", "--since", "2026-11-20", "--status", "complete"], useDB: false)
        let read = try ExportReader.read(csv.stdout, format: "csv")
        #expect(read.header == ["id", "submitted_at", "status"] + seedKeys + ["paper_form"], "\(csv)")
        #expect(read.responses.map(\.id) == [1, 3])
        #expect(read.responses.last?.values == ["first": "Grace", "middle": "", "last": "", "email": "", "twitter": "", "paper_form": "page 3, \"boxed\""])
        #expect(read.responses.first?.values["middle"] == "", "an answer deleted with sqlite3 is an empty cell")
        #expect(try box.rows("SELECT key, old_value, new_value, source FROM history WHERE key = '#3'") == [["#3", nil, "complete", "sql"]])
        // The next response formctl stores gets the next id.
        try box.ok(["values", "--clear"])
        try box.ok(["set", "first", "Ada"])
        #expect(try box.ok(["submit", "--draft"]).stdoutText == "4\n")
    }

    @Test("edits of the right type pass: a status, times in the format, a value or label as text; STRICT converts '1' and 42 losslessly")
    func accepted() throws {
        let box = try Self.database()
        try box.exec("""
            UPDATE response SET status = 'draft' WHERE id = 1;
            UPDATE response SET created_at = '2026-11-20T08:00:00.000Z', submitted_at = '2026-11-21T09:30:00.500Z' WHERE id = 1;
            UPDATE answer SET value = 42, label = 'Given name' WHERE response_id = 1 AND key = 'first';
            UPDATE answer SET shown = '1' WHERE response_id = 1 AND key = 'twitter';
            """)
        #expect(try box.rows("SELECT typeof(value), value, label, typeof(shown), shown FROM answer WHERE response_id = 1 AND key IN ('first', 'twitter') ORDER BY position")
            == [["text", "42", "Given name", "integer", "1"], ["text", "@ada", "Twitter", "integer", "1"]])
        let line = try box.formctl(["--db", box.db, "responses", "--format", "jsonl", "--status", "draft", "--since", "2026-11-21T09:30:00.500Z"], useDB: false)
        #expect(line.stdoutText.hasPrefix(#"{"id":1,"status":"draft","submitted_at":"2026-11-21T09:30:00.500Z","values":{"first":"42","#), "\(line)")
        #expect(line.stdoutText.contains(#""twitter":"@ada""#), "\(line)")
        // Each change of status or submitted_at is in history, from sql.
        #expect(try box.rows("SELECT key, old_value, new_value, source FROM history WHERE key = '#1' ORDER BY id")
            == [["#1", nil, "complete", "formctl"], ["#1", "complete", "draft", "sql"], ["#1", "draft", "draft", "sql"]])
    }
}
