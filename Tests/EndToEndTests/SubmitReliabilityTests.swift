import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Nested in ReliabilityTests, which is serialized: these never run at the
/// same time as its 16 writers, which would starve both on two cores.
extension ReliabilityTests {
    /// `formctl submit` under load and under SIGKILL (issue 21): many
    /// processes submitting at once while another process keeps the second
    /// core busy, and submits killed at random moments. Serialized: each of
    /// these alone keeps both cores busy.
    ///
    /// `FORMCTL_RELIABILITY_SETS` (default 100) sets how many submits each of
    /// the 16 processes makes and `FORMCTL_RELIABILITY_ROUNDS` (default 100)
    /// how many SIGKILL rounds run, as for ReliabilityTests.
    @Suite("submit reliability", .serialized, .tags(.reliability), .slow)
    struct SubmitReliabilityTests {
        static let submitsPerProcess = Int(ProcessInfo.processInfo.environment["FORMCTL_RELIABILITY_SETS"] ?? "") ?? 100
        static let killRounds = Int(ProcessInfo.processInfo.environment["FORMCTL_RELIABILITY_ROUNDS"] ?? "") ?? 100

        /// The values a submission tagged `tag` (`p3-r17`) sends: every field
        /// its own value naming the tag, so each stored answer says which
        /// process and round sent it.
        static func values(_ tag: String) -> [String: String] {
            Dictionary(uniqueKeysWithValues: seedKeys.map { ($0, $0 == "email" ? "\(tag)@example.com" : "\(tag)-\($0)") })
        }

        /// `values(tag)` as the JSON object `submit --from` reads.
        static func json(_ tag: String) -> String {
            "{" + seedKeys.map { "\"\($0)\":\"\(values(tag)[$0] ?? "")\"" }.joined(separator: ",") + "}"
        }

        /// Every response in the database: id → key → value, from sqlite3.
        private static func stored(_ box: Sandbox, db: String? = nil) throws -> [Int: [String: String]] {
            var responses: [Int: [String: String]] = [:]
            for row in try box.rows("SELECT r.id, a.key, a.value FROM response r LEFT JOIN answer a ON a.response_id = r.id ORDER BY r.id, a.position", db: db) {
                let id = Int(row[0] ?? "") ?? -1
                var answers = responses[id] ?? [:]
                if let key = row[1] { answers[key] = row[2] ?? "" }
                responses[id] = answers
            }
            return responses
        }

        /// The tag whose values a response holds, if all of them are one tag's.
        private static func tag(of answers: [String: String]) -> String? {
            guard let first = answers["first"], first.hasSuffix("-first") else { return nil }
            let tag = String(first.dropLast("-first".count))
            return answers == values(tag) ? tag : nil
        }

        @Test("16 processes × 100 submit --from at once, the other core busy: no 75, 1,600 distinct responses each holding exactly what its process sent")
        func concurrentSubmitters() throws {
            let processes = 16, submits = Self.submitsPerProcess
            let box = try Sandbox()
            try box.createDatabase()
            let binary = try Formctl.binary()
            // A shell loop per process: a values file of its own per round,
            // then submit --from, its exit code and printed id logged.
            let script = """
                i=1
                while [ "$i" -le "$N" ]; do
                    f="$DIR/p$P-r$i.json"
                    printf '{"first":"p%s-r%s-first","middle":"p%s-r%s-middle","last":"p%s-r%s-last","email":"p%s-r%s@example.com","twitter":"p%s-r%s-twitter"}' \\
                        "$P" "$i" "$P" "$i" "$P" "$i" "$P" "$i" "$P" "$i" >"$f"
                    id=$("$FORMCTL" submit --from "$f" --db "$DB" 2>>"$DIR/p$P.err")
                    echo "$i $? $id" >>"$DIR/p$P.log"
                    i=$((i + 1))
                done
                """
            let busy = try BusyCore()
            let started = ContinuousClock.now
            let children = try (0..<processes).map { process in
                try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: childEnvironment([
                    "FORMCTL": binary.path, "DB": box.db, "DIR": box.folder.path, "P": "\(process)", "N": "\(submits)",
                ]), currentDirectory: box.folder)
            }
            for child in children {
                let result = child.wait(timeout: 900)
                #expect(result.succeeded, "\(result)")
            }
            let elapsed = ContinuousClock.now - started
            busy.stop()

