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

    func add(to router: some RouterMethods<ServerContext>) {
        router.get("api/events") { request, _ in
            let page = request.uri.queryParameters["page"].map(String.init)
            // An unknown page is a 404 before the stream starts.
            _ = try await call { () throws(FormKitError) in try feed.rects(ofPage: page) }
            let lastEventID = request.headers[HeaderName.lastEventID].map(LastEventID.init)
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
    private func stream(page: String?, lastEventID: LastEventID?, to writer: inout any ResponseBodyWriter) async throws {
        // Subscribing reads the form: on the database's threads.
        let subscription = await DatabaseWork.run { [feed] in feed.subscribe(page: page, lastEventID: lastEventID) }
        try await subscription.write(forPage: page, to: &writer)
    }
}
