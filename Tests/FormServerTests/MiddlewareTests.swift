import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The middleware, one job each, in their order from the outside:
/// Hummingbird's `ContentSecurityMiddleware` and ours for the other
/// headers, the error mapping, then the Host, token and Origin checks.
@Suite struct MiddlewareTests {
    /// The policy as the server has always sent it, spelled out.
    static let policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    /// Every header every answer carries, once each.
    static func expectSecurityHeaders(_ response: TestResponse, api: Bool, _ comment: Comment) {
        #expect(response.headers[values: .contentSecurityPolicy] == [Self.policy], comment)
        #expect(response.headers[values: .xContentTypeOptions] == ["nosniff"], comment)
        #expect(response.headers[values: HeaderName.referrerPolicy] == ["same-origin"], comment)
        if api { #expect(response.headers[values: .cacheControl] == ["no-store"], comment) }
    }

    @Test("Hummingbird's ContentSecurityPolicy spells the policy as the server always sent it")
    func policyIsUnchanged() {
        #expect(SecurityHeaders.contentSecurityPolicy == Self.policy)
    }

    @Test("a refusal of the Host check is JSON unknownHost with every security header")
    func hostRefusalHasTheHeaders() async throws {
        let server = try TestServer { $0.token = "t0ken" }
        try await server.test { client in
            for uri in ["/api/fields", "/", "/nosuch"] {
                let response = try await client.executeRequest(uri: uri, method: .get, headers: [HeaderName.host: "evil.example"], body: nil)
                // Host comes before the token: 421, not 401.
                #expect(response.status == .misdirectedRequest, "\(uri)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(try JSONBody.object(response.body)["error"] as? String == "unknownHost")
                Self.expectSecurityHeaders(response, api: uri.hasPrefix("/api"), "\(uri)")
            }
        }
    }

    @Test("refusals of the token and Origin checks, and a route's error, carry every security header")
    func otherRefusalsHaveTheHeaders() async throws {
        let tokenServer = try TestServer { $0.token = "t0ken" }
        try await tokenServer.test { client in
            // The token comes before the Origin: 401, not 403.
            let response = try await client.executeRequest(uri: "/api/fields/first", method: .put,
                                                           headers: [.contentType: "application/json", .origin: "http://evil.example"],
                                                           body: ByteBuffer(string: #"{"value":"Eve"}"#))
            #expect(response.status == .unauthorized)
            #expect(try JSONBody.object(response.body)["error"] as? String == "unauthorized")
            Self.expectSecurityHeaders(response, api: true, "unauthorized")
            // The token's visit answers 303 itself, with the headers too.
            let visit = try await client.executeRequest(uri: "/?token=t0ken", method: .get, headers: [:], body: nil)
            #expect(visit.status == .seeOther)
            Self.expectSecurityHeaders(visit, api: true, "visit")
        }
        let server = try TestServer()
        try await server.test { client in
            let foreign = try await client.executeRequest(uri: "/api/fields/first", method: .put,
                                                          headers: [.contentType: "application/json", .origin: "http://evil.example"],
                                                          body: ByteBuffer(string: #"{"value":"Eve"}"#))
            #expect(foreign.status == .forbidden)
            Self.expectSecurityHeaders(foreign, api: true, "foreignOrigin")
            let malformed = try await client.executeRequest(uri: "/api/fields/first", method: .put,
                                                            headers: [.contentType: "application/json"], body: ByteBuffer(string: "{"))
            #expect(malformed.status == .badRequest)
            #expect(try JSONBody.object(malformed.body)["error"] as? String == "malformedJSON")
            Self.expectSecurityHeaders(malformed, api: true, "malformedJSON")
            // A route's own Cache-Control stands.
            let script = try await client.executeRequest(uri: PageAssets.script.path, method: .get, headers: [:], body: nil)
            #expect(script.headers[values: .cacheControl] == ["public, max-age=31536000, immutable"])
            Self.expectSecurityHeaders(script, api: false, "app.js")
        }
    }
}
