import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Many formctl processes at once, and formctl killed at random moments,
/// while another process keeps the second core busy (formctl's busy
/// handling must not depend on an idle machine). Serialized: each of these
/// alone keeps both cores busy.
///
/// `FORMCTL_RELIABILITY_SETS` (default 100) sets how many sets each writer
/// makes and `FORMCTL_RELIABILITY_ROUNDS` (default 100) how many SIGKILL
/// rounds run; the figures each test prints are quoted in the README.
@Suite("reliability", .serialized, .tags(.reliability), .slow)
struct ReliabilityTests {
    static let setsPerWriter = Int(ProcessInfo.processInfo.environment["FORMCTL_RELIABILITY_SETS"] ?? "") ?? 100
    static let killRounds = Int(ProcessInfo.processInfo.environment["FORMCTL_RELIABILITY_ROUNDS"] ?? "") ?? 100

    /// What one writer process did: the exit code of each of its sets.
    private struct WriterLog {
        var process: Int
        var key: String
        var exits: [(iteration: Int, code: Int32)]
        var stderr: String

        func value(_ iteration: Int) -> String { "p\(process)-i\(iteration)" }
        var succeeded: [String] { exits.filter { $0.code == 0 }.map { value($0.iteration) } }
    }

    /// Runs `processes` shell loops of `iterations` sets each at once, the
    /// process numbered `p` writing `keyOf(p)`, and reads back their logs.
    private func runWriters(_ box: Sandbox, processes: Int, iterations: Int, keyOf: (Int) -> String) throws -> (logs: [WriterLog], seconds: Double) {
        let binary = try Formctl.binary()
        // A shell loop per process: formctl N times, each exit code logged.
        let script = """
            i=1
            while [ "$i" -le "$N" ]; do
                "$FORMCTL" set "$KEY" "p$P-i$i" --db "$DB" >/dev/null 2>>"$ERR"
                echo "$i $?" >>"$LOG"
                i=$((i + 1))
            done
            """
        let started = ContinuousClock.now
        let writers = try (0..<processes).map { process in
            try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: childEnvironment([
                "FORMCTL": binary.path, "DB": box.db, "KEY": keyOf(process), "P": "\(process)",
                "N": "\(iterations)", "LOG": box.path("writer-\(process).log"), "ERR": box.path("writer-\(process).err"),
            ]), currentDirectory: box.folder)
        }
        for writer in writers {
            let result = writer.wait(timeout: 900)
            #expect(result.succeeded, "\(result)")
        }
        let elapsed = ContinuousClock.now - started
        var logs: [WriterLog] = []
        for process in 0..<processes {
            let exits = try String(contentsOfFile: box.path("writer-\(process).log"), encoding: .utf8).lines.map { line in
                let parts = line.split(separator: " ")
                return (iteration: Int(parts[0]) ?? -1, code: Int32(parts[1]) ?? -1)
            }
            let stderr = (try? String(contentsOfFile: box.path("writer-\(process).err"), encoding: .utf8)) ?? ""
            logs.append(WriterLog(process: process, key: keyOf(process), exits: exits, stderr: stderr))
        }
        return (logs, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Every set exited 0 (no 75, nothing else), history holds each
    /// acknowledged set exactly once in each process's order, each key's
    /// value is its last acknowledged write, and the file is sound.
    private func expectEveryWriteKept(_ box: Sandbox, _ logs: [WriterLog], since firstID: String, iterations: Int) throws {
        for log in logs {
            #expect(log.exits.map(\.iteration) == Array(1...iterations), "process \(log.process) logged \(log.exits.count) sets")
            let failed = log.exits.filter { $0.code != 0 }
            #expect(failed.isEmpty, "process \(log.process): exit codes \(failed.prefix(10)) — stderr: \(log.stderr.prefix(2000))")
        }
        let history = try box.rows("SELECT id, key, old_value, new_value, source FROM history WHERE id > \(firstID) ORDER BY id")
        let acknowledged = logs.flatMap(\.succeeded)
        var counts: [String: Int] = [:]
        for row in history { counts[row[3] ?? "", default: 0] += 1 }
        let missing = acknowledged.filter { counts[$0] == nil }
        let repeated = counts.filter { $0.value > 1 }.map(\.key)
        #expect(missing.isEmpty, "\(missing.count) acknowledged sets missing from history, e.g. \(missing.prefix(5))")
        #expect(repeated.isEmpty, "recorded more than once: \(repeated.prefix(5))")
        #expect(history.count == acknowledged.count, "history has \(history.count) rows for \(acknowledged.count) acknowledged sets")
        #expect(history.allSatisfy { $0[4] == "formctl" }, "rows not marked formctl")
        for log in logs {
            let recorded = history.filter { $0[1] == log.key && ($0[3] ?? "").hasPrefix("p\(log.process)-") }.map { $0[3] ?? "" }
            #expect(recorded == log.succeeded, "process \(log.process): history \(recorded.count) values, \(log.succeeded.count) successes, order kept")
        }
        for key in Set(logs.map(\.key)) {
            let chain = history.filter { $0[1] == key }
            for (previous, row) in zip(chain, chain.dropFirst()) {
                #expect(row[2] == previous[3], "\(key): history row \(row[0] ?? "") has old value \(row[2] ?? "nil"), expected \(previous[3] ?? "nil")")
            }
            // The last acknowledged write of the key is the one committed
            // last: the last history row, which is the last success of
            // its writer.
            let final = try box.value("SELECT value FROM field WHERE key = '\(key)'")
            #expect(final == chain.last?[3], "\(key): value \(final ?? "nil") is not the last acknowledged write \(chain.last?[3] ?? "nil")")
            let lastSuccesses = logs.filter { $0.key == key }.compactMap(\.succeeded.last)
            #expect(lastSuccesses.contains(final ?? ""), "\(key): \(final ?? "nil") is none of \(lastSuccesses)")
        }
        #expect(try box.value("SELECT needs_refresh FROM form") == "0")
        #expect(try box.value("PRAGMA integrity_check") == "ok")
        #expect(try box.value("PRAGMA foreign_key_check") == nil)
    }

    @Test("16 processes × 100 sets, each on its own key, the other core busy: no 75, every acknowledged set in history once")
    func concurrentWritersOwnKeys() throws {
        let processes = 16, iterations = Self.setsPerWriter
        let box = try Sandbox()
        try box.createDatabase()
        // The seed's five fields and eleven more in a third row.
        try box.ok(["row", "add"])
        let keys = seedKeys + (seedKeys.count..<processes).map { "w\($0)" }
        for key in keys.dropFirst(seedKeys.count) { try box.ok(["field", "add", key, key.uppercased(), "--row", "3"]) }
        let firstID = try box.value("SELECT MAX(id) FROM history") ?? "0"
        let busy = try BusyCore()
        let (logs, seconds) = try runWriters(box, processes: processes, iterations: iterations) { keys[$0] }
        busy.stop()
        try expectEveryWriteKept(box, logs, since: firstID, iterations: iterations)
        print("concurrentWritersOwnKeys: \(processes) processes × \(iterations) sets on their own keys, other core busy: \(String(format: "%.1f", seconds)) s, \(logs.flatMap(\.exits).filter { $0.code == 75 }.count) exits with 75, \(logs.flatMap(\.exits).filter { $0.code != 0 }.count) failed")
    }

    @Test("16 processes × 100 sets all on one key, the other core busy: no 75, every acknowledged set in history once, the last one kept")
    func concurrentWritersOneKey() throws {
        let processes = 16, iterations = Self.setsPerWriter
        let box = try Sandbox()
        try box.createDatabase()
        let firstID = try box.value("SELECT MAX(id) FROM history") ?? "0"
        let busy = try BusyCore()
        let (logs, seconds) = try runWriters(box, processes: processes, iterations: iterations) { _ in "first" }
        busy.stop()
        try expectEveryWriteKept(box, logs, since: firstID, iterations: iterations)
        print("concurrentWritersOneKey: \(processes) processes × \(iterations) sets on one key, other core busy: \(String(format: "%.1f", seconds)) s, \(logs.flatMap(\.exits).filter { $0.code == 75 }.count) exits with 75, \(logs.flatMap(\.exits).filter { $0.code != 0 }.count) failed")
    }

    @Test("16 processes creating the same missing database at once, 5 times, the other core busy: all succeed, one seed form")
    func concurrentCreation() throws {
        let binary = try Formctl.binary()
        let busy = try BusyCore()
        defer { busy.stop() }
        var busyExits = 0, failures = 0
        for round in 0..<5 {
            let box = try Sandbox()
            let creators = try (0..<16).map { process in
                try ChildProcess(binary, ["set", seedKeys[process % 4], "r\(round)-p\(process)", "--db", box.db],
                                 environment: childEnvironment(), currentDirectory: box.folder)
            }
            let results = creators.map { $0.wait(timeout: 120) }
            for result in results {
                expectDocumented(result, [0], "round \(round): creator")
                busyExits += result.status == 75 ? 1 : 0
                failures += result.succeeded ? 0 : 1
            }
            #expect(try box.value("SELECT COUNT(*) FROM field") == "5")
            #expect(try box.value("SELECT COUNT(*) FROM form") == "1")
            #expect(try box.value("SELECT COUNT(*) FROM form_row") == "2")
            let versions = try box.rows("SELECT version FROM schema_migration ORDER BY version").map { $0[0] ?? "" }
            #expect(versions == (1...versions.count).map(String.init), "one row per migration: \(versions)")
            #expect(try box.value("SELECT COUNT(*) FROM history WHERE old_value IS NULL") == "5", "the seed was inserted once")
            let recorded = Set(try box.rows("SELECT new_value FROM history WHERE source = 'formctl' AND old_value IS NOT NULL").compactMap { $0[0] })
            for (process, result) in results.enumerated() where result.succeeded {
                #expect(recorded.contains("r\(round)-p\(process)"), "round \(round): acknowledged set of creator \(process) missing")
            }
            #expect(try box.value("PRAGMA integrity_check") == "ok")
            let names = Set(box.snapshot.description.components(separatedBy: ", "))
            #expect(names.isSubset(of: ["form.db", "form.db-wal", "form.db-shm"]), "round \(round): left beside the database: \(names)")
        }
        print("concurrentCreation: 5 rounds × 16 creators, other core busy: \(busyExits) exits with 75, \(failures) failed")
    }

    @Test("SIGKILL at random moments during creation, migration and sets (100 rounds): no acknowledged write lost, no corruption, no busy exit", .tags(.sigkill), .slow)
    func killedWriters() throws {
        let box = try Sandbox()
        let binary = try Formctl.binary()
        var generator = SeededGenerator(seed: 0x5EED_F0C7)
        let rounds = Self.killRounds
        var killedMidSet = 0, successes = 0, creations = 0, migrations = 0
        let started = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - started
            print("killedWriters: \(rounds) rounds (\(creations) from no file, \(migrations) from a version-1 file), \(killedMidSet) killed during a set, \(successes) successful sets checked, \(elapsed.components.seconds) s")
        }
        for round in 0..<rounds {
            // A fifth of the rounds start without a database (the kill may
            // hit its creation), a fifth from a version-1 file (the kill
            // may hit its migration), the rest on one long-lived file.
            let db: String
            let killAfter: Int
            switch round % 5 {
            case 0:
                db = box.path("fresh-\(round).db")
                killAfter = Int.random(in: 1...80, using: &generator)
                creations += 1
            case 1:
                db = box.path("old-\(round).db")
                let loaded = try runSQLScript(versionOneDatabaseScript, db: db)
                try #require(loaded.succeeded && loaded.stderr.isEmpty, "\(loaded)")
                killAfter = Int.random(in: 1...80, using: &generator)
                migrations += 1
            default:
                db = box.db
                killAfter = Int.random(in: 10...200, using: &generator)
            }
            let before = FileManager.default.fileExists(atPath: db)
                ? try box.value("SELECT value FROM field WHERE key = 'first'", db: db) ?? "" : ""
            let outcome = try KilledLoop.run(binary: binary, db: db, round: round, killAfter: .milliseconds(killAfter))
            #expect(outcome.unexpected.isEmpty, "round \(round): \(outcome.unexpected)")
            killedMidSet += outcome.killed == nil ? 0 : 1
            successes += outcome.succeeded.count

            // Half the rounds look with sqlite3 first (it recovers the
            // WAL), half with formctl first.
            let exists = FileManager.default.fileExists(atPath: db)
            if round % 2 == 0, exists {
                #expect(try box.value("PRAGMA integrity_check", db: db) == "ok", "round \(round)")
            }
            let get = try box.formctl(["get", "first"], db: db)
            expectDocumented(get, [0], "round \(round), get after the kill")
            #expect(try box.value("PRAGMA integrity_check", db: db) == "ok", "round \(round)")
            #expect(try box.value("PRAGMA foreign_key_check", db: db) == nil, "round \(round)")

            let recorded = Set(try box.rows("SELECT new_value FROM history WHERE key = 'first' AND source = 'formctl'", db: db).compactMap { $0[0] })
            let lost = outcome.succeeded.filter { !recorded.contains($0) }
            #expect(lost.isEmpty, "round \(round): successful sets missing from history: \(lost)")
            // The value is the last successful set, or the killed one if it
            // committed before dying.
            let value = String(get.stdoutText.dropLast())
            let allowed = [outcome.succeeded.last ?? before] + (outcome.killed.map { [$0] } ?? [])
            #expect(allowed.contains(value), "round \(round): value \(value), expected one of \(allowed)")
            #expect(try box.value("SELECT COUNT(*) FROM field", db: db) == "5", "round \(round)")
            #expect(try box.value("SELECT needs_refresh FROM form", db: db) == "0", "round \(round)")
            let versions = try box.rows("SELECT version FROM schema_migration ORDER BY version", db: db).map { $0[0] ?? "" }
            #expect(versions == (1...max(1, versions.count)).map(String.init), "round \(round): migrations \(versions)")
        }
    }
}

