import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// What every request passes before a route: Host, token, Origin, and the
/// headers and JSON errors of every answer.
@Suite struct RequestGuardTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    @Test("a Host the server does not answer to is 421 unknownHost (DNS rebinding)")
    func unknownHostIsRefused() async throws {
        let server = try TestServer()
        try await server.test { client in
            for host in ["evil.example", "evil.example:8080", "127.0.0.2", "localhost.evil.example", "", "127.0.0.1:99999", "[::1"] {
                let response = try await client.executeRequest(uri: "/api/fields", method: .get, headers: [HeaderName.host: host], body: nil)
                #expect(response.status == .misdirectedRequest, "Host: \(host)")
                #expect(try JSONBody.object(response.body)["error"] as? String == "unknownHost", "Host: \(host)")
                #expect(response.headers[.contentSecurityPolicy] == SecurityHeaders.contentSecurityPolicy)
            }
        }
        // A write with a refused Host changes nothing.
        try await server.test { client in
            let response = try await client.executeRequest(uri: "/api/fields/first", method: .put,
                                                           headers: [HeaderName.host: "evil.example", .contentType: "application/json"],
                                                           body: ByteBuffer(string: #"{"value":"Eve"}"#))
            #expect(response.status == .misdirectedRequest)
        }
        #expect(try server.server.session.file.field("first").value == "")
    }

    @Test("loopback names, the --host value and each --allow-host are answered, with or without a port")
    func allowedHostsAreAnswered() async throws {
        let server = try TestServer { $0.allowedHosts = ["forms.example.com", "Other.Example:8443"] }
        try await server.test { client in
            for host in ["127.0.0.1", "127.0.0.1:8080", "localhost", "LOCALHOST:1", "[::1]", "[::1]:8080",
                         "forms.example.com", "forms.example.com:443", "other.example:8443"] {
                let response = try await client.executeRequest(uri: "/api/fields", method: .get, headers: [HeaderName.host: host], body: nil)
                #expect(response.status == .ok, "Host: \(host)")
            }
            // An --allow-host given with a port is answered on that port only.
            let other = try await client.executeRequest(uri: "/api/fields", method: .get, headers: [HeaderName.host: "other.example:80"], body: nil)
            #expect(other.status == .misdirectedRequest)
        }
    }

    @Test("HostCheck: the --host value is answered, an IPv6 one in brackets")
    func hostValueIsAnswered() {
        let named = HostCheck(configuration: ServerConfiguration(host: "192.168.1.20", databasePath: "x", token: "t"))
        #expect(named.allows("192.168.1.20:8080"))
        #expect(!named.allows("192.168.1.21:8080"))
        let v6 = HostCheck(configuration: ServerConfiguration(host: "fe80::1", databasePath: "x", token: "t"))
        #expect(v6.allows("[fe80::1]:8080"))
        #expect(!v6.allows("fe80::1"))
        #expect(HostHeader("a b") == nil)
        #expect(HostHeader("example.com:") == nil)
        #expect(HostHeader("[::1]:80")?.port == 80)
    }

    @Test("with a token: none or a wrong one is 401 with WWW-Authenticate; Bearer or the cookie passes")
    func tokenIsRequired() async throws {
        let server = try TestServer { $0.token = "s3cret token;=" }
        try await server.test { client in
            for headers: HTTPFields in [[:], [.authorization: "Bearer wrong"], [.authorization: "Bearer s3cret token;"],
                                        [.authorization: "Basic s3cret token;="], [.cookie: "formctl_token=s3cret"],
                                        [.cookie: "other=s3cret%20token%3B%3D"]] {
                for uri in ["/api/fields", "/", "/openapi.json", "/no/such/route", "/api/events"] {
                    let response = try await client.executeRequest(uri: uri, method: .get, headers: headers, body: nil)
                    #expect(response.status == .unauthorized, "\(uri) \(headers)")
                    #expect(response.headers[.wwwAuthenticate] == "Bearer")
                    #expect(try JSONBody.object(response.body)["error"] as? String == "unauthorized")
                }
            }
            let put = try await client.executeRequest(uri: "/api/fields/first", method: .put, headers: Self.json,
                                                      body: ByteBuffer(string: #"{"value":"Eve"}"#))
            #expect(put.status == .unauthorized)
            let bearer = try await client.executeRequest(uri: "/api/fields", method: .get,
                                                         headers: [.authorization: "Bearer s3cret token;="], body: nil)
            #expect(bearer.status == .ok)
            let cookie = try await client.executeRequest(uri: "/api/fields", method: .get,
                                                         headers: [.cookie: "a=b; formctl_token=s3cret%20token%3B%3D"], body: nil)
            #expect(cookie.status == .ok)
        }
        #expect(try server.server.session.file.field("first").value == "")
    }

    @Test("GET /?token=T sets an HttpOnly, SameSite=Strict cookie and redirects to / (303); a wrong one is 401")
    func tokenVisitSetsTheCookie() async throws {
        let server = try TestServer { $0.token = "abc123" }
        try await server.test { client in
            let visit = try await client.executeRequest(uri: "/?token=abc123", method: .get, headers: [:], body: nil)
            #expect(visit.status == .seeOther)
            #expect(visit.headers[.location] == "/")
            let cookie = try #require(visit.headers[.setCookie])
            #expect(cookie == "formctl_token=abc123; HttpOnly; SameSite=Strict; Path=/")
            let cookieValue = String(cookie.prefix { $0 != ";" })
            let after = try await client.executeRequest(uri: "/api/fields", method: .get, headers: [.cookie: cookieValue], body: nil)
            #expect(after.status == .ok)
            let wrong = try await client.executeRequest(uri: "/?token=abc124", method: .get, headers: [:], body: nil)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.setCookie] == nil)
        }
    }

    @Test("the token is compared in full: same length, other length, empty")
    func constantTimeComparison() {
        let secret = Array("abcdef".utf8)
        #expect(ConstantTimeComparison.equal("abcdef".utf8, secret))
        #expect(!ConstantTimeComparison.equal("abcdeg".utf8, secret))
        #expect(!ConstantTimeComparison.equal("Abcdef".utf8, secret))
        #expect(!ConstantTimeComparison.equal("abcde".utf8, secret))
        #expect(!ConstantTimeComparison.equal("abcdefg".utf8, secret))
        #expect(!ConstantTimeComparison.equal("".utf8, secret))
        #expect(!ConstantTimeComparison.equal([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0]))
    }

    @Test("a PUT or POST from a foreign Origin is 403 foreignOrigin and writes nothing; the server's own Origin passes")
    func foreignOriginIsRefused() async throws {
        let server = try TestServer { $0.allowedHosts = ["forms.example.com"] }
        try await server.test { client in
            for origin in ["http://evil.example", "http://localhost:3000", "null", "https://127.0.0.1.evil.example", "file://"] {
                var headers = Self.json
                headers[.origin] = origin
                let put = try await client.executeRequest(uri: "/api/fields/first", method: .put, headers: headers,
                                                          body: ByteBuffer(string: #"{"value":"Eve"}"#))
                #expect(put.status == .forbidden, "Origin: \(origin)")
                #expect(try JSONBody.object(put.body)["error"] as? String == "foreignOrigin")
                let submit = try await client.executeRequest(uri: "/api/submit", method: .post, headers: headers,
                                                             body: ByteBuffer(string: #"{"draft":true}"#))
                #expect(submit.status == .forbidden, "Origin: \(origin)")
            }
            // A read from elsewhere is not a write: the Host guard and the
            // token are what keep reads in.
            let read = try await client.executeRequest(uri: "/api/fields", method: .get, headers: [.origin: "http://evil.example"], body: nil)
            #expect(read.status == .ok)
            for (host, origin) in [("127.0.0.1:8080", "http://127.0.0.1:8080"), ("localhost", "http://localhost"),
                                   ("localhost:80", "http://localhost"), ("forms.example.com", "https://forms.example.com"),
                                   ("127.0.0.1:8080", "https://forms.example.com")] {
                var headers = Self.json
                headers[.origin] = origin
                headers[HeaderName.host] = host
                let put = try await client.executeRequest(uri: "/api/fields/first", method: .put, headers: headers,
                                                          body: ByteBuffer(string: #"{"value":"Ada"}"#))
                #expect(put.status == .ok, "Host: \(host), Origin: \(origin)")
            }
        }
        #expect(try server.server.session.file.field("first").value == "Ada")
        #expect(try server.server.session.file.history(of: "first").allSatisfy { $0.newValue != "Eve" })
    }

    @Test("every answer carries the CSP, nosniff and same-origin referrers; API answers are no-store")
    func securityHeaders() async throws {
        let server = try TestServer()
        try await server.test { client in
            for (uri, status) in [("/api/fields", HTTPResponse.Status.ok), ("/api/minimap.svg", .ok), ("/openapi.json", .ok),
                                  ("/api/fields/nosuch", .notFound), ("/no/such/route", .notFound)] {
                let response = try await client.executeRequest(uri: uri, method: .get, headers: [:], body: nil)
                #expect(response.status == status, "\(uri)")
                #expect(response.headers[.contentSecurityPolicy] == SecurityHeaders.contentSecurityPolicy, "\(uri)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(response.headers[HeaderName.referrerPolicy] == "same-origin", "\(uri)")
                if uri.hasPrefix("/api") || uri == "/openapi.json" { #expect(response.headers[.cacheControl] == "no-store", "\(uri)") }
            }
        }
        #expect(SecurityHeaders.contentSecurityPolicy.contains("script-src 'self';"))
        #expect(!SecurityHeaders.contentSecurityPolicy.contains("unsafe-inline"))
    }

    @Test("an unknown route is 404 JSON notFound; a known one with another method 405 JSON methodNotAllowed, with Allow")
    func unknownRouteIsNotFound() async throws {
        let server = try TestServer()
        try await server.test { client in
            for (uri, method, status, code) in [("/nosuch", HTTPRequest.Method.get, HTTPResponse.Status.notFound, "notFound"), ("/api", .get, .notFound, "notFound"),
                                                ("/api/fields", .delete, .methodNotAllowed, "methodNotAllowed"),
                                                ("/api/submit", .get, .methodNotAllowed, "methodNotAllowed")] {
                let response = try await client.executeRequest(uri: uri, method: method, headers: [:], body: nil)
                #expect(response.status == status, "\(method) \(uri)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(try JSONBody.object(response.body)["error"] as? String == code, "\(method) \(uri)")
                #expect((response.headers[.allow] != nil) == (status == .methodNotAllowed), "\(method) \(uri)")
            }
        }
    }
}
