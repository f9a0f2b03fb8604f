import Foundation
import Testing

/// A fresh folder, and where formctl finds (or makes) its database:
/// `--db`, `$FORMCTL_DB`, `./form.db`, `--no-create`.
@Suite("Quick start and database location")
struct QuickStartTests {
    @Test("minimap in a folder without a database creates ./form.db with the seed form")
    func quickStart() throws {
        let box = try Sandbox()
        let result = try box.formctl(["minimap"], useDB: false)
        #expect(result.succeeded && !result.looksLikeCrash, "\(result)")
        #expect(FileManager.default.fileExists(atPath: box.db), "minimap did not create form.db in the working directory")
        #expect(!result.stdout.isEmpty)
        #expect(!result.stdout.containsEscape, "not a terminal: the default format is text")

        #expect(try box.value("SELECT title_template FROM form") == "Hello {first} {middle} {last}")
        #expect(try box.rows("SELECT number, width, min_width, max_width FROM form_row ORDER BY number")
            == [["1", "540.0", "540.0", "540.0"], ["2", "360.0", "360.0", "540.0"]])
        #expect(try box.rows("SELECT key, label, value, state, color, length, \"row\", position, visible FROM field ORDER BY position") == [
            ["first", "First Name", "", "empty", "red", "0", "1", "1", "1"],
            ["middle", "Middle Name", "", "empty", "red", "0", "1", "2", "1"],
            ["last", "Last Name", "", "empty", "red", "0", "1", "3", "1"],
            ["email", "Email", "", "empty", "red", "0", "2", "4", "1"],
            ["twitter", "Twitter", "", "empty", "red", "0", "2", "5", "0"],
        ])
        // Title, and a field and its container for each of the four shown fields.
        #expect(try box.value("SELECT COUNT(*) FROM minimap_rect") == "9")
        #expect(try box.rows("SELECT version, name FROM schema_migration ORDER BY version") == [["1", "0001_initial"], ["2", "0002_strict_tables"], ["3", "0003_pages"], ["4", "0004_field_conditions"], ["5", "0005_length_unit"], ["6", "0006_responses"], ["7", "0007_form_direction"], ["8", "0008_typed_questions"], ["9", "0009_fewer_triggers"], ["10", "0010_respondents"], ["11", "0011_form_language"], ["12", "0012_choice_values"], ["13", "0013_groups"], ["14", "0014_read_only_and_notes"]])
        #expect(try box.value("PRAGMA user_version") == "14")
        #expect(try box.value("SELECT needs_refresh FROM form") == "0")
        // The seed's values are history too, written by formctl.
        #expect(try box.rows("SELECT key, old_value, new_value, source FROM history ORDER BY id")
            == seedKeys.map { [$0, nil, "", "formctl"] })
    }

    @Test("a second command reuses the database and writes nothing when there is nothing to do")
    func reopeningDoesNotWrite() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let before = try box.bytes()
        try box.ok(["get", "first"])
        try box.ok(["fields"])
        try box.ok(["minimap", "--format", "json"])
        #expect(try box.bytes() == before, "reading commands changed the database file")
        #expect(try box.value("SELECT COUNT(*) FROM history") == "5")
    }

    @Test("--db chooses the file; it wins over $FORMCTL_DB")
    func databaseOption() throws {
        let box = try Sandbox()
        let chosen = box.path("chosen.db")
        let fromEnvironment = box.path("environment.db")
        try box.ok(["set", "first", "Jo"], db: chosen)
        #expect(FileManager.default.fileExists(atPath: chosen))
        #expect(!FileManager.default.fileExists(atPath: box.db), "--db given, yet ./form.db was created")
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'", db: chosen) == "Jo")

        let both = try box.formctl(["set", "first", "Ann"], db: chosen, environment: ["FORMCTL_DB": fromEnvironment])
        #expect(both.succeeded, "\(both)")
        #expect(!FileManager.default.fileExists(atPath: fromEnvironment), "$FORMCTL_DB was used although --db was given")
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'", db: chosen) == "Ann")
    }

    @Test("$FORMCTL_DB is used without --db, and wins over ./form.db")
    func environmentVariable() throws {
        let box = try Sandbox()
        let fromEnvironment = box.path("environment.db")
        let set = try box.formctl(["set", "last", "Smith"], useDB: false, environment: ["FORMCTL_DB": fromEnvironment])
        #expect(set.succeeded, "\(set)")
        #expect(FileManager.default.fileExists(atPath: fromEnvironment))
        #expect(!FileManager.default.fileExists(atPath: box.db), "./form.db created although $FORMCTL_DB was set")
        #expect(try box.value("SELECT value FROM field WHERE key = 'last'", db: fromEnvironment) == "Smith")

        let get = try box.formctl(["get", "last"], useDB: false, environment: ["FORMCTL_DB": fromEnvironment])
        #expect(get.succeeded && get.stdoutText == "Smith\n", "\(get)")
    }

    @Test("--no-create refuses a missing file with 66 and creates nothing")
    func noCreate() throws {
        let box = try Sandbox()
        for arguments in [["get", "first", "--no-create"], ["set", "first", "Jo", "--no-create"], ["minimap", "--no-create"]] {
            let result = try box.formctl(arguments)
            #expect(isError(result, 66), "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: box.db), "\(arguments) created the database")
        }
        // With a database, --no-create changes nothing.
        try box.createDatabase()
        let result = try box.formctl(["get", "first", "--no-create"])
        #expect(result.succeeded, "\(result)")
    }

    @Test("a database in a folder that does not exist is 66, and no folder is made")
    func missingFolder() throws {
        let box = try Sandbox()
        let missing = box.path("no/such/folder/form.db")
        for arguments in [["get", "first"], ["set", "first", "Jo"], ["fields"]] {
            let result = try box.formctl(arguments, db: missing)
            #expect(isError(result, 66), "\(result)")
        }
        let viaEnvironment = try box.formctl(["fields"], useDB: false, environment: ["FORMCTL_DB": missing])
        #expect(isError(viaEnvironment, 66), "\(viaEnvironment)")
        #expect(!FileManager.default.fileExists(atPath: box.path("no")), "formctl created the missing folder")
    }
}
