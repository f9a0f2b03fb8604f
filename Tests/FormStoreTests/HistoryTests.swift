import Foundation
import Testing
@testable import FormStore

@Suite("History") struct HistoryTests {
    @Test func changesByFormctlAndBySQLAreToldApart() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        try store.setValue(key: "first", value: "Ada")
        try store.setValue(key: "first", value: "Ada") // unchanged: not recorded
        try sqlite3(path, "UPDATE field SET value = 'Grace' WHERE key = 'first';")
        try store.setValue(key: "last", value: "Hopper")

        let first = try store.history(key: "first")
        #expect(first.map(\.oldValue) == [nil, "", "Ada"])
        #expect(first.map(\.newValue) == ["", "Ada", "Grace"])
        #expect(first.map(\.source) == [.formctl, .formctl, .sql])
        #expect(first.map(\.id) == first.map(\.id).sorted())
        let iso = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/
        #expect(first.allSatisfy { $0.changedAt.wholeMatch(of: iso) != nil })

        let all = try store.history()
        #expect(all.last?.key == "last")
        #expect(all.last?.source == .formctl)
        #expect(all.count == 5 + 3) // the seed's five fields, then three changes
        try store.close()

        #expect(try sqlite3(path, "SELECT old_value, new_value, source FROM history WHERE key = 'first' ORDER BY id;") == "||formctl\n|Ada|formctl\nAda|Grace|sql")
    }

    @Test func addingAndRemovingFieldsIsRecorded() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        try store.addField(key: "phone", label: "Phone", row: 2)
        try store.setValue(key: "phone", value: "+33 1 23 45 67 89")
        try store.removeField(key: "phone")
        let history = try store.history(key: "phone")
        #expect(history.map(\.newValue) == ["", "+33 1 23 45 67 89", nil])
        #expect(history.allSatisfy { $0.source == .formctl })
        // A removed field's history stays readable; a key never seen is not.
        #expect(storeError { _ = try store.history(key: "phnoe") } == .unknownField(key: "phnoe", suggestion: nil))
        #expect(storeError { _ = try store.history(key: "emial") } == .unknownField(key: "emial", suggestion: "email"))

        try sqlite3(path, "DELETE FROM field WHERE key = 'twitter';")
        #expect(try store.history(key: "twitter").last?.source == .sql)
        #expect(try store.history(key: "twitter").last?.newValue == nil)
        try store.close()
    }
}