/// A process that keeps one core busy: a shell counting, which looks at
/// the clock between runs of 100,000 steps and ends by itself after
/// `seconds` even if the test never stops it. (Not `timeout`: Foundation's
/// `Process` did not reap a `timeout` that exited on SIGTERM, and waiting
/// for it hung the test.)
final class BusyCore: @unchecked Sendable {
    private let child: ChildProcess

    init(seconds: Int = 600) throws {
        let script = """
            end=$(( $(date +%s) + \(seconds) ))
            while [ "$(date +%s)" -lt "$end" ]; do
                i=0
                while [ "$i" -lt 100000 ]; do i=$((i + 1)); done
            done
            """
        child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: childEnvironment())
    }

    /// Ends the spinner.
    func stop() {
        child.send(SIGKILL)
        _ = child.wait(timeout: 10)
    }
}

/// A loop of `formctl set first rROUND-iN` run from the test, one process
/// at a time, whose current process is killed with SIGKILL after a delay.
enum KilledLoop {
    struct Outcome {
        /// Values whose set exited 0, in order.
        var succeeded: [String] = []
        /// The value being set when the kill came, if a set was running.
        var killed: String?
        /// Sets that failed otherwise than by the kill.
        var unexpected: [String] = []
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var stopped = false
        var current: (child: ChildProcess, value: String)?
        var outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
    }

