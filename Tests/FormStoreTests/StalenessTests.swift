import FormModel
import Foundation
import Testing
@testable import FormStore

@Suite("Changes made with sqlite3") struct StalenessTests {
    @Test func triggersApproximateAndTheNextOpenFixesExactly() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)

        // The family emoji is seven code points but one character.
        try sqlite3(path, "UPDATE field SET value = '👨‍👩‍👧‍👦' WHERE key = 'first';")
        #expect(try sqlite3(path, "SELECT state, color, length FROM field WHERE key = 'first';") == "valid|green|7")
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "1")
        // The approximation already applies length rules.
        try sqlite3(path, "UPDATE field SET max_length = 2, value = 'abc' WHERE key = 'last';")
        #expect(try sqlite3(path, "SELECT state, color FROM field WHERE key = 'last';") == "invalid|orange")

        let store = try openStore(path, create: false)
        try store.close()
        #expect(try sqlite3(path, "SELECT state, color, length FROM field WHERE key = 'first';") == "short|yellow|1")
        #expect(try sqlite3(path, "SELECT color FROM minimap_rect WHERE key = 'first';") == "yellow")
        #expect(try sqlite3(path, "SELECT color FROM minimap_rect WHERE key = 'last';") == "orange")
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "0")
    }

    /// The SQL estimate (`field_estimate` in the landed, append-only
    /// `0001_initial.sql`) spells out the short threshold on its own; this
    /// keeps it equal to `ValidationState.minimumValidLength`.
    @Test func theSQLEstimateEndsShortWhereSwiftDoes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let length = ValidationState.minimumValidLength
        for (count, state) in [(length - 1, ValidationState.short), (length, .valid)] {
            let value = String(repeating: "a", count: count)
            try sqlite3(path, "UPDATE field SET value = '\(value)' WHERE key = 'first';")
            #expect(try sqlite3(path, "SELECT state, length FROM field WHERE key = 'first';") == "\(state.rawValue)|\(count)")
            #expect(Validator.state(of: value) == state)
        }
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "1", "the states above are SQL's estimate")
    }

    @Test func anOpenStoreRefreshesBeforeReading() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }

        try sqlite3(path, "UPDATE field SET value = 'e\u{301}e\u{301}e\u{301}' WHERE key = 'middle';")
        #expect(try sqlite3(path, "SELECT state FROM field WHERE key = 'middle';") == "valid")
        #expect(try store.field("middle").state == .valid)
        #expect(try sqlite3(path, "SELECT length FROM field WHERE key = 'middle';") == "3")

        try sqlite3(path, "UPDATE field SET pattern = '[a-z]+' WHERE key = 'middle';")
        #expect(try store.minimapRects().first { $0.key == "middle" }?.color == .orange)
        #expect(try sqlite3(path, "SELECT state, color FROM field WHERE key = 'middle';") == "invalid|orange")

        // Structural edits: visibility, positions, row widths.
        try sqlite3(path, "UPDATE field SET visible = 1 WHERE key = 'twitter';")
        #expect(try store.minimapRects().map(\.key) == ["title", "first", "middle", "last", "email", "twitter"])
        try sqlite3(path, "UPDATE field SET position = 10 WHERE key = 'first';")
        #expect(try store.fields().map(\.key) == ["middle", "last", "first", "email", "twitter"])
        #expect(try sqlite3(path, "SELECT group_concat(position) FROM (SELECT position FROM field ORDER BY position);") == "1,2,3,4,5")

        // Tampering with a derived column is undone too.
        try sqlite3(path, "UPDATE field SET state = 'valid', color = 'green' WHERE key = 'first';")
        _ = try store.fields()
        #expect(try sqlite3(path, "SELECT state, color FROM field WHERE key = 'first';") == "empty|red")
        try sqlite3(path, "DELETE FROM minimap_rect;")
        #expect(try store.minimapRects().count == 6)
    }
}
