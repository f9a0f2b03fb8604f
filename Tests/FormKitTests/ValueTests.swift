import FormKit
import Testing

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
        #expect(FormFile.resolvedPath("a.db", environment: ["FORMCTL_DB": "b.db"]) == "a.db")
        #expect(FormFile.resolvedPath(nil, environment: ["FORMCTL_DB": "b.db"]) == "b.db")
        #expect(FormFile.resolvedPath(nil, environment: ["FORMCTL_DB": ""]) == "form.db")
        #expect(FormFile.resolvedPath(nil, environment: [:]) == "form.db")
    }
}
