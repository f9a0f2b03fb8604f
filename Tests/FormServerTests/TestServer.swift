import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A `FormServer` on a new seed form in a folder of its own, for tests
/// that call its router in process.
struct TestServer {
    let server: FormServer
    let folder: URL

    /// A server with `configure` applied to its configuration (port 0,
    /// the database in a new temporary folder).
    init(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formserver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = ServerConfiguration(port: 0, databasePath: folder.appendingPathComponent("form.db").path)
        configure(&configuration)
        server = try FormServer(configuration: configuration)
    }

    var databasePath: String { server.configuration.databasePath }

    /// Runs `body` with a client of the server's router, on an executor of
    /// the test's own: `swift test` runs this suite beside suites that
    /// block Swift's cooperative threads (one per core) while their
    /// processes run, and on those threads these requests and streams could
    /// wait minutes for a turn.
    func test<T: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        let app = Application(router: server.router())
        return try await withTaskExecutorPreference(DispatchTaskExecutor(label: "formserver-tests")) {
            try await app.test(.router, body)
        }
    }
}

/// JSON bodies as dictionaries and arrays.
enum JSONBody {
    static func object(_ buffer: ByteBuffer) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))
        return try #require(value as? [String: Any], "not a JSON object: \(String(buffer: buffer))")
    }

    static func array(_ buffer: ByteBuffer) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))
        return try #require(value as? [[String: Any]], "not a JSON array of objects: \(String(buffer: buffer))")
    }
}

/// One event of a Server-Sent Events body.
struct SentEvent: Equatable {
    var id: Int?
    var name: String?
    var data: String
    var comment: Bool

    /// The JSON object on the `data` line.
    func json() throws -> [String: Any] {
        try JSONBody.object(ByteBuffer(string: data))
    }

    /// The events of a stream's text, in order (comments included; the
    /// `retry` preamble left out).
    static func parse(_ text: String) -> [SentEvent] {
        text.components(separatedBy: "\n\n").compactMap { block -> SentEvent? in
            guard !block.isEmpty else { return nil }
            var event = SentEvent(id: nil, name: nil, data: "", comment: false)
            var sawField = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { event.comment = true; continue }
                if line.hasPrefix("id: ") { event.id = Int(line.dropFirst(4)); sawField = true }
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)); sawField = true }
                if line.hasPrefix("data: ") { event.data += String(line.dropFirst(6)); sawField = true }
            }
            return sawField || event.comment ? event : nil
        }
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass (a
/// bound, not a timing assertion: slow machines only wait longer).
func eventually(_ seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
