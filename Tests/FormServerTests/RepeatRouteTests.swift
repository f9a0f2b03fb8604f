import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `GET`, `POST /api/repeats/{path}` and `DELETE /api/repeats/{path}.{n}`
/// on `Examples/forms/family.yaml` (children: min 1, max 12): what each
/// answers, its refusals (404 for a path that names no repeat or
/// instance, 409 at the counts, nothing written), and the token and
/// `Origin` checks every write passes.
@Suite struct RepeatRouteTests {
    /// `Examples/forms/family.yaml`.
    static let familyFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/forms/family.yaml")

    /// A server on a new database holding the family form.
    static func family(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        let server = try TestServer(configure)
        _ = try server.server.session.file.apply(FormSpec.decode(Array(try Data(contentsOf: familyFile)), file: familyFile.path))
        return server
    }

    @Test("POST adds an instance (201 and its path), DELETE removes one (200 and the instances after it), GET lists them")
    func addRemoveAndList() async throws {
        let server = try Self.family()
        let form = server.server.session.file
        _ = try form.set("children.1.name", to: "Ann")
        try await server.test { client in
            let added = try await client.executeRequest(uri: "/api/repeats/children", method: .post, headers: [:], body: nil)
            #expect(added.status == .created)
            #expect(try JSONBody.object(added.body)["path"] as? String == "children.2")
            let third = try await client.executeRequest(uri: "/api/repeats/children", method: .post, headers: [:], body: nil)
            #expect(try JSONBody.object(third.body)["path"] as? String == "children.3")
            let put = try await client.executeRequest(uri: "/api/fields/children.3.name", method: .put, headers: [.contentType: "application/json"],
                                                      body: ByteBuffer(string: #"{"value": "Cy"}"#))
            #expect(put.status == .ok)
            let removed = try await client.executeRequest(uri: "/api/repeats/children.2", method: .delete, headers: [:], body: nil)
            #expect(removed.status == .ok)
            let after = try JSONBody.array(removed.body)
            #expect(after.map { $0["path"] as? String } == ["children.1", "children.2"])
            #expect(after.map { $0["title"] as? String } == ["Child 1", "Child 2"])
            let listed = try await client.executeRequest(uri: "/api/repeats/children", method: .get, headers: [:], body: nil)
            #expect(listed.status == .ok)
            #expect(try JSONBody.array(listed.body).map { $0["filled"] as? Int } == [1, 1])
            // A list's instances are added as a repeat's are.
            let nickname = try await client.executeRequest(uri: "/api/repeats/nicknames", method: .post, headers: [:], body: nil)
            #expect(try JSONBody.object(nickname.body)["path"] as? String == "nicknames.1")
        }
        // The third child moved up a number, with its value.
        #expect(try form.field("children.1.name").value == "Ann")
        #expect(try form.field("children.2.name").value == "Cy")
        #expect(try form.instances(of: "children").count == 2)
    }

    @Test("a path that names no repeat or instance is 404 unknownName; the counts' refusals 409 conflict; nothing written")
    func refusals() async throws {
        let server = try Self.family()
        let session = server.server.session
        try await server.test { client in
            let before = session.changeCount()
            for (method, path) in [(HTTPRequest.Method.post, "nope"), (.post, "contact"), (.post, "children.1"), (.delete, "children.7"),
                                   (.delete, "children"), (.delete, "nope.1"), (.get, "nope")] {
                let response = try await client.executeRequest(uri: "/api/repeats/" + path, method: method, headers: [:], body: nil)
                #expect(response.status == .notFound, "\(method) \(path)")
                let body = try JSONBody.object(response.body)
                #expect(body["error"] as? String == "unknownName", "\(method) \(path)")
                #expect((body["message"] as? String)?.isEmpty == false)
            }
            // children holds at least 1.
            let below = try await client.executeRequest(uri: "/api/repeats/children.1", method: .delete, headers: [:], body: nil)
            #expect(below.status == .conflict)
            let belowBody = try JSONBody.object(below.body)
            #expect(belowBody["error"] as? String == "conflict")
            #expect((belowBody["message"] as? String)?.contains("at least 1") == true)
            #expect(session.changeCount() == before)
            // ... and at most 12.
            for _ in 2...12 { _ = try await client.executeRequest(uri: "/api/repeats/children", method: .post, headers: [:], body: nil) }
            let full = session.changeCount()
            let past = try await client.executeRequest(uri: "/api/repeats/children", method: .post, headers: [:], body: nil)
            #expect(past.status == .conflict)
            #expect((try JSONBody.object(past.body)["message"] as? String)?.contains("at most 12") == true)
            #expect(session.changeCount() == full)
        }
        #expect(try session.file.instances(of: "children").count == 12)
    }

    @Test("adding and removing need the token, and a same-site Origin, as every write")
    func writesAreGuarded() async throws {
        let server = try Self.family { $0.token = "secret-token" }
        try await server.test { client in
            let anonymous = try await client.executeRequest(uri: "/api/repeats/children", method: .post, headers: [:], body: nil)
            #expect(anonymous.status == .unauthorized)
            let listed = try await client.executeRequest(uri: "/api/repeats/children", method: .get, headers: [:], body: nil)
            #expect(listed.status == .unauthorized)
            let foreign = try await client.executeRequest(
                uri: "/api/repeats/children", method: .post,
                headers: [.authorization: "Bearer secret-token", .origin: "http://evil.example"], body: nil)
            #expect(foreign.status == .forbidden)
            let removal = try await client.executeRequest(
                uri: "/api/repeats/children.1", method: .delete,
                headers: [.authorization: "Bearer secret-token", .origin: "http://evil.example"], body: nil)
            #expect(removal.status == .forbidden)
            let owner = try await client.executeRequest(uri: "/api/repeats/children", method: .post,
                                                        headers: [.authorization: "Bearer secret-token"], body: nil)
            #expect(owner.status == .created)
        }
        #expect(try server.server.session.file.instances(of: "children").count == 2)
    }

    @Test("in --collect mode they are the owner's: a respondent without the token is refused")
    func collectModeKeepsThemTheOwners() async throws {
        let server = try Self.family { $0.token = "owner-token"; $0.collect = CollectSettings() }
        try await server.test { client in
            let respondent = try await client.executeRequest(uri: "/api/repeats/children", method: .post, headers: [:], body: nil)
            #expect(respondent.status == .unauthorized)
            let owner = try await client.executeRequest(uri: "/api/repeats/children", method: .post,
                                                        headers: [.authorization: "Bearer owner-token"], body: nil)
            #expect(owner.status == .created)
        }
    }
}
