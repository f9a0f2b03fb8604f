import FormModel
import Foundation
import Testing
@testable import FormStore

@Suite("Editing the form") struct EditingTests {
    @Test func unknownKeysSuggestTheNearestField() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        let error = storeError { try store.setValue(key: "frist", value: "Ada") }
        #expect(error == .unknownField(key: "frist", suggestion: "first"))
        #expect(error?.description == "no field named 'frist'; did you mean 'first'?")
        #expect(storeError { _ = try store.field("Emial") } == .unknownField(key: "Emial", suggestion: "email"))
        #expect(storeError { try store.hideField(key: "zzzzzz") } == .unknownField(key: "zzzzzz", suggestion: nil))
        #expect(KeySuggestion.editDistance("frist", "first") == 1)
        #expect(KeySuggestion.editDistance("kitten", "sitting") == 3)
    }

    @Test func rowWidthsStayWithinTheirRange() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        let error = storeError { try store.setRowWidth(row: 2, width: 600) }
        #expect(error == .outOfRange(row: 2, width: 600, range: 360...540))
        #expect(error?.description.contains("360…540") == true)
        #expect(storeError { try store.setRowWidth(row: 1, width: 541) } == .outOfRange(row: 1, width: 541, range: 540...540))
        #expect(storeError { try store.setRowWidth(row: 2, width: .nan) } != nil)
        #expect(storeError { try store.setRowWidth(row: 3, width: 400) } == .unknownRow(number: 3))
        #expect(try store.setRowWidth(row: 2, width: 400.5).width == 400.5)
        #expect(try store.definition().rows[1].width == 400.5)
        #expect(try store.minimapRects().first { $0.key == "email" }?.width == 400.5 / 3)
        try store.close()
        #expect(try sqlite3(path, "SELECT width FROM form_row WHERE number = 2;") == "400.5")
    }

    @Test func fieldsCanBeShownHiddenAddedMovedAndRemoved() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }

        #expect(try store.showField(key: "twitter").isVisible)
        #expect(try store.minimapRects().contains { $0.key == "twitter" })
        #expect(try !store.hideField(key: "twitter").isVisible)
        #expect(try !store.minimapRects().contains { $0.key == "twitter" })

        let phone = try store.addField(key: "phone", label: "Phone", row: 2, index: 1, rules: FieldRules(minLength: 6))
        #expect(phone.position == 4)
        #expect(try store.fields().map(\.key) == ["first", "middle", "last", "phone", "email", "twitter"])
        #expect(try store.setValue(key: "phone", value: "123").state == .invalid)

        try store.moveField(key: "phone", toRow: 1, index: 2)
        #expect(try store.fields().map(\.key) == ["first", "phone", "middle", "last", "email", "twitter"])
        try store.moveField(key: "first", index: 99)
        #expect(try store.fields().map(\.key) == ["phone", "middle", "last", "first", "email", "twitter"])
        try store.moveField(key: "twitter", toRow: 1)
        #expect(try store.fields().map { "\($0.key)@\($0.row)" } == ["phone@1", "middle@1", "last@1", "first@1", "twitter@1", "email@2"])
        #expect(try sqlite3(path, "SELECT group_concat(key) FROM (SELECT key FROM field ORDER BY position);") == "phone,middle,last,first,twitter,email")

        #expect(storeError { try store.addField(key: "phone", label: "Again", row: 1) } == .duplicateField(key: "phone"))
        #expect(storeError { try store.addField(key: "fax", label: "Fax", row: 9) } == .unknownRow(number: 9))
        #expect(storeError { try store.moveField(key: "fax", toRow: 1) } == .unknownField(key: "fax", suggestion: nil))
        for bad in ["", "2fast", "has space", "brace}", String(repeating: "k", count: 65)] {
            guard case .invalidValue = storeError({ try store.addField(key: bad, label: "Bad", row: 1) }) else {
                Issue.record("key \(bad.debugDescription) was accepted")
                continue
            }
        }

        try store.removeField(key: "phone")
        #expect(try store.fields().map(\.position) == [1, 2, 3, 4, 5])
        #expect(storeError { _ = try store.field("phone") } == .unknownField(key: "phone", suggestion: nil))
    }
}
