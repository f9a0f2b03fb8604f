import Hummingbird
import ServiceLifecycle

extension EventSubscription {
    /// Writes the subscription's events for `page` as Server-Sent Events
    /// until the client goes, the server shuts down or the feed closes,
    /// then ends the subscription. The owner's feed and each respondent's
    /// stream through here alike.
    func write(forPage page: String?, to writer: inout any ResponseBodyWriter) async throws {
        defer { cancel() }
        // A graceful shutdown (SIGTERM) ends the stream, so that it does
        // not wait for a client that never hangs up.
        try await withGracefulShutdownHandler {
            try await writer.write(ByteBuffer(string: "retry: \(EventRoutes.reconnectMilliseconds)\n\n"))
            while let items = await next() {
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
            self.finish()
        }
        try await writer.finish(nil)
    }
}