            var acknowledged: [String: Int] = [:]  // tag → the id it printed
            var codes: [Int32] = []
            for process in 0..<processes {
                let log = try String(contentsOfFile: box.path("p\(process).log"), encoding: .utf8)
                let stderr = (try? String(contentsOfFile: box.path("p\(process).err"), encoding: .utf8)) ?? ""
                let lines = log.lines
                #expect(lines.count == submits, "process \(process) logged \(lines.count) submits")
                for line in lines {
                    let parts = line.split(separator: " ")
                    let code = parts.count > 1 ? Int32(parts[1]) ?? -1 : -1
                    codes.append(code)
                    #expect(code == 0, "process \(process): \(line); stderr: \(stderr.prefix(2000))")
                    if code == 0, parts.count == 3, let id = Int(parts[2]) { acknowledged["p\(process)-r\(parts[0])"] = id }
                }
            }
            let responses = try Self.stored(box)
            #expect(codes.filter { $0 == 75 }.isEmpty, "\(codes.filter { $0 == 75 }.count) exits with 75")
            #expect(acknowledged.count == processes * submits, "\(acknowledged.count) submits printed an id")
            #expect(responses.count == processes * submits, "\(responses.count) responses stored")
            #expect(Set(acknowledged.values).count == acknowledged.count, "an id was printed twice")
            for (tag, id) in acknowledged {
                #expect(responses[id] == Self.values(tag), "\(tag): response \(id) holds \(responses[id] ?? [:])")
            }
            #expect(try box.value("SELECT count(*) FROM answer") == "\(processes * submits * seedKeys.count)")
            #expect(try box.value("SELECT count(*) FROM history WHERE key GLOB '#*'") == "\(processes * submits)")
            // submit --from leaves the form's values alone.
            #expect(try box.value("SELECT count(*) FROM field WHERE value <> ''") == "0")
            #expect(try box.value("PRAGMA integrity_check") == "ok")
            #expect(try box.value("PRAGMA foreign_key_check") == nil)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print("concurrentSubmitters: \(processes) processes × \(submits) submit --from, other core busy: \(String(format: "%.1f", seconds)) s, \(codes.filter { $0 == 75 }.count) exits with 75, \(codes.filter { $0 != 0 }.count) failed, \(responses.count) responses")
        }

