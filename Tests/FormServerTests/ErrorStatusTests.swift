import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// Each route of the API, and each status of the one table
/// (`HTTPStatusTable`, docs/serve.md), in process.
@Suite struct ErrorStatusTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    static func put(_ client: any TestClientProtocol, _ key: String, body: String) async throws -> TestResponse {
        try await client.executeRequest(uri: "/api/fields/\(key)", method: .put, headers: json, body: ByteBuffer(string: body))
    }

    @Test("GET routes answer what the CLI prints with --json")
    func readRoutes() async throws {
        let server = try TestServer()
        let file = server.server.session.file
        try file.set("first", to: "Ada")
        try await server.test { client in
            let fields = try await client.executeRequest(uri: "/api/fields", method: .get, headers: [:], body: nil)
            #expect(fields.status == .ok)
            #expect(String(buffer: fields.body) == (try JSONText.encode(file.fieldListings().map(FieldListingJSON.init))))
            let field = try await client.executeRequest(uri: "/api/fields/first", method: .get, headers: [:], body: nil)
            #expect(try JSONBody.object(field.body)["value"] as? String == "Ada")
            let minimap = try await client.executeRequest(uri: "/api/minimap", method: .get, headers: [:], body: nil)
            #expect(String(buffer: minimap.body) == (try file.minimap(format: .json)))
            let svg = try await client.executeRequest(uri: "/api/minimap.svg", method: .get, headers: [:], body: nil)
            #expect(svg.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(String(buffer: svg.body).hasPrefix("<svg") || String(buffer: svg.body).contains("<svg"))
            let page = try await client.executeRequest(uri: "/api/fields?page=main", method: .get, headers: [:], body: nil)
            #expect(try JSONBody.array(page.body).count == (try file.fieldListings(page: "main").count))
        }
    }

    @Test("400 malformedJSON: a body that is not JSON, or not the route's")
    func malformedJSON() async throws {
        let server = try TestServer()
        try await server.test { client in
            for body in ["not json", #"{"value": {"a": 5}}"#, #"{"valu": "x"}"#, "", "[]"] {
                let response = try await Self.put(client, "first", body: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(try JSONBody.object(response.body)["error"] as? String == "malformedJSON")
            }
            let submit = try await client.executeRequest(uri: "/api/submit", method: .post, headers: Self.json, body: ByteBuffer(string: "{"))
            #expect(submit.status == .badRequest)
        }
    }

    @Test("404: an unknown field or page, with the CLI's message")
    func notFound() async throws {
        let server = try TestServer()
        try await server.test { client in
            let field = try await client.executeRequest(uri: "/api/fields/frist", method: .get, headers: [:], body: nil)
            #expect(field.status == .notFound)
            let body = try JSONBody.object(field.body)
            #expect(body["error"] as? String == "fieldNotFound")
            #expect(body["message"] as? String == "no field named 'frist'; did you mean 'first'?")
            let put = try await Self.put(client, "frist", body: #"{"value":"x"}"#)
            #expect(put.status == .notFound)
            for uri in ["/api/fields?page=nosuch", "/api/minimap?page=nosuch", "/api/minimap.svg?page=nosuch", "/api/events?page=nosuch"] {
                let response = try await client.executeRequest(uri: uri, method: .get, headers: [:], body: nil)
                #expect(response.status == .notFound, "\(uri)")
                #expect(try JSONBody.object(response.body)["error"] as? String == "unknownName", "\(uri)")
            }
        }
    }

    @Test("409: submit while check fails answers check --json's list and stores nothing; filled in, 201")
    func submitConflictThenCreated() async throws {
        let server = try TestServer()
        let file = server.server.session.file
        try await server.test { client in
            let refused = try await client.executeRequest(uri: "/api/submit", method: .post, headers: [:], body: nil)
            #expect(refused.status == .conflict)
            #expect(String(buffer: refused.body) == (try JSONText.encode(file.check().problems)))
            #expect(try JSONBody.array(refused.body).contains { $0["key"] as? String == "first" })
            #expect(try file.responses().isEmpty)

            let draft = try await client.executeRequest(uri: "/api/submit", method: .post, headers: Self.json,
                                                        body: ByteBuffer(string: #"{"draft": true}"#))
            #expect(draft.status == .created)
            #expect(try JSONBody.object(draft.body)["status"] as? String == "draft")

            for (key, value) in [("first", "Ada"), ("middle", "King"), ("last", "Lovelace"), ("email", "ada@example.com")] {
                #expect(try await Self.put(client, key, body: #"{"value":"\#(value)"}"#).status == .ok)
            }
            let submitted = try await client.executeRequest(uri: "/api/submit", method: .post, headers: [:], body: nil)
            #expect(submitted.status == .created, "\(String(buffer: submitted.body))")
            let answer = try JSONBody.object(submitted.body)
            #expect(answer["status"] as? String == "complete")
            #expect(answer["id"] as? Int != nil)
        }
        #expect(try file.responses().count == 2)
        #expect(try file.field("first").value == "")
    }

    @Test("413 bodyTooLarge: a body over the limit, and nothing is written")
    func bodyTooLarge() async throws {
        let server = try TestServer { $0.bodyLimit = 64 }
        try await server.test { client in
            let value = String(repeating: "a", count: 100)
            let response = try await Self.put(client, "first", body: #"{"value":"\#(value)"}"#)
            #expect(response.status == .contentTooLarge)
            #expect(try JSONBody.object(response.body)["error"] as? String == "bodyTooLarge")
            #expect(try await Self.put(client, "first", body: #"{"value":"Ada"}"#).status == .ok)
        }
        #expect(try server.server.session.file.field("first").value == "Ada")
    }

    @Test("422: a value the CLI refuses (NUL) is refused with its message")
    func refusedValue() async throws {
        let server = try TestServer()
        try await server.test { client in
            let response = try await Self.put(client, "first", body: #"{"value":"a\u0000b"}"#)
            #expect(response.status == .unprocessableContent)
            let body = try JSONBody.object(response.body)
            #expect(body["error"] as? String == "invalidValue")
            let message = try #require(body["message"] as? String)
            #expect(message.contains("NUL"), "\(message)")
        }
        #expect(try server.server.session.file.field("first").value == "")
    }

    @Test("503 busy with Retry-After while another program holds the write lock; the value is not written")
    func busyWithRetryAfter() async throws {
        let server = try TestServer()
        let locked = server.folder.appendingPathComponent("locked").path
        let release = server.folder.appendingPathComponent("release").path
        // The sqlite3 shell takes the write lock and keeps it until `release` exists.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        shell.arguments = ["sqlite3", "-bail", server.databasePath]
        let input = Pipe()
        shell.standardInput = input
        try shell.run()
        defer {
            _ = FileManager.default.createFile(atPath: release, contents: nil)
            shell.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("""
            BEGIN IMMEDIATE;
            UPDATE field SET label = label WHERE key = 'middle';
            .shell touch \(locked)
            .shell while [ ! -e \(release) ]; do sleep 0.01; done
            COMMIT;

            """.utf8))
        try input.fileHandleForWriting.close()
        #expect(await eventually { FileManager.default.fileExists(atPath: locked) })
        try await server.test { client in
            let response = try await Self.put(client, "first", body: #"{"value":"Ada"}"#)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == String(HTTPStatusTable.retryAfterSeconds))
            #expect(try JSONBody.object(response.body)["error"] as? String == "busy")
        }
        _ = FileManager.default.createFile(atPath: release, contents: nil)
        shell.waitUntilExit()
        #expect(try server.server.session.file.field("first").value == "")
    }
}
