import Foundation
import Testing
@testable import FormStore

/// A holder of the write lock that is still at work (here, a `sqlite3`
/// shell running a long query inside its transaction) keeps a writer
/// waiting past the busy timeout; `RefusalTests.lockedDatabaseReportsBusy`
/// is the other half, a holder asleep with the lock.
@Suite("WriteLockHolder: the lock's holder, found in /proc, and whether it is at work")
struct WriteLockHolderTests {
    @Test("/proc/locks: the WRITE lock over byte 120 of that file, not READ locks, waiting requests or other files")
    func parsesLocks() {
        let device: UInt64 = 0xfe00 // major 0xfe, minor 0 in glibc's encoding
        let text = """
            1: POSIX  ADVISORY  READ 11 fe:00:77 120 120
            1: -> POSIX  ADVISORY  WRITE 12 fe:00:77 120 120
            2: POSIX  ADVISORY  WRITE 13 fe:01:77 120 120
            3: POSIX  ADVISORY  WRITE 14 fe:00:78 120 120
            4: FLOCK  ADVISORY  WRITE 15 fe:00:77 0 EOF
            5: POSIX  ADVISORY  WRITE 16 fe:00:77 121 EOF
            6: POSIX  ADVISORY  WRITE 17 fe:00:77 120 120
            """
        #expect(WriteLockHolder.writer(in: text, device: device, inode: 77) == 17)
        #expect(WriteLockHolder.writer(in: "7: POSIX  ADVISORY  WRITE 18 fe:00:77 0 EOF", device: device, inode: 77) == 18)
        #expect(WriteLockHolder.writer(in: String(text.split(separator: "\n").dropLast().joined(separator: "\n")),
                                       device: device, inode: 77) == nil)
        #expect(WriteLockHolder.writer(in: "", device: device, inode: 77) == nil)
    }

    @Test("/proc/PID/stat: state and CPU ticks counted from the last parenthesis, whatever the command's name")
    func parsesStat() {
        let stat = "4242 (a) b (c)) S 1 4242 4242 0 -1 4194560 100 0 0 0 7 5 0 0 20 0 1 0 123 4096 100"
        let parsed = WriteLockHolder.stateAndTicks(inStat: stat)
        #expect(parsed?.state == "S")
        #expect(parsed?.ticks == 12)
        #expect(WriteLockHolder.stateAndTicks(inStat: "4242 (a) S 1") == nil)
        #expect(WriteLockHolder.stateAndTicks(inStat: "") == nil)
    }

    @Test("a sqlite3 shell computing inside its transaction for longer than the busy timeout: found, at work, and the write waits for it")
    func workingHolderKeepsWriterWaiting() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        // A timeout of 0.4 s gives up on a still holder after 0.4 s and on
        // any wait after 4.8 s; the shell's query takes about a second on an
        // idle core (two with `stress-ng --cpu 2` and the suite alongside),
        // writing nothing until it commits.
        let store = try openStore(path, busyTimeout: 0.4)
        defer { try? store.close() }
        let marker = folder.path("locked")
        let shell = Process()
        shell.executableURL = try sqlite3Executable()
        shell.arguments = ["-batch", "-bail", "-init", "/dev/null", path, "BEGIN IMMEDIATE;",
                           ".shell touch '\(marker)'",
                           "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000000) SELECT count(*) FROM c;",
                           "COMMIT;"]
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        defer { shell.waitUntilExit() }
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        #if os(Linux)
        let holder = WriteLockHolder(shm: path + "-shm")
        #expect(holder?.pid == shell.processIdentifier)
        #expect(holder?.isThisProcess == false)
        #endif
        let started = Date()
        #expect(try store.setValue(key: "first", value: "x").value == "x")
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        print("workingHolderKeepsWriterWaiting: the write waited \(String(format: "%.2f", Date().timeIntervalSince(started))) s for the holder")
    }
}
