import Foundation
import Testing

/// `formctl serve --collect`'s limits as docs/serve.md gives them:
/// `--once`, `--draft-ttl`, `--max-drafts`, one server per database, and
/// SIGTERM in the middle of respondents' writes.
@Suite("formctl serve --collect's limits", .serialized)
struct CollectLimitsTests {
    @Test("--once: after a submit the cookie's writes and submits get 409 alreadySubmitted; others still answer")
    func once() throws {
        let sandbox = try Sandbox()
        let server = try CollectServer(sandbox, ["--once"])
        let ada = RespondentBrowser(port: server.port)
        try ada.fillIn("Ada")
        #expect(try ada.request("POST", "/api/respond/submit").status == 201)
        let write = try ada.answer("first", "Again")
        #expect(write.status == 409 && write.body.contains(#""error":"alreadySubmitted""#), "\(write)")
        let submit = try ada.request("POST", "/api/respond/submit")
        #expect(submit.status == 409 && submit.body.contains(#""error":"alreadySubmitted""#), "\(submit)")
        let grace = RespondentBrowser(port: server.port)
        try grace.fillIn("Grace")
        #expect(try grace.request("POST", "/api/respond/submit").status == 201)
        #expect(try sandbox.value("SELECT group_concat(status) FROM response") == "complete,complete")
        #expect(server.stop().status == 0)
    }

    @Test("--draft-ttl: a draft not written for longer is swept (the cookie then finds the blank form); a bad duration is exit 64")
    func draftTTL() throws {
        let sandbox = try Sandbox()
        for bad in ["2", "2x", "0s", "-5m", "1.5h", "99999999999d", ""] {
            let result = try sandbox.formctl(["serve", "--collect", "--port", "0", "--draft-ttl", bad], timeout: 30)
            #expect(result.status == 64, "\(bad): \(result)")
            #expect(result.stderrText.contains("--draft-ttl"), "\(bad): \(result)")
        }
        let server = try CollectServer(sandbox, ["--draft-ttl", "2s"])
        let ada = RespondentBrowser(port: server.port)
        #expect(try ada.answer("first", "Ada").status == 200)
        let cookie = try #require(ada.cookie)
        #expect(try ada.request("GET", "/").status == 200)
        let setCookie = try #require(try ada.answer("middle", "Middle").header("set-cookie"))
        #expect(setCookie.contains("Max-Age=2;") && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"), "\(setCookie)")
        #expect(!setCookie.contains("Secure"))
        // Polled, not timed: the sweep runs at least every second for a 2 s TTL.
        var left = "1"
        for _ in 0..<600 where left != "0" {
            Thread.sleep(forTimeInterval: 0.1)
            left = try sandbox.value("SELECT count(*) FROM response") ?? "?"
        }
        #expect(left == "0", "the draft was swept")
        #expect(try ada.value("first") == "")
        #expect(try ada.answer("first", "Ada").status == 200)
        #expect(ada.cookie != cookie)
        #expect(server.stop().status == 0)
    }

    @Test("--max-drafts 2: a third new respondent gets 503 with Retry-After, the two drafts keep working, a submit frees a place")
    func maxDrafts() throws {
        let sandbox = try Sandbox()
        let badCount = try sandbox.formctl(["serve", "--collect", "--port", "0", "--max-drafts", "0"], timeout: 30)
        #expect(badCount.status == 64, "\(badCount)")
        let server = try CollectServer(sandbox, ["--max-drafts", "2"])
        let ada = RespondentBrowser(port: server.port)
        let bob = RespondentBrowser(port: server.port)
        let cid = RespondentBrowser(port: server.port)
        #expect(try ada.answer("first", "Ada").status == 200)
        #expect(try bob.answer("first", "Bob").status == 200)
        let refused = try cid.answer("first", "Cid")
        #expect(refused.status == 503, "\(refused)")
        #expect(refused.header("retry-after") != nil && refused.body.contains(#""error":"tooManyDrafts""#), "\(refused)")
        #expect(cid.cookie == nil, "no cookie for a draft not made")
        #expect(try ada.answer("last", "Lovelace").status == 200, "existing drafts keep working")
        #expect(try cid.request("GET", "/api/respond/fields").status == 200, "reading is never refused")
        try ada.fillIn("Ada")
        #expect(try ada.request("POST", "/api/respond/submit").status == 201)
        #expect(try cid.answer("first", "Cid").status == 200, "a submitted draft frees its place")
        #expect(try sandbox.value("SELECT count(*) FROM response WHERE status = 'draft'") == "2")
        #expect(server.stop().status == 0)
    }

