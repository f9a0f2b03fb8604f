import FormModel
import Foundation
import Synchronization
import Testing
@testable import FormStore

/// `FormDatabase.setValues`: many values in one transaction.
@Suite("setValues")
struct ValueBatchTests {
    static let derived = "SELECT * FROM minimap_rect ORDER BY z; SELECT key, value, state, color, length FROM field ORDER BY position;"

    static func checked(_ values: [(String, String)]) throws -> [(key: String, value: CheckedValue)] {
        try values.map { ($0.0, try FieldInput.checked($0.1, key: $0.0)) }
    }

    @Test("writes the changed values, their states and the minimap as a full refresh would; one history row each")
    func writesWhatARefreshWould() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try store.setValue(key: "last", value: "Lovelace")
        try store.showField(key: "twitter")
        let before = try sqlite3(path, "SELECT max(id) FROM history;")
        let update = try store.setValues(Self.checked([("first", "Ada"), ("last", "Lovelace"), ("twitter", "@ada"), ("middle", "B")]))
        #expect(update.changed.map(\.key) == ["first", "twitter", "middle"])
        #expect(update.changed.map(\.state) == [.valid, .valid, .short])
        #expect(update.unchanged == ["last"])
        #expect(try sqlite3(path, "SELECT key || '=' || new_value || ' ' || source FROM history WHERE id > \(before) ORDER BY id;")
            == "first=Ada formctl\ntwitter=@ada formctl\nmiddle=B formctl")
        let stored = try sqlite3(path, Self.derived)
        try store.refreshDerived()
        #expect(try sqlite3(path, Self.derived) == stored)
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "0")
    }

    @Test("nothing changed: no transaction, the file keeps its bytes")
    func nothingChanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let store = try openStore(path)
        try store.setValue(key: "first", value: "Ada")
        try store.close()
        let original = bytes(path)
        let reopened = try openStore(path)
        let update = try reopened.setValues(Self.checked([("first", "Ada"), ("middle", "")]))
        try reopened.close()
        #expect(update.changed.isEmpty && update.unchanged == ["first", "middle"])
        #expect(bytes(path) == original)
    }

    @Test("an unknown key throws unknownField with the nearest key, and nothing is written")
    func unknownKey() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        let error = storeError { _ = try store.setValues(Self.checked([("first", "Ada"), ("emial", "x")])) }
        #expect(error == .unknownField(key: "emial", suggestion: "email"))
        #expect(try store.field("first").value == "")
    }

    @Test("values are compared byte for byte: a combining mark is a change from the precomposed letter")
    func bytesNotCanonicalEquivalence() throws {
        let folder = try TemporaryFolder()
        let store = try openStore(folder.path("form.db"))
        defer { try? store.close() }
        try store.setValue(key: "first", value: "\u{E9}")
        let update = try store.setValues(Self.checked([("first", "e\u{301}")]))
        #expect(update.changed.count == 1)
        #expect(try store.field("first").value.unicodeScalars.elementsEqual("e\u{301}".unicodeScalars))
    }

    @Test("a database edited in sqlite3 (stale derived data) is refreshed whole, the edit kept")
    func staleDerivedData() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try openStore(path)
        defer { try? store.close() }
        try sqlite3(path, "UPDATE field SET value = 'Grace' WHERE key = 'last';")
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "1")
        let update = try store.setValues(Self.checked([("first", "Ada"), ("last", "Grace")]))
        #expect(update.changed.map(\.key) == ["first"] && update.unchanged == ["last"])
        let stored = try sqlite3(path, Self.derived)
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "0")
        try store.refreshDerived()
        #expect(try sqlite3(path, Self.derived) == stored)
    }

    @Test("a commit by another connection between the plan and the write is seen: the batch is planned again and keeps it")
    func anotherWriterMeanwhile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        // The first layout (the first plan) lets another connection commit.
        let calls = Mutex(0)
        let layout: MinimapLayout = { definition in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            if call == 1 { _ = try? sqlite3(path, "UPDATE field SET value = 'Grace' WHERE key = 'last';") }
            return testMinimap(definition)
        }
        let store = try FormDatabase.open(path: path, create: false, busyTimeout: 5, minimap: layout)
        defer { try? store.close() }
        let update = try store.setValues(Self.checked([("first", "Ada"), ("middle", "B")]))
        #expect(update.changed.map(\.key) == ["first", "middle"])
        #expect(calls.withLock { $0 } >= 2)
        #expect(try store.field("last").value == "Grace")
        let stored = try sqlite3(path, Self.derived)
        try store.refreshDerived()
        #expect(try sqlite3(path, Self.derived) == stored)
        #expect(try sqlite3(path, "SELECT count(*) FROM history WHERE key IN ('first', 'middle') AND new_value <> '';") == "2")
    }
}
