import Foundation
import Testing

/// `formctl serve` as a user runs it: the real binary on a free port of
/// 127.0.0.1, spoken to over real sockets, stopped with SIGTERM.
@Suite("formctl serve", .serialized)
struct ServeTests {
    @Test("a non-loopback --host without a token is refused: exit 64, saying to pass --token or --generate-token")
    func nonLoopbackNeedsAToken() throws {
        let sandbox = try Sandbox()
        // 0.0.0.0 without a token: refused before listening (exit 64).
        let result = try sandbox.formctl(["serve", "--host", "0.0.0.0", "--port", "0"], timeout: 30)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrText.contains("--token"), "\(result)")
        #expect(result.stderrText.contains("--generate-token"), "\(result)")
        #expect(result.stdoutText.isEmpty)
    }

    @Test("serve cannot listen on a port in use: exit 69")
    func portInUse() throws {
        let sandbox = try Sandbox()
        let first = try ServeProcess(sandbox)
        let second = try sandbox.formctl(["serve", "--port", String(first.port)], timeout: 30)
        #expect(second.status == 69, "\(second)")
        #expect(second.stderrText.contains("cannot serve"), "\(second)")
        #expect(first.stop().status == 0)
    }

    @Test("--generate-token prints the URL with the token once; without it every request is 401")
    func generatedToken() throws {
        let sandbox = try Sandbox()
        let server = try ServeProcess(sandbox, ["--generate-token"])
        let prefix = "http://127.0.0.1:\(server.port)/?token="
        #expect(server.url.hasPrefix(prefix), "\(server.url)")
        let token = String(server.url.dropFirst(prefix.count))
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit), "\(token)")

        let refused = try HTTP.request(port: server.port, "GET", "/api/fields")
        #expect(refused.status == 401, "\(refused)")
        #expect(refused.header("www-authenticate") == "Bearer")
        #expect(refused.body.contains(#""error":"unauthorized""#))
        let wrong = try HTTP.request(port: server.port, "GET", "/api/fields", headers: [("Authorization", "Bearer " + String(token.reversed()))])
        #expect(wrong.status == 401)
        let bearer = try HTTP.request(port: server.port, "GET", "/api/fields", headers: [("Authorization", "Bearer \(token)")])
        #expect(bearer.status == 200, "\(bearer)")
        // The printed URL's visit sets the cookie and drops the token from the address.
        let visit = try HTTP.request(port: server.port, "GET", "/?token=\(token)")
        #expect(visit.status == 303, "\(visit)")
        #expect(visit.header("location") == "/")
        let cookie = try #require(visit.header("set-cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let withCookie = try HTTP.request(port: server.port, "GET", "/api/fields/first",
                                          headers: [("Cookie", String(cookie.prefix { $0 != ";" }))])
        #expect(withCookie.status == 200, "\(withCookie)")
        let result = server.stop()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutText.components(separatedBy: token).count == 2, "the token is printed once")
    }

    @Test("an unknown Host is refused over a real socket (421), as is none; the server's own are answered")
    func unknownHostOverSocket() throws {
        let sandbox = try Sandbox()
        let server = try ServeProcess(sandbox, ["--allow-host", "forms.example.com"])
        for host in ["evil.example", "evil.example:\(server.port)", "127.0.0.1.nip.io:\(server.port)"] {
            let reply = try HTTP.request(port: server.port, "GET", "/api/fields", host: host)
            #expect(reply.status == 421, "Host: \(host): \(reply)")
            #expect(reply.body.contains(#""error":"unknownHost""#))
        }
        // A second Host header behind an allowed one, and none at all.
        let doubled = try HTTP.request(port: server.port, "GET", "/api/fields", headers: [("Host", "evil.example")])
        #expect(doubled.status == 421, "\(doubled)")
        let none = try HTTP.request(port: server.port, "GET", "/api/fields", host: nil)
        #expect(none.status == 421, "\(none)")
        for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "forms.example.com"] {
            let reply = try HTTP.request(port: server.port, "GET", "/api/fields", host: host)
            #expect(reply.status == 200, "Host: \(host): \(reply)")
            #expect(reply.header("content-security-policy")?.contains("script-src 'self'") == true)
        }
        // A cross-origin PUT over the socket: 403, nothing written.
        let foreign = try HTTP.request(port: server.port, "PUT", "/api/fields/first", headers: [("Origin", "http://evil.example")],
                                       body: #"{"value":"Eve"}"#)
        #expect(foreign.status == 403, "\(foreign)")
        #expect(server.stop().status == 0)
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'first'") == "")
    }

    @Test("SIGTERM during a stream of PUTs (and an open event stream) loses no acknowledged value; exit 0")
    func sigtermLosesNoAcknowledgedValue() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let server = try ServeProcess(sandbox)
        let events = try Self.eventStream(of: server)

        let keys = ["first", "middle", "last", "email"]
        // Per key: the values answered 200, and the one sent last.
        let acknowledged = Locked([String: [String]]())
        let attempted = Locked([String: String]())
        let writersDone = DispatchGroup()
        let started = DispatchSemaphore(value: 0)
        for key in keys {
            writersDone.enter()
            Thread.detachNewThread {
                defer { writersDone.leave() }
                var signalled = false
                for number in 1...100_000 {
                    let value = "\(key)-\(number)"
                    attempted.withLock { $0[key] = value }
                    guard let reply = try? HTTP.request(port: server.port, "PUT", "/api/fields/\(key)",
                                                        body: #"{"value":"\#(value)"}"#, timeout: 30) else { break }
                    guard reply.status == 200 else { break }
                    acknowledged.withLock { $0[key, default: []].append(value) }
                    if number == 20, !signalled {
                        signalled = true
                        started.signal()
                    }
                }
            }
        }
        for _ in keys { #expect(started.wait(timeout: .now() + 60) == .success) }
        let result = server.stop()
        #expect(result.status == 0, "\(result)")
        #expect(!result.signalled && !result.timedOut)
        #expect(writersDone.wait(timeout: .now() + 60) == .success)
        // The event stream was ended, not left hanging.
        #expect(events.readToEnd(timeout: 10))

        let acked = acknowledged.current
        for key in keys {
            let values = acked[key] ?? []
            #expect(values.count >= 20, "\(key): \(values.count) acknowledged")
            let stored = try sandbox.value("SELECT value FROM field WHERE key = '\(key)'")
            // The last value answered 200, or one sent after it whose answer
            // the shutdown cut off: never an older one.
            #expect(stored == values.last || stored == attempted.current[key], "\(key): \(stored ?? "NULL") after \(values.last ?? "none")")
            let history = Set(try sandbox.rows("SELECT new_value FROM history WHERE key = '\(key)'").compactMap { $0.first ?? nil })
            #expect(values.allSatisfy(history.contains), "\(key): an acknowledged value is missing from history")
        }
    }

    @Test("formctl set from a shell reaches an event stream, 5 times in a row (the times printed; Benchmarks/serve.sh holds the goal)")
    func setReachesEventStream() throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let server = try ServeProcess(sandbox)
        let events = try Self.eventStream(of: server)
        var figures: [Double] = []
        for round in 1...5 {
            let value = "Lovelace\(round)"
            try sandbox.ok(["set", "last", value])
            let returned = Date()
            #expect(events.read(until: #""value":"\#(value)""#, timeout: 30), "round \(round)")
            figures.append(Date().timeIntervalSince(returned))
        }
        let text = String(decoding: events.received, as: UTF8.self)
        #expect(text.contains("event: change"))
        #expect(text.contains(#""key":"last""#))
        let median = figures.sorted()[figures.count / 2]
        print("formctl set → SSE event, after set returns: \(figures.map { String(format: "%.0f ms", $0 * 1000) }.joined(separator: ", ")); median \(String(format: "%.0f", median * 1000)) ms")
        #expect(server.stop().status == 0)
    }

    /// An open `GET /api/events` of `server`, past its first line.
    private static func eventStream(of server: ServeProcess) throws -> HTTPConnection {
        let events = try HTTPConnection(port: server.port)
        try events.sendRequest("GET", "/api/events", headers: [("Host", "127.0.0.1:\(server.port)")])
        #expect(events.read(until: "retry: 1000", timeout: 30))
        return events
    }
}