    @Test("a second serve --collect on the same database exits 75 naming the first's PID; once it stops, another starts")
    func oneServerPerDatabase() throws {
        let sandbox = try Sandbox()
        let first = try CollectServer(sandbox)
        let second = try sandbox.formctl(["serve", "--collect", "--port", "0"], timeout: 60)
        #expect(second.status == 75, "\(second)")
        let pid = try String(contentsOfFile: sandbox.db + ".collect-lock", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!pid.isEmpty && second.stderrText.contains("already served by PID \(pid)"), "\(second)")
        #expect(second.stdoutText.isEmpty)
        #expect(first.stop().status == 0)
        let third = try CollectServer(sandbox)
        #expect(third.stop().status == 0)
    }

    @Test("SIGTERM during respondents' writes loses no acknowledged answer or submission")
    func sigtermLosesNothingAcknowledged() throws {
        let sandbox = try Sandbox()
        var server = try CollectServer(sandbox)
        let port = server.port
        let writers = 6
        let run = SurveyRun(writers: writers)
        let group = DispatchGroup()
        for writer in 0..<writers {
            DispatchQueue.global().async(group: group) {
                let browser = RespondentBrowser(port: port)
                var count = 0
                while let reply = try? browser.answer("first", "w\(writer)-\(count + 1)"), reply.status == 200 {
                    count += 1
                    run.acknowledge(writer: writer, count: count, cookie: browser.cookie)
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            while true {
                let browser = RespondentBrowser(port: port)
                guard (try? browser.fillIn("Submitter")) != nil,
                      let reply = try? browser.request("POST", "/api/respond/submit"), reply.status == 201 else { return }
                run.acknowledgeSubmit()
            }
        }
        // Polled: SIGTERM once a good number of writes were acknowledged.
        for _ in 0..<1_200 where run.state.total < 60 || run.state.submitted < 2 { Thread.sleep(forTimeInterval: 0.05) }
        let stopped = server.stop()
        #expect(stopped.status == 0, "\(stopped)")
        #expect(group.wait(timeout: .now() + 120) == .success)
        let state = run.state
        let (acks, jars, submits) = (state.acknowledged, state.cookies, state.submitted)
        #expect(acks.reduce(0, +) >= 60 && submits >= 2, "\(acks) \(submits)")

        server = try CollectServer(sandbox)
        for writer in 0..<writers where acks[writer] > 0 {
            let browser = RespondentBrowser(port: server.port, cookie: jars[writer])
            let value = try #require(try browser.value("first"))
            let number = Int(value.split(separator: "-").last ?? "") ?? -1
            // The last acknowledged value, or the one in flight at SIGTERM.
            #expect(number == acks[writer] || number == acks[writer] + 1, "writer \(writer): \(value), acknowledged \(acks[writer])")
        }
        let complete = Int(try sandbox.value("SELECT count(*) FROM response WHERE status = 'complete'") ?? "") ?? -1
        #expect(complete == submits || complete == submits + 1, "\(complete) stored, \(submits) acknowledged")
        #expect(try sandbox.value("PRAGMA integrity_check") == "ok")
        #expect(server.stop().status == 0)
    }
}

/// What the SIGTERM test's writers had acknowledged, shared between their
/// threads.
private final class SurveyRun: @unchecked Sendable {
    struct State {
        var acknowledged: [Int]
        var cookies: [String?]
        var submitted = 0
        var total = 0
    }

    private let lock = NSLock()
    private var current: State

    init(writers: Int) {
        current = State(acknowledged: Array(repeating: 0, count: writers), cookies: Array(repeating: nil, count: writers))
    }

    var state: State { lock.withLock { current } }

    func acknowledge(writer: Int, count: Int, cookie: String?) {
        lock.withLock {
            current.acknowledged[writer] = count
            current.cookies[writer] = cookie
            current.total += 1
        }
    }

    func acknowledgeSubmit() {
        lock.withLock { current.submitted += 1 }
    }
}
