import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `PUT /api/fields/{key}` is `formctl set`: a read-only field
/// (`read_only: true`) is refused, 409 `conflict`, nothing written, as
/// `set` without `--force` refuses it (exit 64); writes to other fields
/// that arrive with it in one batch are stored.
@Suite struct ReadOnlyFieldRouteTests {
    @Test("PUT on a read-only field is 409 and writes nothing; a write beside it in the same batch is stored")
    func putRefusesAReadOnlyField() async throws {
        let server = try APIRouteTests.server()
        let form = server.session.file
        _ = try form.set("first", to: "Owner's")
        _ = try form.setReadOnly("first", true)
        let historyBefore = try form.history().count
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            // Sent together, so that the server's queue may write them in one batch.
            async let refused = client.execute(uri: "/api/fields/first", method: .put, headers: [.contentType: "application/json"],
                                               body: ByteBuffer(string: #"{"value": "Mallory"}"#))
            async let stored = client.execute(uri: "/api/fields/last", method: .put, headers: [.contentType: "application/json"],
                                              body: ByteBuffer(string: #"{"value": "Lovelace"}"#))
            let (refusal, write) = try await (refused, stored)
            #expect(refusal.status == .conflict)
            let body = String(buffer: refusal.body)
            #expect(body.contains(#""error":"conflict""#) && body.contains("first"), "\(body)")
            #expect(write.status == .ok)
        }
        #expect(try form.field("first").value == "Owner's")
        #expect(try form.field("last").value == "Lovelace")
        #expect(try form.history().count == historyBefore + 1, "one history row: last's")
    }
}