    static func run(binary: URL, db: String, round: Int, killAfter delay: Duration) throws -> Outcome {
        let state = State()
        let environment = childEnvironment()
        let folder = URL(fileURLWithPath: db).deletingLastPathComponent()
        Thread.detachNewThread {
            var iteration = 0
            while true {
                iteration += 1
                let value = "r\(round)-i\(iteration)"
                state.lock.lock()
                if state.stopped {
                    state.lock.unlock()
                    break
                }
                let child: ChildProcess
                do {
                    child = try ChildProcess(binary, ["set", "first", value, "--db", db], environment: environment,
                                             currentDirectory: folder)
                } catch {
                    state.outcome.unexpected.append("\(value): cannot start: \(error)")
                    state.lock.unlock()
                    break
                }
                state.current = (child, value)
                state.lock.unlock()

                let result = child.wait(timeout: 60)
                state.lock.lock()
                state.current = nil
                if result.succeeded {
                    state.outcome.succeeded.append(value)
                } else if !(result.signalled && result.status == SIGKILL && state.stopped) {
                    state.outcome.unexpected.append("\(value): \(result)")
                }
                let stop = state.stopped
                state.lock.unlock()
                if stop { break }
            }
            state.finished.signal()
        }
        Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        state.lock.lock()
        state.stopped = true
        if let (child, value) = state.current {
            child.send(SIGKILL)
            state.outcome.killed = value
        }
        state.lock.unlock()
        guard state.finished.wait(timeout: .now() + 120) == .success else {
            throw TestFailure("round \(round): the set loop did not stop")
        }
        return state.lock.withLock { state.outcome }
    }
}
