import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Many formctl processes at once, and formctl killed at random moments.
/// Serialized: each of these alone keeps both cores busy.
@Suite("reliability", .serialized)
struct ReliabilityTests {
    /// What one writer process did: the exit code of each of its sets.
    private struct WriterLog {
        var process: Int
        var key: String
        var exits: [(iteration: Int, code: Int32)]
        var stderr: String

        func value(_ iteration: Int) -> String { "p\(process)-i\(iteration)" }
        var succeeded: [String] { exits.filter { $0.code == 0 }.map { value($0.iteration) } }
    }

    @Test("8 processes × 100 sets at once: every set exits 0 or 75, history matches the successes exactly")
    func concurrentWriters() throws {
        let processes = 8, iterations = 100
        // Two writers per key: own order within a process, interleaving across.
        let keys = ["first", "middle", "last", "email"]
        let box = try Sandbox()
        try box.createDatabase()
        let binary = try Formctl.binary()

        // A shell loop per process: formctl 100 times, each exit code logged.
        let script = """
            i=1
            while [ "$i" -le "$N" ]; do
                "$FORMCTL" set "$KEY" "p$P-i$i" --db "$DB" >/dev/null 2>>"$ERR"
                echo "$i $?" >>"$LOG"
                i=$((i + 1))
            done
            """
        let writers = try (0..<processes).map { process in
            try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: childEnvironment([
                "FORMCTL": binary.path, "DB": box.db, "KEY": keys[process % keys.count], "P": "\(process)",
                "N": "\(iterations)", "LOG": box.path("writer-\(process).log"), "ERR": box.path("writer-\(process).err"),
            ]), currentDirectory: box.folder)
        }
        for writer in writers {
            let result = writer.wait(timeout: 600)
            #expect(result.succeeded, "\(result)")
        }

        var logs: [WriterLog] = []
        for process in 0..<processes {
            let exits = try String(contentsOfFile: box.path("writer-\(process).log"), encoding: .utf8).lines.map { line in
                let parts = line.split(separator: " ")
                return (iteration: Int(parts[0]) ?? -1, code: Int32(parts[1]) ?? -1)
            }
            let stderr = (try? String(contentsOfFile: box.path("writer-\(process).err"), encoding: .utf8)) ?? ""
            logs.append(WriterLog(process: process, key: keys[process % keys.count], exits: exits, stderr: stderr))
        }

        for log in logs {
            #expect(log.exits.map(\.iteration) == Array(1...iterations), "process \(log.process) logged \(log.exits.count) sets")
            let unexpected = log.exits.filter { $0.code != 0 && $0.code != 75 }
            #expect(unexpected.isEmpty, "process \(log.process): exit codes \(unexpected) — stderr: \(log.stderr.prefix(2000))")
            // One formctl message per failed set, nothing else.
            let failures = log.exits.filter { $0.code != 0 }.count
            let messages = log.stderr.lines
            #expect(messages.count == failures, "process \(log.process): \(failures) failures, stderr: \(log.stderr.prefix(2000))")
            #expect(messages.allSatisfy { $0.hasPrefix("formctl: ") }, "\(log.stderr.prefix(2000))")
            #expect(!log.stderr.contains("database is locked") && !log.stderr.contains("Fatal error"), "\(log.stderr.prefix(2000))")
        }
        let busy = logs.map { $0.exits.filter { $0.code == 75 }.count }.reduce(0, +)
        print("concurrentWriters: \(processes * iterations) sets, \(busy) busy (exit 75)")
        #expect(busy < processes * iterations / 2, "\(busy) of \(processes * iterations) sets were busy")