        @Test("SIGKILL at random moments during values --load, submit and submit --from (100 rounds): every acknowledged response whole, none half-written, values cleared iff the response exists", .tags(.sigkill), .slow)
        func killedSubmitters() throws {
            let box = try Sandbox()
            try box.createDatabase()
            let binary = try Formctl.binary()
            var generator = SeededGenerator(seed: 0x5EED_5B17)
            let rounds = Self.killRounds
            var acknowledged: [String: Int] = [:]  // tag → id, over all rounds
            var kills: [KilledSubmitLoop.Step.Kind: Int] = [:]
            var killedCommitted = 0
            // How long one step takes here (a debug build on a busy machine is
            // slower than a release build): the kills are spread over a few
            // steps' time, so that they hit each step and each moment of it.
            for tag in ["w1", "w2"] {
                #expect(FileManager.default.createFile(atPath: box.path("\(tag).json"), contents: Data(Self.json(tag).utf8)))
            }
            let timed = try [box.ok(["values", "--load", box.path("w1.json")]), box.ok(["submit"]), box.ok(["submit", "--from", box.path("w2.json")])]
            let step = timed.map(\.seconds).reduce(0, +) / Double(timed.count)
            for (tag, result) in [("w1", timed[1]), ("w2", timed[2])] {
                if let id = Int(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)) { acknowledged[tag] = id }
            }
            #expect(acknowledged.count == 2)
            let started = ContinuousClock.now
            defer {
                let elapsed = ContinuousClock.now - started
                print("killedSubmitters: \(rounds) rounds, \(acknowledged.count) acknowledged responses checked, killed during values --load \(kills[.load] ?? 0), submit \(kills[.submit] ?? 0), submit --from \(kills[.from] ?? 0) (\(killedCommitted) of those had committed), one step \(Int(step * 1000)) ms, \(elapsed.components.seconds) s")
            }
            for round in 0..<rounds {
                let before = try Self.formValues(box)
                let delay = Int(step * 1000 * Double.random(in: 0.2...4, using: &generator))
                let outcome = try KilledSubmitLoop.run(binary: binary, db: box.db, round: round, startsWith: round % 3,
                                                       killAfter: .milliseconds(delay))
                #expect(outcome.unexpected.isEmpty, "round \(round): \(outcome.unexpected)")
                for (tag, id) in outcome.acknowledged { acknowledged[tag] = id }
                if let killed = outcome.killed { kills[killed.kind, default: 0] += 1 }

                // Half the rounds look with sqlite3 first (it recovers the
                // WAL), half with formctl first.
                if round % 2 == 0 {
                    #expect(try box.value("PRAGMA integrity_check") == "ok", "round \(round)")
                }
                let listed = try box.formctl(["responses", "--format", "csv"])
                expectDocumented(listed, [0], "round \(round), responses after the kill")
                #expect(try box.value("PRAGMA integrity_check") == "ok", "round \(round)")
                #expect(try box.value("PRAGMA foreign_key_check") == nil, "round \(round)")

                // Nothing half-written: no answer without its response, every
                // response holds one answer per field, all of one submission.
                #expect(try box.value("SELECT count(*) FROM answer WHERE response_id NOT IN (SELECT id FROM response)") == "0", "round \(round)")
                let responses = try Self.stored(box)
                var tags: [String: Int] = [:]
                for (id, answers) in responses {
                    guard let tag = Self.tag(of: answers) else {
                        Issue.record("round \(round): response \(id) is not one submission's values: \(answers)")
                        continue
                    }
                    #expect(tags[tag] == nil, "round \(round): \(tag) stored twice")
                    tags[tag] = id
                }
                // Every acknowledged response is there, whole, under its id.
                for (tag, id) in acknowledged {
                    #expect(tags[tag] == id, "round \(round): acknowledged \(tag) (id \(id)) is \(tags[tag].map { "response \($0)" } ?? "missing")")
                }
                // The only response not acknowledged may be the killed submit's.
                let extra = Set(tags.keys).subtracting(acknowledged.keys)
                let killedTag = outcome.killed.flatMap { $0.kind == .load ? nil : $0.tag }
                #expect(extra.isSubset(of: killedTag.map { [$0] } ?? []), "round \(round): responses nobody submitted: \(extra)")
                if let killedTag, let id = tags[killedTag] {
                    killedCommitted += 1
                    acknowledged[killedTag] = id  // later rounds must keep it too
                }

                // The form's values: cleared iff the killed submit's response
                // exists; a killed load leaves the old values or the new ones.
                let values = try Self.formValues(box)
                let expected = outcome.formValues ?? before
                switch outcome.killed?.kind {
                case .submit?:
                    let tag = outcome.killed?.tag ?? ""
                    if tags[tag] != nil {
                        #expect(values.allSatisfy { $0.value.isEmpty }, "round \(round): \(tag) stored but the values were not cleared: \(values)")
                    } else {
                        #expect(values == Self.values(tag), "round \(round): \(tag) not stored and the values changed: \(values)")
                    }
                case .load?:
                    let tag = outcome.killed?.tag ?? ""
                    #expect(values == expected || values == Self.values(tag), "round \(round): after a killed load of \(tag): \(values)")
                case .from?, nil:
                    #expect(values == expected, "round \(round): values \(values), expected \(expected)")
                }
                #expect(try box.value("SELECT open_response FROM form") == nil, "round \(round)")
                #expect(try box.value("SELECT needs_refresh FROM form") == "0", "round \(round)")
                // History has one row per response stored (no response is
                // ever deleted here).
                #expect(try box.value("SELECT count(*) FROM history WHERE key GLOB '#*'") == "\(responses.count)", "round \(round)")
            }
        }

        /// The form's values, key → value, from sqlite3.
        private static func formValues(_ box: Sandbox) throws -> [String: String] {
            var values: [String: String] = [:]
            for row in try box.rows("SELECT key, value FROM field") { values[row[0] ?? ""] = row[1] ?? "" }
            return values
        }
    }
}

