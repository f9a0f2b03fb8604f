import FormModel
import Foundation
import Testing
@testable import FormStore

@Suite("Values and rules") struct ValueTests {
    @Test(arguments: [
        ("", ValidationState.empty, FieldColor.red, 0),
        ("e\u{301}", .short, .yellow, 1),
        ("👨‍👩‍👧‍👦", .short, .yellow, 1),
        ("ab", .short, .yellow, 2),
        ("abc", .valid, .green, 3),
        ("🇫🇷🇩🇪🇮🇹", .valid, .green, 3),
    ])
    func valuesRoundTripWithGraphemeLengths(value: String, state: ValidationState, color: FieldColor, length: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        let field = try store.setValue(key: "first", value: value)
        #expect(field.value == value)
        #expect(field.state == state)
        #expect(field.length == length)
        #expect(try store.field("first") == field)
        try store.close()

        let reopened = try openStore(path, create: false)
        #expect(try reopened.field("first").value == value)
        try reopened.close()
        #expect(try sqlite3(path, "SELECT state, color, length FROM field WHERE key = 'first';") == "\(state.rawValue)|\(color.rawValue)|\(length)")
        #expect(try sqlite3(path, "SELECT color FROM minimap_rect WHERE key = 'first';") == color.rawValue)
    }

    @Test func rulesMakeValuesInvalid() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)

        try store.setValue(key: "first", value: "abc")
        let ruled = try store.setRules(key: "first", rules: FieldRules(minLength: 5))
        #expect(ruled.state == .invalid)
        #expect(ruled.rules.minLength == 5)
        #expect(try store.setValue(key: "first", value: "abcde").state == .valid)
        #expect(try store.setValue(key: "first", value: "").state == .empty)

        try store.setRules(key: "email", rules: FieldRules(required: true, email: true))
        #expect(try store.setValue(key: "email", value: "ada").state == .invalid)
        #expect(try store.setValue(key: "email", value: "ada@example.org").state == .valid)
        #expect(try store.setValue(key: "email", value: "ada lovelace@example.org").state == .invalid)

        try store.setRules(key: "middle", rules: FieldRules(maxLength: 4, pattern: "[0-9]+"))
        #expect(try store.setValue(key: "middle", value: "12a").state == .invalid)
        #expect(try store.setValue(key: "middle", value: "123").state == .valid)
        #expect(try store.setValue(key: "middle", value: "12345").state == .invalid)
        #expect(try store.definition().field("middle")?.rules == FieldRules(maxLength: 4, pattern: "[0-9]+"))
        try store.close()

        #expect(try sqlite3(path, "SELECT key, state, color FROM field WHERE key IN ('email', 'middle') ORDER BY position;") == "middle|invalid|orange\nemail|invalid|orange")
        #expect(try sqlite3(path, "SELECT required, email, max_length, pattern FROM field WHERE key IN ('email', 'middle') ORDER BY position;") == "0|0|4|[0-9]+\n1|1||")
    }

    @Test func impossibleRulesAreRefused() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        #expect(storeError { try store.setRules(key: "first", rules: FieldRules(minLength: 5, maxLength: 2)) }
            == .invalidValue(key: "first", reason: "the minimum length 5 is above the maximum length 2"))
        #expect(storeError { try store.setRules(key: "first", rules: FieldRules(pattern: "(")) }
            == .invalidValue(key: "first", reason: "the pattern /(/ is not a valid regular expression (PCRE2): missing closing parenthesis at offset 1"))
        #expect(storeError { try store.setRules(key: "first", rules: FieldRules(minLength: -1)) } != nil)
        // Unchanged: the seed's rules (its shown fields are required).
        #expect(try store.field("first").rules == FormDefinition.seed.field("first")?.rules)
    }

    @Test func hostileValuesAreStoredExactly() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        let values = [
            "O'Brien \"the\" `quoted`",
            "'); DROP TABLE field; --",
            "x' WHERE 1; DELETE FROM history; SELECT '",
            "\u{1}\u{7}\u{8}\t\r\n\u{1B}[31mred\u{1B}[0m\u{7F}",
            "  spaces around  \n",
            "{first} {last}",
            "\u{FEFF}bom \u{202E}right-to-left \u{200D}",
            "%_\\ LIKE wildcards",
        ]
        for value in values {
            #expect(try store.setValue(key: "last", value: value).value == value)
            #expect(try store.field("last").value == value)
            let hex = value.utf8.map { String(format: "%02X", $0) }.joined()
            #expect(try sqlite3(path, "SELECT hex(value) FROM field WHERE key = 'last';") == hex)
        }
        let big = String(repeating: "0123456789abcdef", count: 1 << 16) // 1 MiB
        #expect(try store.setValue(key: "middle", value: big).length == 1 << 20)
        try store.close()

        let reopened = try openStore(path, create: false)
        #expect(try reopened.field("middle").value == big)
        #expect(try reopened.field("last").value == values.last)
        #expect(try reopened.fields().count == 5)
        try reopened.close()
        #expect(try sqlite3(path, "SELECT length(CAST(value AS BLOB)), length, state FROM field WHERE key = 'middle';") == "1048576|1048576|valid")
    }

    @Test func nulAndInvalidUTF8AreRefused() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        try store.setValue(key: "first", value: "kept")
        let error = storeError { try store.setValue(key: "first", value: "a\0b") }
        guard case .invalidValue(let key, let reason) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(key == "first")
        #expect(reason.contains("NUL"))
        #expect(try store.field("first").value == "kept")

        #expect(throws: FormStoreError.invalidValue(key: "first", reason: "the value is not valid UTF-8 text")) {
            try FieldInput.value(fromUTF8: [0x61, 0xFF, 0x62], key: "first")
        }
        #expect(try FieldInput.value(fromUTF8: Array("é ok".utf8), key: "first") == "é ok")
    }
}
