import FormModel
import Foundation
import Testing
@testable import FormStore

/// The blank form a shared database keeps for respondents' writes
/// (`BlankFormMemory`): read once while only respondents write, read
/// again after any other write, in this process or another.
@Suite("The blank form respondents' writes start from")
struct BlankFormMemoryTests {
    static let limits = DraftLimits(maxDrafts: 100, once: false)

    static func answer(_ store: FormDatabase, _ respondent: Int, _ key: String, _ value: String) throws -> FormDefinition {
        let hash = String(format: "%064x", respondent)
        return try store.writeDraftAnswer(hash, key: key, value: try FieldInput.checked(value, key: key), limits: limits).form
    }

    @Test func respondentsWritesKeepItAndEveryOtherWriteMakesTheNextReadIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let store = try FormDatabase.openShared(path: path, create: false, busyTimeout: 5, geometry: LayoutGeometry(layout: testMinimap))
        defer { try? store.close() }
        let memory = try #require(store.blanks)

        // Twenty answers and two submits by ten respondents: one read.
        for respondent in 0..<10 {
            _ = try Self.answer(store, respondent, "first", "R\(respondent)")
            _ = try Self.answer(store, respondent, "last", "L\(respondent)")
        }
        _ = try store.submitDraft(String(format: "%064x", 0), limits: Self.limits) { _ in true }
        _ = try store.submitDraft(String(format: "%064x", 1), limits: Self.limits) { _ in false }
        #expect(memory.readCount == 1)
        #expect(try Self.answer(store, 2, "email", "r2@example.com").field("first")?.value == "R2")

        // The owner's value: read again, and still not in anyone's form.
        try store.setValue(key: "middle", value: "Owner")
        #expect(try Self.answer(store, 3, "first", "Again").field("middle")?.value == "")
        #expect(memory.readCount == 2)

        // A structure change in this process: seen by the next answer.
        _ = try store.hideField(key: "middle")
        #expect(try Self.answer(store, 4, "first", "Again").field("middle")?.isVisible == false)
        #expect(memory.readCount == 3)

        // Another process (the sqlite3 shell) renames a field: seen too.
        try sqlite3(path, "UPDATE field SET label = 'Given name' WHERE key = 'first';")
        #expect(try Self.answer(store, 5, "last", "Again").field("first")?.label == "Given name")
        #expect(memory.readCount == 4)

        // A refused answer (no such field) leaves the memory right.
        #expect(throws: FormStoreError.self) { try Self.answer(store, 6, "nope", "x") }
        #expect(try Self.answer(store, 6, "first", "Six").field("first")?.label == "Given name")
        #expect(try sqlite3(path, "SELECT count(*) FROM history WHERE source <> 'formctl';") == "0",
                "every respondent's history row is marked as formctl's")
    }

    @Test func aCookieWithoutADraftIsNeverAdopted() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let store = try FormDatabase.openShared(path: path, create: false, busyTimeout: 5, geometry: LayoutGeometry(layout: testMinimap))
        defer { try? store.close() }
        let planted = String(repeating: "c", count: 64), fresh = String(repeating: "d", count: 64)
        let written = try store.writeDraftAnswer(planted, orNew: fresh, key: "first", value: try FieldInput.checked("Ada", key: "first"),
                                                 limits: Self.limits)
        #expect(written.created && written.respondent == fresh)
        let again = try store.writeDraftAnswer(fresh, orNew: planted, key: "last", value: try FieldInput.checked("L", key: "last"),
                                               limits: Self.limits)
        #expect(!again.created && again.respondent == fresh && again.draft == written.draft)
        #expect(try sqlite3(path, "SELECT count(*) FROM response WHERE respondent = '\(planted)';") == "0")
        let submitted = try #require(try store.submitDraft(planted, orNew: fresh, limits: Self.limits) { _ in true })
        #expect(submitted.respondent == fresh && !submitted.stored.replacedDraft)
    }
}