/// A loop of submissions run from the test, one process at a time, whose
/// current process is killed with SIGKILL after a delay. Iterations take
/// turns: `submit --from FILE`, then `values --load FILE` followed by
/// `submit` (the form's values, which clears them), each iteration with
/// values of its own (`rROUND-iN`).
enum KilledSubmitLoop {
    struct Step {
        enum Kind: Hashable { case from, load, submit }
        var kind: Kind
        var tag: String
    }

    struct Outcome {
        /// Responses whose submit exited 0 and printed their id: tag → id.
        var acknowledged: [(tag: String, id: Int)] = []
        /// The step running when the kill came, if any.
        var killed: Step?
        /// The form's values after the last step that finished, as the
        /// loop knows them; nil: as they were before the round.
        var formValues: [String: String]?
        /// Steps that failed otherwise than by the kill.
        var unexpected: [String] = []
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var stopped = false
        var current: (child: ChildProcess, step: Step)?
        var outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
    }

    static func run(binary: URL, db: String, round: Int, startsWith first: Int, killAfter delay: Duration) throws -> Outcome {
        let state = State()
        let environment = childEnvironment()
        let folder = URL(fileURLWithPath: db).deletingLastPathComponent()
        Thread.detachNewThread {
            var iteration = 0
            loop: while true {
                iteration += 1
                let tag = "r\(round)-i\(iteration)"
                let file = folder.appendingPathComponent("\(tag).json").path
                guard FileManager.default.createFile(atPath: file, contents: Data(ReliabilityTests.SubmitReliabilityTests.json(tag).utf8)) else {
                    state.lock.withLock { state.outcome.unexpected.append("\(tag): cannot write \(file)") }
                    break
                }
                let steps: [(Step, [String])] = (iteration + first) % 2 == 0
                    ? [(Step(kind: .from, tag: tag), ["submit", "--from", file, "--db", db])]
                    : [(Step(kind: .load, tag: tag), ["values", "--load", file, "--db", db]),
                       (Step(kind: .submit, tag: tag), ["submit", "--db", db])]
                for (step, arguments) in steps {
                    state.lock.lock()
                    if state.stopped {
                        state.lock.unlock()
                        break loop
                    }
                    let child: ChildProcess
                    do {
                        child = try ChildProcess(binary, arguments, environment: environment, currentDirectory: folder)
                    } catch {
                        state.outcome.unexpected.append("\(tag): cannot start: \(error)")
                        state.lock.unlock()
                        break loop
                    }
                    state.current = (child, step)
                    state.lock.unlock()

                    let result = child.wait(timeout: 60)
                    state.lock.lock()
                    state.current = nil
                    let stop = state.stopped
                    if result.succeeded {
                        switch step.kind {
                        case .load:
                            state.outcome.formValues = ReliabilityTests.SubmitReliabilityTests.values(tag)
                        case .submit, .from:
                            let printed = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
                            if let id = Int(printed) {
                                state.outcome.acknowledged.append((tag, id))
                            } else {
                                state.outcome.unexpected.append("\(tag): submit printed '\(printed)', not an id")
                            }
                            if step.kind == .submit { state.outcome.formValues = Dictionary(uniqueKeysWithValues: seedKeys.map { ($0, "") }) }
                        }
                    } else if !(result.signalled && result.status == SIGKILL && stop) {
                        state.outcome.unexpected.append("\(tag) \(step.kind): \(result)")
                    }
                    state.lock.unlock()
                    if stop || !result.succeeded { break loop }
                }
            }
            state.finished.signal()
        }
        Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        state.lock.lock()
        state.stopped = true
        if let (child, step) = state.current {
            child.send(SIGKILL)
            state.outcome.killed = step
        }
        state.lock.unlock()
        guard state.finished.wait(timeout: .now() + 120) == .success else {
            throw TestFailure("round \(round): the submit loop did not stop")
        }
        return state.lock.withLock { state.outcome }
    }
}
