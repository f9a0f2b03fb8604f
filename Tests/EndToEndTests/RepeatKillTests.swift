import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Nested in ReliabilityTests, which is serialized: never at the same time
/// as its writers, which would starve both on two cores.
extension ReliabilityTests {
    /// `formctl repeat add`, `repeat remove` and a nested `submit --from`
    /// killed with SIGKILL at random moments (issue 46): after each kill the
    /// change is either whole or not there at all. `FORMCTL_RELIABILITY_ROUNDS`
    /// (default 100) sets how many rounds run.
    @Suite("repeats under SIGKILL", .serialized, .tags(.reliability), .slow)
    struct RepeatKillTests {
        static let rounds = Int(ProcessInfo.processInfo.environment["FORMCTL_RELIABILITY_ROUNDS"] ?? "") ?? 100
        static let family = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/forms/family.yaml").path

        /// The children's names in the form, in instance order, and whether
        /// the instances are numbered 1 to N with three fields each and one
        /// group row each (the structure is whole).
        static func children(_ box: Sandbox) throws -> (names: [String], whole: Bool) {
            let names = try box.rows("SELECT path, value FROM form_values WHERE path GLOB 'children.*.name' ORDER BY CAST(substr(path, 10) AS INTEGER)")
            let count = names.count
            let expectedPaths = (0..<count).map { "children.\($0 + 1).name" }
            let fields = try box.value("SELECT count(*) FROM field WHERE key GLOB 'children.*'")
            let instances = try box.value("SELECT count(*) FROM form_group WHERE path GLOB 'children.*'")
            let whole = names.map { $0[0] ?? "" } == expectedPaths && fields == "\(count * 3)" && instances == "\(count)"
            return (names.map { $0[1] ?? "" }, whole)
        }

        /// The submissions tagged by round, each with its children's names
        /// as stored: response address → names in instance order.
        static func submitted(_ box: Sandbox) throws -> [String: [String]] {
            var result: [String: [String]] = [:]
            for row in try box.rows("SELECT value FROM answer WHERE key = 'address'") { result[row[0] ?? ""] = [] }
            for row in try box.rows("""
                SELECT a.value, c.value FROM answer a JOIN answer c ON c.response_id = a.response_id
                WHERE a.key = 'address' AND c.key GLOB 'children.*.name' ORDER BY a.response_id, CAST(substr(c.key, 10) AS INTEGER)
                """) {
                result[row[0] ?? "", default: []].append(row[1] ?? "")
            }
            return result
        }

        @Test("SIGKILL at random moments during repeat add, repeat remove and a nested submit --from (100 rounds): each change whole or not there, every acknowledged one there", .tags(.sigkill), .slow)
        func killedRepeatWrites() throws {
            let box = try Sandbox()
            try box.ok(["apply", Self.family])
            try box.ok(["set", "children.1.name", "start"])
            let binary = try Formctl.binary()
            var generator = SeededGenerator(seed: 0x5EED_46)
            // One step's time here, so that the kills fall before, during and after each write.
            let step = try box.ok(["repeat", "add", "children"]).seconds
            try box.ok(["set", "children.2.name", "second"])
            var kills: [String: Int] = [:], completed: [String: Int] = [:]
            var acknowledged: [String: [String]] = [:]  // submission tag → its children's names
            let started = ContinuousClock.now
            defer {
                print("killedRepeatWrites: \(Self.rounds) rounds, killed \(kills), completed \(completed), one step \(Int(step * 1000)) ms, \(ContinuousClock.now - started)")
            }
            for round in 0..<Self.rounds {
                let before = try Self.children(box)
                #expect(before.whole, "round \(round): \(before)")
                let count = before.names.count
                let kind = round % 3 == 2 ? "submit" : (count <= 1 || (count < 8 && round % 3 == 0) ? "add" : "remove")
                var arguments: [String]
                var submittedNames: [String] = []
                let tag = "r\(round)"
                switch kind {
                case "add":
                    arguments = ["repeat", "add", "children"]
                case "remove":
                    arguments = ["repeat", "remove", "children.1"]
                default:
                    submittedNames = (1...(round % 4 + 1)).map { "\(tag)-\($0)" }
                    let children = submittedNames.map { #"{"name":"\#($0)","age":\#(round % 20)}"# }.joined(separator: ",")
                    let file = box.path("\(tag).json")
                    #expect(FileManager.default.createFile(atPath: file, contents: Data(#"{"address":"\#(tag)","children":[\#(children)],"nicknames":["\#(tag)"]}"#.utf8)))
                    arguments = ["submit", "--from", file]
                }
                let child = try ChildProcess(binary, arguments + ["--db", box.db], environment: childEnvironment(), currentDirectory: box.folder)
                let delay = step * Double.random(in: 0.1...1.5, using: &generator)
                Thread.sleep(forTimeInterval: delay)
                child.send(SIGKILL)
                let result = child.wait(timeout: 60)
                let finished = !result.signalled
                if finished {
                    #expect(result.status == 0, "round \(round): \(result)")
                    completed[kind, default: 0] += 1
                } else {
                    kills[kind, default: 0] += 1
                }

                // sqlite3 first in half the rounds (it recovers the WAL), formctl first in the others.
                if round % 2 == 0 { #expect(try box.value("PRAGMA integrity_check") == "ok", "round \(round)") }
                let listed = try box.formctl(["repeat", "list", "children"])
                expectDocumented(listed, [0], "round \(round), repeat list after the kill")
                #expect(try box.value("PRAGMA integrity_check") == "ok", "round \(round)")
                #expect(try box.value("PRAGMA foreign_key_check") == nil, "round \(round)")

                let after = try Self.children(box)
                #expect(after.whole, "round \(round) (\(kind), \(finished ? "finished" : "killed")): the instances are not whole: \(after)")
                switch kind {
                case "add":
                    let added = before.names + [""]
                    #expect(after.names == added || (!finished && after.names == before.names), "round \(round): \(before.names) → \(after.names)")
                    if after.names == added { try box.ok(["set", "children.\(added.count).name", tag]) }
                case "remove":
                    let removed = Array(before.names.dropFirst())
                    #expect(after.names == removed || (!finished && after.names == before.names), "round \(round): \(before.names) → \(after.names)")
                default:
                    #expect(after.names == before.names, "round \(round): submit --from changed the form's instances")
                    let stored = try Self.submitted(box)
                    if finished { acknowledged[tag] = submittedNames }
                    if let names = stored[tag] {
                        #expect(names == submittedNames, "round \(round): stored \(names), sent \(submittedNames)")
                        acknowledged[tag] = submittedNames
                    }
                    // Every response whole: each acknowledged one, with its instances; no response half there.
                    for (sent, names) in acknowledged {
                        #expect(stored[sent] == names, "round \(round): acknowledged \(sent) is \(stored[sent].map { "\($0)" } ?? "missing")")
                    }
                    #expect(Set(stored.keys).subtracting(acknowledged.keys).isEmpty, "round \(round): responses nobody submitted: \(stored.keys)")
                    #expect(try box.value("SELECT count(*) FROM answer WHERE response_id NOT IN (SELECT id FROM response)") == "0")
                    #expect(try box.value("SELECT count(DISTINCT response_id) FROM answer") == "\(stored.count)")
                }
            }
            #expect((kills["add"] ?? 0) > 0 && (kills["remove"] ?? 0) > 0 && (kills["submit"] ?? 0) > 0, "every kind of write was killed: \(kills)")
        }
    }
}