        // History: exactly the successful sets, in each process's order,
        // all marked formctl, chained old → new for every key.
        let history = try box.rows("SELECT id, key, old_value, new_value, source FROM history WHERE id > 5 ORDER BY id")
        #expect(history.count == logs.map(\.succeeded.count).reduce(0, +))
        #expect(history.allSatisfy { $0[4] == "formctl" }, "rows not marked formctl")
        for log in logs {
            let recorded = history.filter { $0[1] == log.key && ($0[3] ?? "").hasPrefix("p\(log.process)-") }.map { $0[3] ?? "" }
            #expect(recorded == log.succeeded, "process \(log.process): history \(recorded.count) values, \(log.succeeded.count) successes")
        }
        for key in keys {
            let chain = history.filter { $0[1] == key }
            var previous: String? = ""
            for row in chain {
                #expect(row[2] == previous, "\(key): history row \(row[0] ?? "") has old value \(row[2] ?? "nil"), expected \(previous ?? "nil")")
                previous = row[3]
            }
            // The final value is the last committed set, which is the last
            // success of one of the key's writers.
            let final = try box.value("SELECT value FROM field WHERE key = '\(key)'")
            #expect(final == (chain.last?[3] ?? ""), "\(key): value \(final ?? "nil") is not the last history row")
            let lastSuccesses = logs.filter { $0.key == key }.compactMap(\.succeeded.last)
            #expect(lastSuccesses.contains(final ?? ""), "\(key): \(final ?? "nil") is none of \(lastSuccesses)")
        }
        // Derived data is exact and the file sound.
        #expect(try box.value("SELECT COUNT(*) FROM field WHERE key IN ('first', 'middle', 'last', 'email') AND (state <> 'valid' OR color <> 'green')") == "0")
        #expect(try box.value("SELECT COUNT(*) FROM minimap_rect WHERE kind = 'field' AND color <> 'green'") == "0")
        #expect(try box.value("SELECT needs_refresh FROM form") == "0")
        #expect(try box.value("PRAGMA integrity_check") == "ok")
    }

    @Test("8 processes creating the same missing database at once: one seed form, every command succeeds or is busy")
    func concurrentCreation() throws {
        let box = try Sandbox()
        let binary = try Formctl.binary()
        let creators = try (0..<8).map { process in
            try ChildProcess(binary, ["set", seedKeys[process % 4], "p\(process)", "--db", box.db],
                             environment: childEnvironment(), currentDirectory: box.folder)
        }
        let results = creators.map { $0.wait(timeout: 120) }
        for result in results {
            #expect(!result.looksLikeCrash, "\(result)")
            #expect(result.status == 0 || isError(result, 75), "\(result)")
        }
        #expect(results.contains { $0.succeeded })
        #expect(try box.value("SELECT COUNT(*) FROM field") == "5")
        #expect(try box.value("SELECT COUNT(*) FROM form") == "1")
        #expect(try box.value("SELECT COUNT(*) FROM form_row") == "2")
        #expect(try box.rows("SELECT version FROM schema_migration") == [["1"]])
        #expect(try box.value("SELECT COUNT(*) FROM history WHERE new_value = ''") == "5", "the seed was inserted once")
        #expect(try box.value("PRAGMA integrity_check") == "ok")
    }

    @Test("SIGKILL at random moments during sets: the file stays sound and no successful set is lost")
    func killedWriters() throws {
        let box = try Sandbox()
        let binary = try Formctl.binary()
        var generator = SeededGenerator(seed: 0x5EED_F0C7)
        let rounds = 30
        var killedMidSet = 0, successes = 0
        defer { print("killedWriters: \(rounds) rounds, \(killedMidSet) killed during a set, \(successes) successful sets checked") }
        for round in 0..<rounds {
            // The first rounds start without a database: the kill may hit its creation.
            let db = round < 6 ? box.path("fresh-\(round).db") : box.db
            let before = FileManager.default.fileExists(atPath: db)
                ? try box.value("SELECT value FROM field WHERE key = 'first'", db: db) ?? "" : ""
            let outcome = try KilledLoop.run(binary: binary, db: db, round: round,
                                             killAfter: .milliseconds(Int.random(in: 10...200, using: &generator)))
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
            #expect(get.succeeded && !get.looksLikeCrash, "round \(round), after the kill: \(get)")
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
        }
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
