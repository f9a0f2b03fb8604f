import Foundation
import Testing

/// `formctl serve --collect` killed with SIGKILL while respondents and the
/// owner write at once, so that writes are being committed in groups
/// (FormStore's `GroupCommit`, the server's `ValueWriteQueue`) when the
/// process dies: every write the server acknowledged is on disk, and none
/// it did not is there in part.
@Suite("serve --collect killed during group commit", .serialized)
struct CollectKillTests {
    static let rounds = 100
    static let respondents = 6
    static let owners = 2
    /// The keys the owner's writers set in the shared form, one each.
    static let ownerKeys = ["middle", "last"]

    @Test("SIGKILL during group commit (100 rounds): every acknowledged answer and shared value there, no write half there",
          .tags(.sigkill), .slow)
    func killedDuringGroupCommit() throws {
        let sandbox = try Sandbox()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<Self.rounds {
            let server = try CollectServer(sandbox)
            let run = KillRun(respondents: Self.respondents, owners: Self.owners)
            let group = DispatchGroup()
            for writer in 0..<Self.respondents {
                DispatchQueue.global().async(group: group) {
                    let browser = RespondentBrowser(port: server.port)
                    var count = 0
                    while Self.written({ try browser.answer("first", "r\(round)-w\(writer)-\(count + 1)", timeout: 10) },
                                       run: run, who: "respondent \(writer)") != nil {
                        count += 1
                        run.acknowledge(respondent: writer, count: count, cookie: browser.cookie)
                    }
                }
            }
            for owner in 0..<Self.owners {
                DispatchQueue.global().async(group: group) {
                    var count = 0
                    let key = Self.ownerKeys[owner]
                    while Self.written({ try server.owner("PUT", "/api/fields/\(key)", body: RespondentBrowser.body("r\(round)-o\(owner)-\(count + 1)")) },
                                       run: run, who: "owner \(owner)") != nil {
                        count += 1
                        run.acknowledge(owner: owner, count: count)
                    }
                }
            }
            // Killed after a random number of acknowledged writes, while
            // the others are still coming in.
            let target = Int.random(in: 4...48, using: &generator)
            let deadline = Date().addingTimeInterval(60)
            while run.state.total < target, Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
            server.process.send(SIGKILL)
            _ = server.process.wait(timeout: 30)
            #expect(group.wait(timeout: .now() + 60) == .success, "round \(round): writers did not stop")
            let state = run.state
            if state.total < target {
                let stderr = server.process.wait(timeout: 5).stderrText.suffix(2000)
                Issue.record("round \(round): \(state.total) writes acknowledged in 60 s; the writers stopped: \(run.endings); the server's standard error: \(stderr)")
            }
            try check(sandbox, round: round, state)
        }
        // The file serves again, whole.
        let server = try CollectServer(sandbox)
        #expect(try RespondentBrowser(port: server.port).answer("first", "after").status == 200)
        #expect(server.stop().status == 0)
        #expect(try sandbox.value("PRAGMA integrity_check") == "ok")
    }

    /// One write: its 200 reply; nil (the writer stops) for any other
    /// answer or none (the server killed), which `run` keeps to tell. A
    /// 503 (busy, with Retry-After) is not the end: it is tried again.
    static func written(_ write: () throws -> HTTPReply, run: KillRun, who: String) -> HTTPReply? {
        while true {
            do {
                let reply = try write()
                if reply.status == 200 { return reply }
                if reply.status == 503 {
                    Thread.sleep(forTimeInterval: 0.05)
                    continue
                }
                run.end(who + ": status \(reply.status) \(reply.body.prefix(200))")
            } catch {
                run.end(who + ": \(error)")
            }
            return nil
        }
    }

    /// What must hold after round `round`'s kill, read with `sqlite3`.
    private func check(_ sandbox: Sandbox, round: Int, _ state: KillRun.State) throws {
        #expect(try sandbox.value("PRAGMA integrity_check") == "ok", "round \(round)")
        // A draft is made with one answer per field in one savepoint: never
        // a response without its answers.
        #expect(try sandbox.value("""
            SELECT count(*) FROM response r
            WHERE (SELECT count(*) FROM answer a WHERE a.response_id = r.id) <> (SELECT count(*) FROM field)
            """) == "0", "round \(round): a draft without all its answers")
        for writer in 0..<Self.respondents where state.respondents[writer] > 0 {
            guard let cookie = state.cookies[writer] else { continue }
            let hash = try RespondentBrowser.hash(ofCookie: cookie)
            let value = try sandbox.value("""
                SELECT a.value FROM answer a JOIN response r ON r.id = a.response_id
                WHERE r.respondent = '\(hash)' AND r.status = 'draft' AND a.key = 'first'
                """) ?? ""
            let acknowledged = state.respondents[writer]
            // The last acknowledged answer, or the one in flight at the kill.
            #expect(value == "r\(round)-w\(writer)-\(acknowledged)" || value == "r\(round)-w\(writer)-\(acknowledged + 1)",
                    "round \(round), respondent \(writer): \(value), acknowledged \(acknowledged)")
        }
        for owner in 0..<Self.owners where state.owners[owner] > 0 {
            let key = Self.ownerKeys[owner]
            let value = try sandbox.value("SELECT value FROM field WHERE key = '\(key)'") ?? ""
            let acknowledged = state.owners[owner]
            #expect(value == "r\(round)-o\(owner)-\(acknowledged)" || value == "r\(round)-o\(owner)-\(acknowledged + 1)",
                    "round \(round), owner \(owner): \(value), acknowledged \(acknowledged)")
            // The value and its history row commit together.
            #expect(try sandbox.value("SELECT new_value FROM history WHERE key = '\(key)' ORDER BY id DESC LIMIT 1") == value,
                    "round \(round), owner \(owner)")
        }
    }
}

/// What a round's writers had acknowledged, shared between their threads.
final class KillRun: @unchecked Sendable {
    struct State {
        var respondents: [Int]
        var cookies: [String?]
        var owners: [Int]
        var total = 0
    }

    private let lock = NSLock()
    private var current: State

    init(respondents: Int, owners: Int) {
        current = State(respondents: Array(repeating: 0, count: respondents), cookies: Array(repeating: nil, count: respondents),
                        owners: Array(repeating: 0, count: owners))
    }

    var state: State { lock.withLock { current } }
    private var ended: [String] = []
    /// How each writer stopped (for a round that went wrong).
    var endings: [String] { lock.withLock { ended } }

    func end(_ words: String) {
        lock.withLock { ended.append(words) }
    }

    func acknowledge(respondent: Int, count: Int, cookie: String?) {
        lock.withLock {
            current.respondents[respondent] = count
            current.cookies[respondent] = cookie
            current.total += 1
        }
    }

    func acknowledge(owner: Int, count: Int) {
        lock.withLock {
            current.owners[owner] = count
            current.total += 1
        }
    }
}
