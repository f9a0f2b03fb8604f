import FormModel
import Foundation
import Testing
@testable import FormStore

@Suite("Responses in the store (0006_responses)")
struct ResponseStoreTests {
    /// Accepts any form.
    private static func any(_: FormDefinition) -> Bool { true }

    @Test func submittingStoresEveryFieldAndClearsTheValues() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try store.setValue(key: "first", value: "Ada")
        try store.setValue(key: "twitter", value: "@ada")
        let stored = try #require(try store.submit(.formValues(clearing: true), status: .complete, accepts: Self.any))
        #expect(stored.response.id == 1 && stored.response.status == .complete && !stored.replacedDraft)
        #expect(stored.response.answers.map(\.key) == ["first", "middle", "last", "email", "twitter"])
        #expect(stored.response.answers.first { $0.key == "twitter" }?.isShown == false)
        #expect(stored.response.answers.first { $0.key == "first" }.map { ($0.value, $0.label, $0.isShown) } ?? ("", "", false) == ("Ada", "First Name", true))
        #expect(stored.cleared.map(\.key) == ["first", "twitter"])
        #expect(try store.fields().allSatisfy { $0.value.isEmpty })
        #expect(try sqlite3(path, "SELECT count(*) FROM answer WHERE response_id = 1;") == "5")
        #expect(try sqlite3(path, "SELECT key, old_value, new_value FROM history WHERE key = '#1';") == "#1||complete")
        #expect(try sqlite3(path, "SELECT new_value FROM history WHERE key = 'first' ORDER BY id DESC LIMIT 1;") == "")
        // The minimap was redrawn for the cleared values, not left stale.
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "0")
        #expect(try sqlite3(path, "SELECT color FROM minimap_rect WHERE key = 'first' AND kind = 'field';") == "red")
    }

    @Test func aRefusedSubmissionStoresNothing() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        try store.setValue(key: "first", value: "Ada")
        #expect(try store.submit(.formValues(clearing: true), status: .complete) { _ in false } == nil)
        #expect(try store.responses().isEmpty)
        #expect(try store.field("first").value == "Ada")
    }

    @Test func givenValuesLeaveTheFormAlone() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        try store.setValue(key: "middle", value: "kept")
        let stored = try #require(try store.submit(.given([("first", try FieldInput.checked("Grace", key: "first"))]), status: .complete, accepts: Self.any))
        #expect(stored.response.answers.map(\.value) == ["Grace", "", "", "", ""])
        #expect(try store.field("middle").value == "kept")
        #expect(throws: FormStoreError.self) {
            try store.submit(.given([("frist", try FieldInput.checked("x", key: "frist"))]), status: .complete, accepts: Self.any)
        }
    }

    @Test func anOpenedDraftIsReplacedBySubmitting() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try store.setValue(key: "first", value: "Al")
        let draft = try #require(try store.submit(.formValues(clearing: true), status: .draft, accepts: Self.any))
        try store.setValue(key: "last", value: "unsaved")
        #expect(throws: FormStoreError.unsavedValues(keys: ["last"])) { try store.openResponse(id: draft.response.id, force: false) }
        let opened = try store.openResponse(id: draft.response.id, force: true)
        #expect(opened.update.changed.map(\.key) == ["first", "last"])
        #expect(try store.field("first").value == "Al")
        try store.setValue(key: "first", value: "Alan")
        let final = try #require(try store.submit(.formValues(clearing: true), status: .complete, accepts: Self.any))
        #expect(final.replacedDraft && final.response.id == draft.response.id && final.response.status == .complete)
        #expect(try store.responses().count == 1)
        #expect(try sqlite3(path, "SELECT group_concat(coalesce(old_value, '-') || '>' || new_value, ' ') FROM history WHERE key = '#1';") == "->draft draft>complete")
        #expect(throws: FormStoreError.responseNotDraft(id: 1)) { try store.openResponse(id: 1, force: false) }
    }

    @Test func deletingRecordsTheIdNotTheAnswers() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        for name in ["a", "b", "c"] {
            _ = try store.submit(.given([("first", try FieldInput.checked(name, key: "first"))]), status: .complete, accepts: Self.any)
        }
        try store.deleteResponse(id: 2)
        #expect(try store.responses().map(\.id) == [1, 3])
        #expect(try sqlite3(path, "SELECT count(*) FROM answer WHERE response_id = 2;") == "0")
        #expect(try sqlite3(path, "SELECT old_value || '|' || coalesce(new_value, 'NULL') FROM history WHERE key = '#2' ORDER BY id DESC LIMIT 1;") == "complete|NULL")
        #expect(throws: FormStoreError.unknownResponse(id: 9, existing: 1...3)) { try store.response(id: 9) }
        #expect(try store.responses(ResponseFilter(limit: 1)).map(\.id) == [3])
    }

    @Test func sqliteItselfRefusesAWrongEdit() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        _ = try store.submit(.formValues(clearing: true), status: .draft, accepts: Self.any)
        try store.close()
        #expect(throws: (any Error).self) { try sqlite3(path, "UPDATE response SET status = 'done' WHERE id = 1;") }
        #expect(throws: (any Error).self) { try sqlite3(path, "UPDATE answer SET shown = 'yes' WHERE response_id = 1;") }
        #expect(throws: (any Error).self) { try sqlite3(path, "UPDATE response SET submitted_at = 'yesterday' WHERE id = 1;") }
        #expect(try sqlite3(path, "SELECT status FROM response;") == "draft")
    }
}
