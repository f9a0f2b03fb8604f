import FormModel
import Foundation
import Testing
@testable import FormStore

/// `FormDatabase.replaceStructure`: the write behind `formctl apply`.
@Suite("Replacing the structure")
struct StructureTests {
    /// Seed 002's form reshaped: a page `contact` first, holding email and a
    /// new phone field; the names stay on `main`, in another order, with
    /// twitter beside them.
    private func reshaped(_ form: FormDefinition) -> FormDefinition {
        let value = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.key, $0.value) })
        func field(_ key: String, _ label: String, row: Int, position: Int, rules: FieldRules = .none) -> Field {
            Field(key: key, label: label, value: value[key] ?? "ignored", row: row, position: position, rules: rules)
        }
        return FormDefinition(
            titleTemplate: "Hi {first}",
            rows: [
                FormRow(number: 1, width: 600, minWidth: 300, maxWidth: 600, page: "contact"),
                FormRow(number: 2, width: 540, minWidth: 540, maxWidth: 540, page: "main"),
            ],
            fields: [
                field("email", "E-mail", row: 1, position: 1, rules: FieldRules(required: true, maxLength: 60)),
                field("phone", "Phone", row: 1, position: 2),
                field("last", "Last Name", row: 2, position: 3),
                field("first", "First Name", row: 2, position: 4),
                field("middle", "Middle Name", row: 2, position: 5),
                field("twitter", "Twitter", row: 2, position: 6),
            ],
            pages: [FormPage(key: "contact", title: "Contact", position: 1), FormPage(key: "main", title: "Names", position: 2)],
            selectedPage: "main")
    }

    @Test("rows renumbered across pages, fields moved, relabelled and re-ruled, a field added: values kept, history marked formctl")
    func reshapes() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        for (key, value) in [("first", "Ada"), ("last", "Lovelace"), ("email", "ada@example.com"), ("twitter", "@ada")] {
            try store.setValue(key: key, value: value)
        }
        let history = try store.history().count
        let removed = try store.replaceStructure(prune: false) { current in reshaped(current) }
        #expect(removed.isEmpty)
        let form = try store.definition()
        #expect(form.titleTemplate == "Hi {first}")
        #expect(form.pages.map(\.key) == ["contact", "main"] && form.pages.map(\.title) == ["Contact", "Names"])
        #expect(form.rows == reshaped(.seed).rows)
        #expect(form.fields.map(\.key) == ["email", "phone", "last", "first", "middle", "twitter"])
        #expect(form.fields.map(\.row) == [1, 1, 2, 2, 2, 2])
        #expect(form.fields.map(\.value) == ["ada@example.com", "", "Lovelace", "Ada", "", "@ada"], "values are the store's, never the target's")
        #expect(form.field("email")?.label == "E-mail" && form.field("email")?.rules.maxLength == 60)
        #expect(form.field("twitter")?.isVisible == true)
        let entries = try store.history()
        #expect(entries.count == history + 1 && entries.last?.key == "phone" && entries.last?.source == .formctl)
        #expect(try store.minimapRects().contains { $0.key == "twitter" }, "the minimap is the new one")
    }

    @Test("a field holding a value is not removed without prune: every such field listed, nothing written")
    func refusesToLoseValues() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        try store.setValue(key: "twitter", value: "@ada")
        try store.setValue(key: "middle", value: "Bea")
        let before = try store.definition()
        let history = try store.history()
        let smaller: (FormDefinition) -> FormDefinition = { current in
            var form = current
            form.fields.removeAll { $0.key == "twitter" || $0.key == "middle" }
            form.titleTemplate = "changed"
            return form
        }
        #expect(throws: FormStoreError.fieldsHoldValues([HeldValue(key: "middle", length: 3), HeldValue(key: "twitter", length: 4)])) {
            try store.replaceStructure(prune: false, smaller)
        }
        #expect(try store.definition() == before)
        #expect(try store.history() == history)

        let removed = try store.replaceStructure(prune: true, smaller)
        #expect(removed == [HeldValue(key: "middle", length: 3), HeldValue(key: "twitter", length: 4)])
        #expect(try store.definition().fields.map(\.key) == ["first", "last", "email"])
        #expect(try store.history().suffix(2).map(\.oldValue) == ["Bea", "@ada"])
        try store.close()
    }

    @Test("a target of nil writes nothing: the file keeps its bytes")
    func nothingToDo() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try openStore(path)
        try store.replaceStructure(prune: false) { _ in nil }
        try store.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("create(path:form:) makes a database holding the form given, not the seed; an existing file is left alone")
    func createsFromForm() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let form = reshaped(.seed)
        #expect(try FormDatabase.isMissing(path: path))
        #expect(try FormDatabase.create(path: path, form: form, geometry: LayoutGeometry(layout: testMinimap)))
        #expect(try !FormDatabase.isMissing(path: path))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try !FormDatabase.create(path: path, form: .seed, geometry: LayoutGeometry(layout: testMinimap)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        let store = try openStore(path, create: false)
        defer { try? store.close() }
        let stored = try store.definition()
        #expect(stored.pages == form.pages && stored.rows == form.rows)
        #expect(stored.fields.map(\.key) == form.fields.map(\.key))
        #expect(stored.fields.map(\.value) == form.fields.map(\.value), "a new database holds the values given")
    }
}
