import FormModel
import Foundation
import Testing
@testable import FormStore

/// Respondents' drafts in the store (0010_respondents): one per
/// respondent, their answers only, swept by age, and tables that refuse
/// what the code relies on not happening.
@Suite("Respondents' drafts in the store (0010_respondents)")
struct DraftStoreTests {
    static let ada = String(repeating: "a", count: 64)
    static let bob = String(repeating: "b", count: 64)
    static let limits = DraftLimits(maxDrafts: 10, once: false)

    @Test func eachRespondentWritesTheirOwnDraftAndNeverTheFormsValues() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try store.setValue(key: "first", value: "Owner")
        let first = try store.writeDraftAnswer(Self.ada, key: "first", value: try FieldInput.checked("Ada", key: "k"), limits: Self.limits)
        #expect(first.created && first.form.field("first")?.value == "Ada")
        let again = try store.writeDraftAnswer(Self.ada, key: "last", value: try FieldInput.checked("Lovelace", key: "k"), limits: Self.limits)
        #expect(!again.created && again.draft == first.draft && again.form.field("first")?.value == "Ada")
        _ = try store.writeDraftAnswer(Self.bob, key: "first", value: try FieldInput.checked("Bob", key: "k"), limits: Self.limits)
        #expect(try store.respondentForm(Self.ada).form.field("first")?.value == "Ada")
        #expect(try store.respondentForm(Self.bob).form.field("last")?.value == "")
        #expect(try store.respondentForm(nil).form.field("first")?.value == "", "the blank form, not the owner's value")
        #expect(try store.field("first").value == "Owner")
        #expect(try store.openDraftCount() == 2)
        // One answer per field, typed, in form order.
        #expect(try sqlite3(path, "SELECT count(*) FROM answer WHERE response_id = \(first.draft);") == "5")
        #expect(throws: FormStoreError.self) {
            try store.writeDraftAnswer(Self.ada, key: "nope", value: try FieldInput.checked("x", key: "nope"), limits: Self.limits)
        }
    }

    @Test func theTablesRefuseASecondOpenDraftAndAnythingButAHash() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        _ = try store.writeDraftAnswer(Self.ada, key: "first", value: try FieldInput.checked("Ada", key: "k"), limits: Self.limits)
        #expect(throws: (any Error).self) {
            try sqlite3(path, "INSERT INTO response (status, respondent) VALUES ('draft', '\(Self.ada)');")
        }
        #expect(throws: (any Error).self) {
            try sqlite3(path, "INSERT INTO response (status, respondent) VALUES ('draft', 'not a hash');")
        }
        #expect(throws: (any Error).self) {
            try sqlite3(path, "UPDATE response SET answered_at = 'yesterday';")
        }
        // A complete response of the same respondent is allowed beside the draft.
        try sqlite3(path, "INSERT INTO response (status, respondent) VALUES ('complete', '\(Self.ada)');")
    }

    @Test func theSweepDeletesOnlyRespondentDraftsLastWrittenBeforeTheTTL() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        for index in 0..<150 {
            let hash = String(format: "%064x", index)
            _ = try store.writeDraftAnswer(hash, key: "first", value: try FieldInput.checked("R\(index)", key: "k"), limits: DraftLimits(maxDrafts: 1_000, once: false))
        }
        _ = try store.submit(.given([(key: "first", value: try FieldInput.checked("Kept", key: "k"))]), status: .draft) { _ in true }
        // 140 drafts last written two hours ago: more than two batches.
        try sqlite3(path, "UPDATE response SET answered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 hours') WHERE respondent IS NOT NULL AND id > 10;")
        #expect(try store.sweepDrafts(olderThan: 3_600) == 140)
        #expect(try store.openDraftCount() == 10)
        #expect(try sqlite3(path, "SELECT count(*) FROM response WHERE respondent IS NULL;") == "1", "a draft not a respondent's is kept")
        #expect(try sqlite3(path, "SELECT count(*) FROM answer WHERE response_id > 10 AND response_id <= 150;") == "0")
    }

    @Test func limitsAndOnce() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        let one = DraftLimits(maxDrafts: 1, once: true)
        _ = try store.writeDraftAnswer(Self.ada, key: "first", value: try FieldInput.checked("Ada", key: "k"), limits: one)
        #expect(throws: FormStoreError.tooManyDrafts(limit: 1)) {
            try store.writeDraftAnswer(Self.bob, key: "first", value: try FieldInput.checked("Bob", key: "k"), limits: one)
        }
        #expect(try store.submitDraft(Self.ada, limits: one) { _ in true } != nil)
        #expect(try store.hasSubmitted(Self.ada))
        #expect(throws: FormStoreError.alreadySubmitted) {
            try store.writeDraftAnswer(Self.ada, key: "first", value: try FieldInput.checked("Again", key: "k"), limits: one)
        }
        #expect(throws: FormStoreError.alreadySubmitted) { try store.submitDraft(Self.ada, limits: one) { _ in true } }
        #expect(try store.writeDraftAnswer(Self.bob, key: "first", value: try FieldInput.checked("Bob", key: "k"), limits: one).created)
    }
}
