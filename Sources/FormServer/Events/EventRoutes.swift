import FormKit
import Foundation
import Hummingbird
import ServiceLifecycle

/// `GET /api/events[?page=K]`: the change feed as Server-Sent Events (the
/// contract is in docs/serve.md). Each event has an `id`, and a client
/// that reconnects with `Last-Event-ID` gets what it missed or a refresh.
struct EventRoutes: Sendable {
    let feed: EventFeed

    /// How long a browser waits before reconnecting a dropped stream.
    static let reconnectMilliseconds = 1_000

    func add(to router: Router<ServerContext>) {
        router.get("api/events") { request, _ in
            let page = request.uri.queryParameters["page"].map(String.init)
            // An unknown page is a 404 before the stream starts.
            _ = try call { () throws(FormKitError) in try feed.rects(ofPage: page) }
            let lastEventID = request.headers[HeaderName.lastEventID].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", HeaderName.xAccelBuffering: "no"],
                body: ResponseBody { writer in
                    try await stream(page: page, lastEventID: lastEventID, to: &writer)
                })
        }
    }

    /// Writes the feed's events for `page` until the client goes, the
    /// server shuts down or the feed closes.
    private func stream(page: String?, lastEventID: Int?, to writer: inout any ResponseBodyWriter) async throws {
        let subscription = feed.subscribe(page: page, lastEventID: lastEventID)
        defer { subscription.cancel() }
        // A graceful shutdown (SIGTERM) ends the stream, so that it does
        // not wait for a client that never hangs up.
        try await withGracefulShutdownHandler {
            try await writer.write(ByteBuffer(string: "retry: \(Self.reconnectMilliseconds)\n\n"))
            while let items = await subscription.next() {
                guard !items.isEmpty else { continue }
                let text = items.map { item in
                    switch item {
                    case .event(let event): event.text(forPage: page)
                    case .heartbeat: ": heartbeat\n\n"
                    }
                }.joined()
                // A client gone away makes this throw, which ends the stream.
                try await writer.write(ByteBuffer(string: text))
            }
        } onGracefulShutdown: {
            subscription.finish()
        }
        try await writer.finish(nil)
    }
}
