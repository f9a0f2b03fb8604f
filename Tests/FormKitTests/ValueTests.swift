import FormKit
import Foundation
import Testing
import CLISupport

@Suite("values: set, get, fields")
struct ValueTests {
    @Test("set stores a value and returns the field with its state")
    func set() throws {
        let box = try TemporaryForm()
        let field = try box.form.set("first", to: "Jo")
        #expect(field.key == "first" && field.value == "Jo" && field.state == .short && field.state.color == .yellow)
        #expect(try box.form.set("first", to: "Ada").state == .valid)
        #expect(try box.form.field("first").value == "Ada")
    }

    @Test("set from input drops one trailing newline and refuses invalid UTF-8 and NUL")
    func setFromInput() throws {
        let box = try TemporaryForm()
        #expect(try box.form.set("first", toInput: Array("Ada\r\n".utf8)).value == "Ada")
        #expect(try box.form.set("middle", toInput: Array("B\n\n".utf8)).value == "B\n")
        let invalid = error { () throws(FormKitError) in try box.form.set("last", toInput: [0x41, 0xFF]) }
        #expect(invalid?.exitCode == 65)
        #expect(invalid?.description.contains("not valid UTF-8") == true)
        let nul = error { () throws(FormKitError) in try box.form.set("last", toInput: [0x41, 0x00, 0x42]) }
        #expect(nul?.exitCode == 65)
        #expect(try box.form.field("last").value == "")
    }

    @Test("get of a missing field is fieldNotFound (exit 1) with a suggestion; other operations say 64")
    func missingField() throws {
        let box = try TemporaryForm()
        let missing = error { () throws(FormKitError) in _ = try box.form.field("frist") }
        #expect(missing == .fieldNotFound(key: "frist", suggestion: "first"))
        #expect(missing?.exitCode == 1)
        #expect(missing?.description == "no field named 'frist'; did you mean 'first'?")
        let unknown = error { () throws(FormKitError) in try box.form.set("frist", to: "x") }
        #expect(unknown == .store(.unknownField(key: "frist", suggestion: "first")))
        #expect(unknown?.exitCode == 64)
    }

    @Test("fields lists every field in form order, hidden ones too")
    func fields() throws {
        let box = try TemporaryForm()
        let fields = try box.form.fields()
        #expect(fields.map(\.key) == ["first", "middle", "last", "email", "twitter"])
        #expect(fields.map(\.isVisible) == [true, true, true, true, false])
        #expect(fields.map(\.rules.required) == [true, true, true, true, false])
    }

    @Test("a missing file with createsMissingFile false is noDatabase, exit 66")
    func noCreate() throws {
        let box = try TemporaryForm(createsMissingFile: false)
        let missing = error { () throws(FormKitError) in _ = try box.form.fields() }
        #expect(missing?.exitCode == 66)
    }

    @Test("the path: the option, else $FORMCTL_DB, else form.db")
    func resolvedPath() {
        #expect(StoredForm.resolvedPath("a.db", environment: ["FORMCTL_DB": "b.db"]) == "a.db")
        #expect(StoredForm.resolvedPath(nil, environment: ["FORMCTL_DB": "b.db"]) == "b.db")
        #expect(StoredForm.resolvedPath(nil, environment: ["FORMCTL_DB": ""]) == "form.db")
        #expect(StoredForm.resolvedPath(nil, environment: [:]) == "form.db")
    }
}

@Suite("exit codes of the store's refusals")
struct RefusalExitCodeTests {
    @Test("paths, foreign files and unusable values map to documented codes, never 70")
    func exitCodes() {
        let cases: [(FormStoreError, Int32)] = [
            (.invalidPath(path: "", reason: "empty"), 64),
            (.unreachablePath(path: "notes.txt/form.db", reason: "not a folder"), 66),
            (.noFolder(path: "a/b.db", folder: "a"), 66),
            (.permissionDenied(path: "x.db"), 77),
            (.notAFormDatabase(path: "x.db"), 74),
            (.notADatabase(path: "x.db"), 74),
            (.damagedSchema(path: "x.db", difference: "trigger field_changed differs from formctl's", sqliteMessage: "no such column: needc_refresh"), 74),
            (.unusableValue(path: "x.db", table: "field", column: "min_length", row: "key = 'first'", value: "'x'",
                            expected: "NULL or a whole number", fix: "UPDATE field SET min_length = NULL WHERE key = 'first'"), 74),
            (.schemaTooNew(found: 999, known: 2), 78),
        ]
        for (error, code) in cases {
            #expect(FormKitError.store(error).exitCode == code, "\(error)")
        }
    }

    @Test("a form in memory or at a URI is refused with 64 and nothing is created")
    func inMemory() throws {
        for path in ["", ":memory:", "file::memory:"] {
            let failure = error { () throws(FormKitError) in _ = try StoredForm(path: path).fields() }
            #expect(failure?.exitCode == 64, "\(path)")
        }
    }

    @Test("a value formctl cannot use names table, column, key and value and gives the fix (74)")
    func unusableValue() throws {
        let box = try TemporaryForm()
        _ = try box.form.fields()
        // A table rebuilt by hand without STRICT, holding text in a number column.
        let sql = """
            PRAGMA foreign_keys = OFF; BEGIN;
            CREATE TABLE field_copy AS SELECT * FROM field;
            DROP VIEW field_estimate; DROP VIEW form_values;
            DROP TABLE field;
            ALTER TABLE field_copy RENAME TO field;
            UPDATE field SET min_length = 'x' WHERE key = 'first';
            COMMIT;
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", box.form.path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let failure = error { () throws(FormKitError) in _ = try box.form.field("first") }
        #expect(failure?.exitCode == 74)
        let message = failure?.description ?? ""
        #expect(message.contains("field.min_length") && message.contains("'x'") && message.contains("key = 'first'"), "\(message)")
        #expect(message.contains("UPDATE field SET min_length = NULL WHERE key = 'first'"), "\(message)")
    }
}
