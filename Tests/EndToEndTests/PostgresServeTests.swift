import Foundation
import Testing

/// `formctl serve --collect --responses postgresql://…` (issue 47): several
/// servers, the real binaries, one real PostgreSQL 15 the tests start
/// themselves (`PostgresCluster`). Respondents' drafts and responses live
/// in PostgreSQL; each server serves the same form file and takes no lock
/// on it.
///
/// Serialized, as `PostgresResponsesTests` is: each test waits for child
/// processes and many threads of requests on two cores.
@Suite("serve --collect with the responses in PostgreSQL", .serialized)
struct PostgresServeTests {
    /// A server of `box`'s form keeping its drafts at `uri`.
    static func instance(_ box: Sandbox, _ uri: String, _ extra: [String] = []) throws -> CollectServer {
        try CollectServer(box, ["--responses", uri] + extra)
    }

    /// A sandbox holding the family form (a group, a repeat of children).
    static func familyBox() throws -> Sandbox {
        let box = try Sandbox()
        try box.ok(["apply", CollectRepeatTests.family])
        return box
    }

    /// `body(index)` on `count` threads started together; returns when all end.
    static func inParallel(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for index in 0..<count {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                go.wait()
                body(index)
            }
        }
        for _ in 0..<count { go.signal() }
        done.wait()
    }

    /// The one value psql printed (its line without the newline).
    static func scalar(_ cluster: PostgresCluster, _ database: String, _ sql: String) throws -> String {
        try cluster.psql(database, sql).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("two servers share one database: a cookie made on one works on the other, and a write through one reaches a stream on the other")
    func cookieAndEventsCross() throws {
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let box = try Self.familyBox()
        let first = try Self.instance(box, uri)
        // A second server on the same file: no lock with the drafts elsewhere.
        let second = try Self.instance(box, uri)

        let ada = RespondentBrowser(port: first.port)
        let made = try ada.answer("address", "1 Main St")
        #expect(made.status == 200 && made.header("formctl-draft") == "new", "\(made)")
        let cookie = try #require(ada.cookie)
        // The draft is in PostgreSQL, under the cookie's hash; the file holds none.
        #expect(try box.value("SELECT count(*) FROM response") == "0")
        #expect(try Self.scalar(cluster, database, "SELECT respondent FROM response WHERE status = 'draft'") == (try RespondentBrowser.hash(ofCookie: cookie)))

        // The same cookie on the other server: the same draft.
        ada.port = second.port
        #expect(try ada.value("address") == "1 Main St")
        let added = try ada.request("POST", "/api/respond/repeats/children")
        #expect(added.status == 201 && added.header("formctl-draft") == nil, "\(added)")
        #expect(try ada.answer("children.2.name", "Ben").status == 200)
        ada.port = first.port
        #expect(try ada.value("children.2.name") == "Ben")
        // The first server remembers the draft as its own write left it,
        // without the second child: a guess, read afresh when it fails.
        #expect(try ada.answer("children.2.age", "4").status == 200)

        // A stream on the second server hears a write through the first.
        let events = try HTTPConnection(port: second.port)
        try events.sendRequest("GET", "/api/respond/events", headers: [("Host", "127.0.0.1:\(second.port)"),
                                                                        ("Cookie", "formctl_respondent=\(cookie)")])
        #expect(events.read(until: "retry: 1000", timeout: 30), "\(String(decoding: events.received, as: UTF8.self))")
        #expect(try ada.answer("address", "2 Side St").status == 200)
        #expect(events.read(until: "2 Side St", timeout: 30), "no event on the second server: \(String(decoding: events.received, as: UTF8.self))")
        // Another respondent's write is not theirs to hear.
        let bob = RespondentBrowser(port: first.port)
        #expect(try bob.answer("address", "Bob's house").status == 200)
        #expect(try ada.answer("address", "3 Last St").status == 200)
        #expect(events.read(until: "3 Last St", timeout: 30))
        #expect(!String(decoding: events.received, as: UTF8.self).contains("Bob's house"))

        // Submitted through the second: one complete response, nested children in the export.
        ada.port = second.port
        #expect(try ada.answer("children.1.name", "Ann").status == 200)
        let submitted = try ada.request("POST", "/api/respond/submit")
        #expect(submitted.status == 201, "\(submitted)")
        let exported = try box.formctl(["responses", "--format", "json", "--status", "complete", "--responses", uri, "--db", box.db], useDB: false)
        let responses = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout)) as? [[String: Any]], "\(exported)")
        let values = try #require(responses.first?["values"] as? [String: Any], "\(exported)")
        let children = try #require(values["children"] as? [[String: Any]], "\(values)")
        #expect(responses.count == 1 && values["address"] as? String == "3 Last St", "\(values)")
        #expect(children.compactMap { $0["name"] as? String } == ["Ann", "Ben"], "\(children)")
        #expect(first.stop().status == 0)
        #expect(second.stop().status == 0)
    }

    @Test("one respondent's answers sent all at once through both servers: each stored, none lost to another in the same group or on the other server")
    func answersAtOnce() throws {
        let (_, _, uri) = try PostgresCluster.freshDatabase()
        let box = try Self.familyBox()
        let servers = [try Self.instance(box, uri), try Self.instance(box, uri)]
        let ada = RespondentBrowser(port: servers[0].port)
        #expect(try ada.answer("address", "1 Main St").status == 200)
        #expect(try ada.answer("consent", "true").status == 200)
        let cookie = try #require(ada.cookie)
        let answers: [(key: String, value: @Sendable (Int) -> String)] = [
            ("address", { "\($0) Side St" }), ("contact.phone", { "555-010\($0)" }), ("contact.email", { "ada\($0)@example.org" }),
            ("children.1.name", { "Ann \($0)" }), ("children.1.age", { "\($0 + 3)" }),
        ]
        for round in 0..<5 {
            let statuses = Locked([String: Int]())
            Self.inParallel(answers.count) { index in
                let twin = RespondentBrowser(port: servers[(index + round) % 2].port, cookie: cookie)
                let status = (try? twin.answer(answers[index].key, answers[index].value(round)))?.status ?? 0
                statuses.withLock { $0[answers[index].key] = status }
            }
            #expect(statuses.current.count == answers.count && statuses.current.values.allSatisfy { $0 == 200 },
                    "round \(round): \(statuses.current)")
            ada.port = servers[round % 2].port
            for (key, value) in answers {
                // A string, or the integer age as a JSON number.
                let field = try ada.request("GET", "/api/respond/fields/\(key)")
                #expect(field.body.contains(#""value":"\#(value(round))""#) || field.body.contains(#""value":\#(value(round)),"#),
                        "round \(round): \(field)")
            }
        }
        for server in servers { #expect(server.stop().status == 0) }
    }

    @Test("--max-drafts across two servers: 24 new respondents at once, half on each, make exactly 5 drafts; the others get 503 with Retry-After")
    func maxDraftsAcross() throws {
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let box = try Sandbox()
        try box.createDatabase()
        let servers = [try Self.instance(box, uri, ["--max-drafts", "5"]), try Self.instance(box, uri, ["--max-drafts", "5"])]
        let replies = Locked([HTTPReply]())
        Self.inParallel(24) { index in
            let browser = RespondentBrowser(port: servers[index % 2].port)
            if let reply = try? browser.answer("first", "R\(index)") { replies.withLock { $0.append(reply) } }
        }
        let all = replies.current
        #expect(all.count == 24)
        #expect(all.filter { $0.status == 200 }.count == 5, "\(all.map(\.status))")
        let refused = all.filter { $0.status == 503 }
        #expect(refused.count == 19 && refused.allSatisfy { $0.header("retry-after") != nil && $0.body.contains("tooManyDrafts") }, "\(refused)")
        #expect(try Self.scalar(cluster, database, "SELECT count(*) FROM response WHERE status = 'draft'") == "5")
        for server in servers { #expect(server.stop().status == 0) }
    }

    @Test("--once across two servers: a respondent who submitted through one is refused on the other; two submits of one draft at once store one response")
    func onceAcross() throws {
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let box = try Sandbox()
        try box.createDatabase()
        let servers = [try Self.instance(box, uri, ["--once"]), try Self.instance(box, uri, ["--once"])]
        for round in 0..<6 {
            let browser = RespondentBrowser(port: servers[0].port)
            try browser.fillIn("Round\(round)")
            let cookie = try #require(browser.cookie)
            // The same draft submitted through both servers at once.
            let replies = Locked([HTTPReply]())
            Self.inParallel(2) { index in
                let twin = RespondentBrowser(port: servers[index].port, cookie: cookie)
                if let reply = try? twin.request("POST", "/api/respond/submit") { replies.withLock { $0.append(reply) } }
            }
            let statuses = replies.current.map(\.status).sorted()
            #expect(statuses == [201, 409], "round \(round): \(replies.current)")
            // Afterwards, on either server, a write is refused.
            for server in servers {
                let late = try RespondentBrowser(port: server.port, cookie: cookie).answer("first", "Again")
                #expect(late.status == 409 && late.body.contains("alreadySubmitted"), "\(late)")
            }
            let hash = try RespondentBrowser.hash(ofCookie: cookie)
            #expect(try Self.scalar(cluster, database, "SELECT count(*) FROM response WHERE respondent = '\(hash)'") == "1")
        }
        for server in servers { #expect(server.stop().status == 0) }
    }

    /// One respondent of the survey: an address, consent, a phone, two
    /// children (an Add), then a submit; returns whether the submit was
    /// acknowledged (201).
    static func survey(_ browser: RespondentBrowser, number: Int) -> Bool {
        let answers: [(String, String)] = [("address", "\(number) Main St"), ("consent", "true"), ("contact.phone", "555-\(number)"),
                                           ("children.1.name", "First of \(number)"), ("children.1.age", "\(number % 20)")]
        for (key, value) in answers {
            guard (try? browser.answer(key, value))?.status == 200 else { return false }
        }
        guard (try? browser.request("POST", "/api/respond/repeats/children"))?.status == 201,
              (try? browser.answer("children.2.name", "Second of \(number)"))?.status == 200,
              (try? browser.answer("children.2.age", "3"))?.status == 200 else { return false }
        return (try? browser.request("POST", "/api/respond/submit"))?.status == 201
    }

    /// Checks that the database holds exactly one complete response for
    /// each of `acknowledged` (survey numbers), each with exactly the
    /// answers its respondent gave, and none for anyone else.
    static func expectSurveys(_ acknowledged: Set<Int>, in cluster: PostgresCluster, _ database: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = try cluster.psql(database, """
            SELECT r.id, a.key, a.value FROM response r JOIN answer a ON a.response_id = r.id
            WHERE r.status = 'complete' ORDER BY r.id, a.position
            """).split(separator: "\n")
        var byResponse: [String: [String: String]] = [:]
        for row in rows {
            let columns = row.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3 else { continue }
            byResponse[columns[0], default: [:]][columns[1]] = columns[2]
        }
        var seen: [Int: Int] = [:]
        for (id, answers) in byResponse {
            guard let address = answers["address"], let number = Int(address.prefix { $0.isNumber }) else {
                Issue.record("response \(id) has no survey address: \(answers)", sourceLocation: sourceLocation)
                continue
            }
            seen[number, default: 0] += 1
            let expected = ["address": "\(number) Main St", "consent": "true", "contact.phone": "555-\(number)",
                            "children.1.name": "First of \(number)", "children.1.age": "\(number % 20)",
                            "children.2.name": "Second of \(number)", "children.2.age": "3"]
            for (key, value) in expected where answers[key] != value {
                Issue.record("response \(id) (survey \(number)): \(key) is \(answers[key] ?? "missing"), not \(value)", sourceLocation: sourceLocation)
            }
        }
        let twice = seen.filter { $0.value > 1 }.keys.sorted()
        #expect(twice.isEmpty, "stored more than once: \(twice)", sourceLocation: sourceLocation)
        let missing = acknowledged.subtracting(seen.keys).sorted()
        #expect(missing.isEmpty, "acknowledged but not stored: \(missing)", sourceLocation: sourceLocation)
    }

    @Test("200 respondents split across two servers: every acknowledged submission stored exactly once, with exactly its answers, nested ones included")
    func twoHundredRespondents() throws {
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let box = try Self.familyBox()
        let servers = [try Self.instance(box, uri), try Self.instance(box, uri)]
        let acknowledged = Locked(Set<Int>())
        Self.inParallel(8) { worker in
            for number in stride(from: worker, to: 200, by: 8) {
                // Each respondent starts on one server and finishes on the other.
                let browser = RespondentBrowser(port: servers[number % 2].port)
                guard (try? browser.answer("address", "\(number) Main St"))?.status == 200 else { continue }
                browser.port = servers[(number + 1) % 2].port
                if Self.survey(browser, number: number) { acknowledged.withLock { _ = $0.insert(number) } }
            }
        }
        #expect(acknowledged.current.count == 200)
        try Self.expectSurveys(acknowledged.current, in: cluster, database)
        #expect(try Self.scalar(cluster, database, "SELECT count(*) FROM response WHERE status = 'complete'") == "200")
        for server in servers { #expect(server.stop().status == 0) }
    }

    @Test("faults: PostgreSQL stopped, writes get 503 with Retry-After and the page still loads; back, the server reconnects by itself")
    func postgresStopped() throws {
        // A cluster of its own: the shared one stays up for the others.
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database)
        let box = try Sandbox()
        try box.createDatabase()
        let server = try Self.instance(box, uri)
        let ada = RespondentBrowser(port: server.port)
        #expect(try ada.answer("first", "Ada").status == 200)

        try cluster.stopServer(mode: "fast")
        let started = Date()
        let refused = try ada.answer("first", "Grace")
        #expect(refused.status == 503 && refused.header("retry-after") == "1" && refused.body.contains("unavailable"), "\(refused)")
        #expect(Date().timeIntervalSince(started) < 10, "the refusal took \(Date().timeIntervalSince(started)) s")
        // A new visitor's page and the owner's form are read from the file.
        let page = try RespondentBrowser(port: server.port).request("GET", "/")
        #expect(page.status == 200 && page.body.contains("<form"), "\(page.status)")
        #expect(try server.owner("GET", "/api/fields").status == 200)

        try cluster.start()
        var back: HTTPReply?
        for _ in 0..<60 {
            let reply = try ada.answer("first", "Grace")
            if reply.status == 200 { back = reply; break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(back != nil, "the server did not reconnect within 30 s")
        #expect(try ada.value("first") == "Grace")
        #expect(server.stop().status == 0)
    }

    @Test("faults: PostgreSQL killed (pg_ctl stop -m immediate) during a burst of submissions: every acknowledged one is there after it restarts, none half there")
    func postgresKilledDuringBurst() throws {
        let cluster = try PostgresCluster()
        defer { cluster.stop() }
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database)
        let box = try Self.familyBox()
        let servers = [try Self.instance(box, uri), try Self.instance(box, uri)]
        let acknowledged = Locked(Set<Int>())
        let progress = Locked(0)
        // Surveys acknowledged after PostgreSQL came back (nil: not back yet).
        let afterRestart = Locked<Int?>(nil)
        let next = Locked(0)
        let killer = Thread {
            while progress.current < 10 { Thread.sleep(forTimeInterval: 0.02) }
            try? cluster.stopServer(mode: "immediate")
            // Down for longer than a write waits for a connection (3 s):
            // the writes meanwhile are refused, not only delayed.
            Thread.sleep(forTimeInterval: 4)
            try? cluster.start()
            afterRestart.withLock { $0 = 0 }
        }
        killer.start()
        // The burst goes on until PostgreSQL is back and a dozen more
        // surveys got through (at most 600), however fast the writes are.
        Self.inParallel(6) { _ in
            while (afterRestart.current ?? 0) < 12 {
                guard let number = next.withLock({ next -> Int? in
                    guard next < 600 else { return nil }
                    defer { next += 1 }
                    return next
                }) else { return }
                let browser = RespondentBrowser(port: servers[number % 2].port)
                if Self.survey(browser, number: number) {
                    acknowledged.withLock { _ = $0.insert(number) }
                    afterRestart.withLock { $0 = $0.map { $0 + 1 } }
                }
                progress.withLock { $0 += 1 }
            }
        }
        while killer.isExecuting { Thread.sleep(forTimeInterval: 0.1) }
        // Some were refused while PostgreSQL was away; some got through,
        // before and after.
        let count = acknowledged.current.count
        let attempted = next.current
        print("PostgreSQL killed during a burst: \(count) of \(attempted) submissions acknowledged")
        #expect(count > 0 && count < attempted, "\(count) of \(attempted) acknowledged")
        #expect((afterRestart.current ?? 0) >= 12, "after the restart: \(String(describing: afterRestart.current))")
        // Every acknowledged submission whole; no response half there
        // (a complete response without all its answers fails the check).
        try Self.expectSurveys(acknowledged.current, in: cluster, database)
        for server in servers { #expect(server.stop().status == 0) }
    }

    @Test("faults: one of two servers SIGKILLed mid-burst, the other goes on; every acknowledged submission is stored")
    func serverKilled() throws {
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let box = try Self.familyBox()
        let doomed = try Self.instance(box, uri)
        let survivor = try Self.instance(box, uri)
        let acknowledged = Locked(Set<Int>())
        let progress = Locked(0)
        Self.inParallel(5) { worker in
            if worker == 4 {
                while progress.current < 20 { Thread.sleep(forTimeInterval: 0.02) }
                doomed.process.send(SIGKILL)
                return
            }
            for number in stride(from: worker, to: 80, by: 4) {
                let browser = RespondentBrowser(port: number % 2 == 0 ? doomed.port : survivor.port)
                if Self.survey(browser, number: number) { acknowledged.withLock { _ = $0.insert(number) } }
                progress.withLock { $0 += 1 }
            }
        }
        let survived = acknowledged.current.filter { $0 % 2 == 1 }
        #expect(survived.count == 40, "the survivor's respondents: \(survived.count) of 40 acknowledged")
        try Self.expectSurveys(acknowledged.current, in: cluster, database)
        #expect(survivor.stop().status == 0)
    }

    @Test("at start: a bad URI, a wrong password, a missing database and another form's database are refused with their exit codes, never 70")
    func refusedAtStart() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.makeDatabase()
        let box = try Sandbox()
        try box.createDatabase()
        let cases: [(uri: String, status: Int32, message: String)] = [
            ("mysql://localhost/db", 64, "bad PostgreSQL URI"),
            (cluster.uri(database, password: "wrong"), 77, "refused user postgres"),
            (cluster.uri("no_such_database"), 66, "has no database no_such_database"),
            ("postgresql://postgres@/x?host=/nonexistent-folder", 69, "cannot reach PostgreSQL"),
        ]
        for (uri, status, message) in cases {
            let result = try box.formctl(["serve", "--collect", "--port", "0", "--responses", uri], timeout: 60)
            #expect(result.status == status && result.stderrText.contains(message), "\(uri): \(result)")
            #expect(!result.stderrText.contains("wrong"), "the password is printed: \(result)")
        }
        // The database remembers the form: another form is refused (65), naming both fingerprints.
        let uri = cluster.uri(database)
        let first = try Self.instance(box, uri)
        #expect(first.stop().status == 0)
        let other = try Self.familyBox()
        let refused = try other.formctl(["serve", "--collect", "--port", "0", "--responses", uri], timeout: 60)
        #expect(refused.status == 65 && refused.stderrText.contains("fingerprint"), "\(refused)")
        // --responses needs --collect.
        let usage = try box.formctl(["serve", "--port", "0", "--responses", uri], timeout: 60)
        #expect(usage.status == 64 && usage.stderrText.contains("--collect"), "\(usage)")
        // --replace-form makes the new form the database's while no drafts are open.
        let replaced = try Self.instance(other, uri, ["--replace-form"])
        #expect(try RespondentBrowser(port: replaced.port).answer("address", "1 Main St").status == 200)
        #expect(replaced.stop().status == 0)
    }
}
