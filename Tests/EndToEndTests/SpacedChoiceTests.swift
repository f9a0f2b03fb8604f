import Foundation
import Testing

/// Choice values with spaces and commas (issue 46): published JSON Schemas
/// have choices such as "Vitamin A", so a choice value is any text of 1 to
/// 200 characters without control characters. `set` takes one argument
/// whole when it names a choice; a CSV cell of a field whose choices hold a
/// space or comma is its JSON array, which `values --load` reads back.
@Suite("choice values with spaces and commas")
struct SpacedChoiceTests {
    static let form = """
        title: Supplements
        pages:
          - key: main
            title: Main
            rows:
              - width: 540
                fields:
                  - {key: one, label: One, type: select_one, choices: ["Vitamin A", "Vitamin B", "Iron, zinc"]}
                  - {key: many, label: Many, type: select_multiple, choices: ["Vitamin A", "Vitamin B", "Iron, zinc"]}
                  - {key: plain, label: Plain, type: select_multiple, choices: [cheese, olives]}
        """

    static func box() throws -> Sandbox {
        let box = try Sandbox()
        let file = box.path("form.yaml")
        try Data(form.utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["apply", file])
        return box
    }

    static func stored(_ box: Sandbox, _ key: String) throws -> String? {
        try box.value("SELECT value FROM field WHERE key = '\(key)'")
    }

