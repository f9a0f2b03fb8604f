import Foundation
import Testing
@testable import FormStore

/// The busy handler gives up when nobody has committed for its timeout (the
/// database's `-wal` unchanged), not when the wait as a whole is that long:
/// a waiter behind writers who keep committing waits its turn.
@Suite("BusyWait: a wait ends on no progress, not on time alone")
struct BusyWaitTests {
    /// Calls `callback` as SQLite would (tries 0, 1, 2, …) until it gives
    /// up or `seconds` pass, running `between` before each later try;
    /// returns whether it gave up, and when.
    private static func wait(_ callback: (Int) -> Bool, for seconds: TimeInterval,
                             between: () -> Void = {}) -> (gaveUp: Bool, after: TimeInterval) {
        let start = Date()
        var tries = 0
        while Date().timeIntervalSince(start) < seconds {
            if tries > 0 { between() }
            if !callback(tries) { return (true, Date().timeIntervalSince(start)) }
            tries += 1
        }
        return (false, Date().timeIntervalSince(start))
    }

    /// A database's path in `folder`, and its `-wal`, made empty.
    private static func database(in folder: TemporaryFolder) -> (path: String, wal: String) {
        let path = folder.path("form.db")
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data())
        return (path, path + "-wal")
    }

    @Test("while the -wal keeps changing, the wait goes on past the timeout; once it stops, the wait ends a timeout later")
    func progressKeepsWaiting() throws {
        let folder = try TemporaryFolder()
        let (path, wal) = Self.database(in: folder)
        let handler = BusyWait(timeout: 0.2, path: path)
        var commits = 0
        // Another writer commits every few milliseconds for 0.8 s: four
        // timeouts' worth of waiting, none of them without progress.
        let busy = Self.wait(handler.callback, for: 0.8) {
            commits += 1
            if let file = FileHandle(forWritingAtPath: wal) {
                file.seekToEndOfFile()
                file.write(Data("frame \(commits)\n".utf8))
                try? file.close()
            }
        }
        #expect(!busy.gaveUp, "gave up after \(busy.after) s with commits coming")
        // Now nobody commits: the next wait gives up, no sooner than the timeout.
        let stalled = Self.wait(handler.callback, for: 30)
        #expect(stalled.gaveUp)
        #expect(stalled.after >= 0.2, "gave up after \(stalled.after) s")
    }

    @Test("without a file to watch, the timeout counts from the start of the wait")
    func timeAloneWithoutAPath() {
        let stalled = Self.wait(BusyWait(timeout: 0.2).callback, for: 30)
        #expect(stalled.gaveUp)
        #expect(stalled.after >= 0.2)
    }

    @Test("a wait never outlasts twelve timeouts, commits or not")
    func boundedWhateverHappens() throws {
        let folder = try TemporaryFolder()
        let (path, wal) = Self.database(in: folder)
        var commits = 0
        let bounded = Self.wait(BusyWait(timeout: 0.05, path: path).callback, for: 30) {
            commits += 1
            _ = FileManager.default.createFile(atPath: wal, contents: Data(repeating: 0, count: commits % 1000))
        }
        #expect(bounded.gaveUp)
        #expect(bounded.after >= 0.6, "gave up after \(bounded.after) s")
    }
}
