import FormKit
import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The JSON API's routes, in process (no socket), on a new seed form.
@Suite struct APIRouteTests {
    /// A server on a new database in a temporary folder.
    static func server() throws -> FormServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formserver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try FormServer(configuration: ServerConfiguration(port: 0, databasePath: folder.appendingPathComponent("form.db").path))
    }

    @Test func putStoresTheValueAndAnswersGetJSON() async throws {
        let server = try Self.server()
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/fields/first", method: .put, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: #"{"value": "Ada"}"#)) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.contains(#""state":"valid""#))
                #expect(body.contains(#""color":"green""#))
            }
            try await client.execute(uri: "/api/fields/nosuch", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains(#""error":"fieldNotFound""#))
            }
        }
        #expect(try server.session.file.field("first").value == "Ada")
    }
}