    @Test("the choices are stored as given, spaces and commas kept")
    func stored() throws {
        let box = try Self.box()
        #expect(try box.rows("SELECT c.value FROM field_choice c JOIN field f ON f.id = c.field_id WHERE f.key = 'many' ORDER BY c.position")
            == [["Vitamin A"], ["Vitamin B"], ["Iron, zinc"]])
    }

    @Test("set: one argument that names a choice, by value or by label, is that choice whole")
    func setWhole() throws {
        let box = try Self.box()
        #expect(try box.ok(["set", "one", "Vitamin A"]).stdoutText == "one: valid (green)\n")
        #expect(try Self.stored(box, "one") == "Vitamin A")
        #expect(try box.ok(["set", "one", "iron, ZINC"]).stdoutText == "one: valid (green)\n", "a label, ignoring case")
        #expect(try Self.stored(box, "one") == "Iron, zinc")

        #expect(try box.ok(["set", "many", "Iron, zinc"]).stdoutText == "many: valid (green)\n")
        #expect(try Self.stored(box, "many") == #"["Iron, zinc"]"#)
        #expect(try box.ok(["set", "many", " vitamin b "]).stdoutText == "many: valid (green)\n", "a label, trimmed, ignoring case")
        #expect(try Self.stored(box, "many") == #"["Vitamin B"]"#)
        #expect(try box.ok(["set", "many", #"["Vitamin B","Vitamin A"]"#]).stdoutText == "many: valid (green)\n", "a JSON array")
        #expect(try Self.stored(box, "many") == #"["Vitamin A","Vitamin B"]"#)

        // Text that names no choice whole is split as before.
        let split = try box.ok(["set", "many", "Vitamin C"])
        #expect(split.stdoutText.hasPrefix("many: invalid (orange)"), "\(split)")
        #expect(try Self.stored(box, "many") == #"["Vitamin","C"]"#)
        #expect(try box.ok(["set", "plain", "olives, cheese"]).stdoutText == "plain: valid (green)\n")
        #expect(try Self.stored(box, "plain") == #"["cheese","olives"]"#)
    }

    @Test("set: several arguments are one value each, taken whole; a select_one takes one")
    func setSeveral() throws {
        let box = try Self.box()
        #expect(try box.ok(["set", "many", "Iron, zinc", "Vitamin A"]).stdoutText == "many: valid (green)\n")
        #expect(try Self.stored(box, "many") == #"["Vitamin A","Iron, zinc"]"#)
        let one = try box.formctl(["set", "one", "Vitamin", "A"])
        #expect(one.status == 64, "\(one)")
        #expect(one.stderrText.contains("quote a value that holds spaces"), "\(one)")
    }

    @Test("values --format csv writes a list of such a field as its JSON array, and values --load reads it back")
    func valuesCSV() throws {
        let box = try Self.box()
        try box.ok(["set", "one", "Iron, zinc"])
        try box.ok(["set", "many", "Iron, zinc", "Vitamin B"])
        try box.ok(["set", "plain", "cheese", "olives"])
        let csv = try box.ok(["values", "--format", "csv"]).stdoutText
        #expect(csv == "one,many,plain\r\n\"Iron, zinc\",\"[\"\"Vitamin B\"\",\"\"Iron, zinc\"\"]\",cheese olives\r\n", "\(csv)")

        try box.ok(["values", "--clear"])
        #expect(try Self.stored(box, "many") == "")
        let file = box.path("values.csv")
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["values", "--load", file])
        #expect(try Self.stored(box, "one") == "Iron, zinc")
        #expect(try Self.stored(box, "many") == #"["Vitamin B","Iron, zinc"]"#)
        #expect(try Self.stored(box, "plain") == #"["cheese","olives"]"#)
        #expect(try box.rows("SELECT state FROM field ORDER BY key") == [["valid"], ["valid"], ["valid"]])

        // A hand-written cell that names one choice whole is that choice.
        try Data("many\r\nVitamin A\r\n".utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["values", "--load", file])
        #expect(try Self.stored(box, "many") == #"["Vitamin A"]"#)
    }

    @Test("responses --format csv writes the same cells")
    func responsesCSV() throws {
        let box = try Self.box()
        try box.ok(["set", "one", "Vitamin A"])
        try box.ok(["set", "many", "Vitamin A", "Iron, zinc"])
        try box.ok(["set", "plain", "olives"])
        try box.ok(["submit"])
        let csv = try box.ok(["responses", "--format", "csv"]).stdoutText
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines.first == "id,submitted_at,status,one,many,plain", "\(csv)")
        #expect(lines.count > 1 && lines[1].hasSuffix(",complete,Vitamin A,\"[\"\"Vitamin A\"\",\"\"Iron, zinc\"\"]\",olives"), "\(csv)")
    }

    @Test("sqlite3: a choice value with a control character, empty or over 200 characters is refused by the CHECK")
    func checkRefuses() throws {
        let box = try Self.box()
        let field = "(SELECT id FROM field WHERE key = 'one')"
        for value in ["'Vitamin' || char(9) || 'A'", "'a' || char(127)", "'a' || char(0) || 'b'", "''", "printf('%.201c', 'x')"] {
            let refused = try SQLiteShell.run(box.db, "INSERT INTO field_choice VALUES (\(field), 9, \(value), 'Label');")
            #expect(!refused.succeeded, "\(value): \(refused)")
            #expect(refused.stderrText.contains("CHECK constraint failed"), "\(value): \(refused)")
        }
        try box.exec("INSERT INTO field_choice VALUES (\(field), 9, 'Vitamin C, ' || printf('%.189c', 'x'), 'C');")
        #expect(try box.value("SELECT length(value) FROM field_choice WHERE position = 9") == "200")
    }

    /// A database as the formctl of schema version 11 left it: migrations
    /// 0001 to 0011 from the repository, recorded, with two select fields,
    /// their choices, present values and a stored response.
    static func versionElevenScript() throws -> String {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = repository.appendingPathComponent("migrations")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") && $0 < "0012" }.sorted()
        guard names.count == 11 else { throw TestFailure("expected migrations 0001 to 0011, found \(names)") }
        var script = """
            PRAGMA application_id = 1179798851;
            BEGIN TRANSACTION;
            CREATE TABLE schema_migration (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL UNIQUE,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            );

            """
        for (index, name) in names.enumerated() {
            script += try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) + "\n"
            script += "INSERT INTO schema_migration (version, name) VALUES (\(index + 1), '\(name.dropLast(4))');\n"
        }
        script += """
            INSERT INTO form (id, title_template, minimap_width) VALUES (1, 'Old', 200);
            INSERT INTO form_row (number, width, min_width, max_width) VALUES (1, 540, 540, 540);
            INSERT INTO field (key, label, "row", position, visible, required, type, value) VALUES
                ('size', 'Size', 1, 1, 1, 0, 'select_one', 'medium'),
                ('toppings', 'Toppings', 1, 2, 1, 0, 'select_multiple', '["cheese","olives"]');
            INSERT INTO field_choice VALUES
                ((SELECT id FROM field WHERE key = 'size'), 1, 'small', 'Small'),
                ((SELECT id FROM field WHERE key = 'size'), 2, 'medium', 'Medium'),
                ((SELECT id FROM field WHERE key = 'toppings'), 1, 'cheese', 'Extra cheese'),
                ((SELECT id FROM field WHERE key = 'toppings'), 2, 'olives', 'Olives');
            UPDATE form SET needs_refresh = 1;
            COMMIT;
            PRAGMA user_version = 11;
            PRAGMA journal_mode = WAL;
            """
        return script
    }

    @Test("a database at schema version 11 migrates to 12 with every choice and value kept, and then takes spaced choices")
    func migration() throws {
        let box = try Sandbox()
        let made = try SQLiteShell.run(box.db, ".read /dev/stdin", stdin: Data(try Self.versionElevenScript().utf8))
        #expect(made.succeeded, "\(made)")
        #expect(try box.value("PRAGMA user_version") == "11")
        let choices = "SELECT f.key, c.position, c.value, c.label FROM field_choice c JOIN field f ON f.id = c.field_id ORDER BY 1, 2"
        let before = try box.rows(choices)
        #expect(before.count == 4)

        let fields = try box.ok(["fields"])
        #expect(fields.stdoutText.contains("toppings"), "\(fields)")
        #expect(try box.value("PRAGMA user_version") == "14")
        #expect(try box.value("SELECT name FROM schema_migration WHERE version = 12") == "0012_choice_values")
        #expect(try box.rows(choices) == before)
        #expect(try box.rows("SELECT key, value, state FROM field ORDER BY key") == [["size", "medium", "valid"], ["toppings", #"["cheese","olives"]"#, "valid"]])
        #expect(try box.rows("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'field_choice' ORDER BY name")
            == [["field_choice_deleted"], ["field_choice_inserted"], ["field_choice_updated"]])
        #expect(try box.value("PRAGMA foreign_key_check") == nil)
        #expect(try box.value("PRAGMA integrity_check") == "ok")

        // The triggers still fire, and the new CHECK takes what 0008's refused.
        try box.exec("UPDATE form SET needs_refresh = 0; INSERT INTO field_choice VALUES ((SELECT id FROM field WHERE key = 'size'), 3, 'extra large', 'Extra large');")
        #expect(try box.value("SELECT needs_refresh FROM form") == "1")
        #expect(try box.ok(["set", "size", "extra large"]).stdoutText == "size: valid (green)\n")
        try box.ok(["field", "choices", "toppings", "add", "Basil, fresh"])
        #expect(try box.ok(["set", "toppings", "Basil, fresh"]).stdoutText == "toppings: valid (green)\n")
        #expect(try box.value("SELECT value FROM field WHERE key = 'toppings'") == #"["Basil, fresh"]"#)
        // The field's row goes when the field does (ON DELETE CASCADE kept).
        try box.exec("PRAGMA foreign_keys = ON; DELETE FROM field WHERE key = 'size';")
        #expect(try box.value("SELECT count(*) FROM field_choice") == "3")
    }
}
