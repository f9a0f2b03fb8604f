import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET /api/events`: the events' shape, ids and replay, and the feed's
/// bounds, per the SSE contract in docs/serve.md.
@Suite struct EventStreamTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    /// Opens `/api/events` with `headers`, runs `body` once the feed has
    /// `subscribers` clients, then closes the feed and returns the
    /// stream's answer.
    static func stream(_ server: TestServer, _ client: any TestClientProtocol, uri: String = "/api/events",
                       headers: [HTTPFields], _ body: () async throws -> Void) async throws -> [TestResponse] {
        let feed = server.server.events
        let before = feed.subscriberCount
        return try await withThrowingTaskGroup(of: (Int, TestResponse).self) { group in
            for (index, fields) in headers.enumerated() {
                group.addTask { (index, try await client.executeRequest(uri: uri, method: .get, headers: fields, body: nil)) }
                // One at a time, so that each subscribes in order.
                #expect(await eventually { feed.subscriberCount == before + index + 1 })
            }
            try await body()
            feed.close()
            var responses: [Int: TestResponse] = [:]
            for try await (index, response) in group { responses[index] = response }
            return (0..<headers.count).compactMap { responses[$0] }
        }
    }

    @Test("a PUT reaches a client as one change event: id, key, value, state, color, shown, title, changed rects")
    func changeEventShape() async throws {
        let server = try TestServer()
        let feed = server.server.events
        try await server.test { client in
            let responses = try await Self.stream(server, client, headers: [[:]]) {
                let put = try await client.executeRequest(uri: "/api/fields/first", method: .put, headers: Self.json,
                                                          body: ByteBuffer(string: #"{"value":"Ada"}"#))
                #expect(put.status == .ok)
                #expect(await eventually { feed.lastEventID >= 1 })
            }
            let response = try #require(responses.first)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-store")
            let text = String(buffer: response.body)
            #expect(text.hasPrefix("retry: 1000\n\n"))
            let events = SentEvent.parse(text).filter { $0.id != nil }
            #expect(events.count == 1, "\(text)")
            let event = try #require(events.first)
            #expect(event.id == 1)
            #expect(event.name == "change")
            let data = try event.json()
            #expect(data["id"] as? Int == 1)
            #expect(data["key"] as? String == "first")
            #expect(data["value"] as? String == "Ada")
            #expect(data["state"] as? String == "valid")
            #expect(data["color"] as? String == "green")
            #expect(data["shown"] as? Bool == true)
            #expect(data["title"] as? String == (try server.server.session.file.title().text))
            let rects = try #require(data["rects"] as? [[String: Any]])
            #expect(rects.contains { $0["key"] as? String == "first" && $0["kind"] as? String == "field" && $0["color"] as? String == "green" })
            // The title's rectangle is purple whatever its text; only what
            // changed is sent: no rectangle of another field.
            #expect(!rects.contains { ["middle", "last", "email"].contains($0["key"] as? String) })
            #expect(Set(data.keys) == ["id", "key", "value", "state", "color", "shown", "title", "rects"])
        }
    }

    @Test("a change from another connection (another formctl, sqlite3) is an event too")
    func otherConnectionsChangesAreEvents() async throws {
        let server = try TestServer()
        let feed = server.server.events
        try await server.test { client in
            let responses = try await Self.stream(server, client, headers: [[:]]) {
                try StoredForm(path: server.databasePath).set("last", to: "Lovelace")
                #expect(await eventually { feed.lastEventID >= 1 })
            }
            let events = SentEvent.parse(String(buffer: try #require(responses.first).body)).filter { $0.id != nil }
            #expect(events.map(\.name) == ["change"])
            #expect(try events.first?.json()["value"] as? String == "Lovelace")
        }
    }

    @Test("Last-Event-ID: the events after it; one refresh when it is unknown; nothing when it is the last")
    func lastEventIDReplay() async throws {
        let server = try TestServer()
        let feed = server.server.events
        try await server.test { client in
            // A first client keeps the feed reading while two values change.
            let first = try await Self.stream(server, client, headers: [[:]]) {
                for (key, value) in [("first", "Ada"), ("last", "Lovelace")] {
                    let before = feed.lastEventID
                    let put = try await client.executeRequest(uri: "/api/fields/\(key)", method: .put, headers: Self.json,
                                                              body: ByteBuffer(string: #"{"value":"\#(value)"}"#))
                    #expect(put.status == .ok)
                    #expect(await eventually { feed.lastEventID > before })
                }
                #expect(feed.lastEventID == 2)
                // Reconnects, while the first still listens.
                let replays = try await withThrowingTaskGroup(of: (Int, TestResponse).self) { group in
                    for (index, lastID) in ["1", "999", "2", "-5", "99999999999999999999999"].enumerated() {
                        group.addTask {
                            (index, try await client.executeRequest(uri: "/api/events", method: .get, headers: [HeaderName.lastEventID: lastID], body: nil))
                        }
                        #expect(await eventually { feed.subscriberCount == index + 2 })
                    }
                    feed.close()
                    var responses: [Int: TestResponse] = [:]
                    for try await (index, response) in group { responses[index] = response }
                    return responses
                }
                let afterOne = SentEvent.parse(String(buffer: try #require(replays[0]).body)).filter { $0.id != nil }
                #expect(afterOne.map(\.id) == [2])
                #expect(try afterOne.first?.json()["key"] as? String == "last")
                let unknown = SentEvent.parse(String(buffer: try #require(replays[1]).body)).filter { $0.id != nil }
                #expect(unknown.map(\.name) == ["refresh"])
                #expect(unknown.first?.id ?? 0 > 2, "a refresh gets an id of its own, after every event so far")
                #expect(SentEvent.parse(String(buffer: try #require(replays[2]).body)).filter { $0.id != nil }.isEmpty)
                #expect(SentEvent.parse(String(buffer: try #require(replays[3]).body)).filter { $0.id != nil }.map(\.name) == ["refresh"])
                #expect(SentEvent.parse(String(buffer: try #require(replays[4]).body)).filter { $0.id != nil }.map(\.name) == ["refresh"])
            }
            let ids = SentEvent.parse(String(buffer: try #require(first.first).body)).compactMap(\.id)
            #expect(ids == [1, 2])
        }
    }

    @Test("the structure changing (the title's template) is one refresh event")
    func structureChangeIsRefresh() async throws {
        let server = try TestServer()
        let feed = server.server.events
        let subscription = feed.subscribe(page: nil, lastEventID: nil)
        defer { subscription.cancel() }
        try server.server.session.file.setTitle(template: "Dear {first}")
        #expect(await eventually { feed.lastEventID >= 1 })
        let items = await subscription.nextEvents() ?? []
        guard case .event(let event)? = items.first else {
            Issue.record("no event: \(items)")
            return
        }
        #expect(event.text(forPage: nil).contains("event: refresh\n"))
        #expect(event.text(forPage: nil).contains(#""reason":"the form's structure changed""#))
    }

    @Test("a value with line breaks and markup stays on one data line, and reads back as it was")
    func valuesAreEscaped() async throws {
        let server = try TestServer()
        let feed = server.server.events
        let subscription = feed.subscribe(page: "main", lastEventID: nil)
        defer { subscription.cancel() }
        let hostile = "<script>alert(1)</script>\"'&\n\ndata: {\"forged\":1}\r\nid: 99"
        try server.server.session.file.set("first", to: hostile)
        #expect(await eventually { feed.lastEventID >= 1 })
        guard case .event(let event)? = await subscription.nextEvents()?.first else {
            Issue.record("no event")
            return
        }
        let text = event.text(forPage: "main")
        #expect(text.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 3, "\(text)")
        let parsed = SentEvent.parse(text)
        #expect(parsed.count == 1)
        #expect(try parsed.first?.json()["value"] as? String == hostile)
        #expect(parsed.first?.id == 1)
    }

    @Test("a client that falls behind gets one refresh instead of a longer queue")
    func slowClientGetsRefresh() async throws {
        let server = try TestServer()
        let feed = EventFeed(session: server.server.session, limits: EventFeed.Limits(replay: 16, queue: 2, heartbeat: .seconds(3_600)))
        let subscription = feed.subscribe(page: nil, lastEventID: nil)
        defer { feed.close() }
        for value in ["A", "Ad", "Ada", "Adam", "Adams"] {
            let before = feed.lastEventID
            try server.server.session.file.set("first", to: value)
            #expect(await eventually { feed.lastEventID > before })
        }
        let items = await subscription.nextEvents() ?? []
        #expect(items.count == 1)
        guard case .event(let event)? = items.first, case .refresh(let reason) = event.kind else {
            Issue.record("not a refresh: \(items)")
            return
        }
        #expect(reason == "this client fell behind")
        // Queue of 2: [1, 2], then 3 overflows it: [refresh 3], [refresh 3,
        // 4], then 5 overflows it again: [refresh 5].
        #expect(event.id == 5, "the refresh carries the id of the event that overflowed the queue")
    }

    @Test("a Last-Event-ID older than the events kept gets one refresh")
    func forgottenEventsGiveRefresh() async throws {
        let server = try TestServer()
        let feed = EventFeed(session: server.server.session, limits: EventFeed.Limits(replay: 2, queue: 64, heartbeat: .seconds(3_600)))
        let listener = feed.subscribe(page: nil, lastEventID: nil)
        defer { feed.close() }
        for value in ["A", "Ad", "Ada", "Adam"] {
            let before = feed.lastEventID
            try server.server.session.file.set("first", to: value)
            #expect(await eventually { feed.lastEventID > before })
        }
        #expect(feed.lastEventID == 4)
        _ = listener
        let late = feed.subscribe(page: nil, lastEventID: .id(1))
        guard case .event(let refresh)? = await late.nextEvents()?.first, case .refresh = refresh.kind else {
            Issue.record("no refresh")
            return
        }
        let recent = feed.subscribe(page: nil, lastEventID: .id(2))
        let replayed = (await recent.nextEvents() ?? []).compactMap { item -> Int? in
            if case .event(let event) = item { return event.id }
            return nil
        }
        #expect(replayed == [3, 4])
    }

    @Test("a heartbeat comment comes while nothing changes")
    func heartbeat() async throws {
        let server = try TestServer()
        let feed = EventFeed(session: server.server.session, limits: EventFeed.Limits(heartbeat: .milliseconds(20)))
        let subscription = feed.subscribe(page: nil, lastEventID: nil)
        defer { feed.close() }
        #expect(await subscription.next() == [.heartbeat])
    }

    @Test("closing the feed ends every stream")
    func closeEndsStreams() async throws {
        let server = try TestServer()
        let feed = server.server.events
        let subscription = feed.subscribe(page: nil, lastEventID: nil)
        feed.close()
        #expect(await subscription.next() == nil)
        #expect(feed.subscribe(page: nil, lastEventID: nil).isFinished)
    }
}

extension EventSubscription {
    /// The next items that are not heartbeats (nil when finished): under
    /// a busy machine a test can outlast the 15 s heartbeat, and a
    /// heartbeat comment is not what these tests are about.
    func nextEvents() async -> [Item]? {
        while let items = await next() {
            let events = items.filter { $0 != .heartbeat }
            if !events.isEmpty { return events }
        }
        return nil
    }
}
