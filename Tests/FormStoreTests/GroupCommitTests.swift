import Foundation
import GRDB
import Synchronization
import Testing
@testable import FormStore

/// Group commit on a shared database (`GroupCommit`): the writes waiting
/// while a transaction runs commit together in the next one, each in a
/// savepoint, and a write that throws is rolled back alone.
@Suite("Group commit: writes that wait together commit together")
struct GroupCommitTests {
    /// A write holds the lock while 24 others queue behind it; they then
    /// commit in far fewer transactions than writes, every value a
    /// successful write made is there, and the refused ones (a key that
    /// names no field, one in four) left nothing and failed alone.
    @Test func waitingWritesCommitTogetherAndARefusedOneFailsAlone() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let store = try FormDatabase.openShared(path: path, create: false, busyTimeout: 5, geometry: LayoutGeometry(layout: testMinimap))
        defer { try? store.close() }
        let commits = Mutex(0)
        let observation = store.observeCommits { commits.withLock { $0 += 1 } }
        defer { observation.cancel() }

        // The first write waits, lock held, until the others have queued.
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = Thread {
            _ = try? store.writeMarkingHistory { db in
                try db.execute(sql: "UPDATE field SET value = 'held' WHERE key = 'first'")
                holding.signal()
                release.wait()
            }
        }
        first.start()
        holding.wait()
        let writers = 24
        let outcomes = Mutex([Int: Bool]())
        // Threads of their own: Dispatch's pool stops adding threads for
        // work that blocks well before 24 on a small machine.
        let group = DispatchGroup()
        for index in 0..<writers {
            group.enter()
            Thread {
                defer { group.leave() }
                let refused = index % 4 == 3
                do {
                    try store.writeMarkingHistory { db in
                        try db.execute(sql: "INSERT INTO history (key, old_value, new_value, changed_at) VALUES (?, '', ?, '2026-01-01T00:00:00.000Z')",
                                       arguments: ["w\(index)", "v\(index)"])
                        if refused { throw FormStoreError.unknownField(key: "w\(index)", suggestion: nil) }
                    }
                    outcomes.withLock { $0[index] = true }
                } catch {
                    outcomes.withLock { $0[index] = false }
                }
            }.start()
        }
        // Every writer is queued behind the held transaction (or done with
        // a refusal) before it is released: give them time, then check.
        let deadline = Date().addingTimeInterval(20)
        while store.group?.waitingCount ?? 0 < writers, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(store.group?.waitingCount == writers)
        release.signal()
        #expect(group.wait(timeout: .now() + 30) == .success)

        let results = outcomes.withLock { $0 }
        #expect(results.count == writers)
        for index in 0..<writers { #expect(results[index] == (index % 4 != 3), "write \(index)") }
        let stored = try sqlite3(path, "SELECT group_concat(key, ',') FROM (SELECT key FROM history WHERE key LIKE 'w%' ORDER BY CAST(substr(key, 2) AS INTEGER));")
        #expect(stored == (0..<writers).filter { $0 % 4 != 3 }.map { "w\($0)" }.joined(separator: ","))
        #expect(try sqlite3(path, "SELECT count(*) FROM history WHERE key LIKE 'w%' AND source <> 'formctl';") == "0")
        #expect(try sqlite3(path, "SELECT value FROM field WHERE key = 'first';") == "held")
        // The held write, then the 24 in one group (at most 256 a group).
        #expect(commits.withLock { $0 } == 2)
    }
}

/// The form a shared database keeps from its last value write
/// (`WrittenForm`): used while nobody wrote since, never after.
@Suite("The form as the last value write left it")
struct WrittenFormTests {
    @Test func keptOnlyWhileNobodyWroteSince() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let store = try FormDatabase.openShared(path: path, create: false, busyTimeout: 5, geometry: LayoutGeometry(layout: testMinimap))
        defer { try? store.close() }
        let written = try store.setValuesKeepingForm([("first", try FieldInput.checked("Ada", key: "first"))])
        #expect(written.form?.field("first")?.value == "Ada")
        // Nobody wrote since: the kept form is the stored one.
        let kept = try store.definitionWithMinimap()
        #expect(kept.form.field("first")?.value == "Ada")
        #expect(kept.rects == (try store.minimapRects()))
        // Another connection writes: the next read and plan see it.
        try sqlite3(path, "UPDATE field SET value = 'Byron' WHERE key = 'last';")
        #expect(try store.definitionWithMinimap().form.field("last")?.value == "Byron")
        let next = try store.setValuesKeepingForm([("email", try FieldInput.checked("ada@example.com", key: "email"))])
        #expect(next.form?.field("last")?.value == "Byron" || next.form == nil)
        #expect(try sqlite3(path, "SELECT value FROM field WHERE key = 'last';") == "Byron")
        // The session's own other writes move it on too.
        try store.setValue(key: "middle", value: "King")
        #expect(try store.definitionWithMinimap().form.field("middle")?.value == "King")
        #expect(try sqlite3(path, "SELECT count(*) FROM history WHERE source <> 'formctl' AND key IN ('first', 'email', 'middle');") == "0")
    }
}
