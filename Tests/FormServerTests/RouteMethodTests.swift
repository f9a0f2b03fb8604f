@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Each mode's routes against its OpenAPI document, and the methods a
/// route does not take: 405 with `Allow` (RFC 9110 §15.5.6), in process
/// (the end-to-end side is `APIContractTests`).
@Suite struct RouteMethodTests {
    /// A server in `mode` (`respondent` is not a server's mode): the seed
    /// form; in `--collect` mode with the token `owner-token`.
    static func server(_ mode: OpenAPIDocument.Mode) throws -> TestServer {
        try TestServer { configuration in
            if mode != .shared {
                configuration.token = "owner-token"
                configuration.collect = CollectSettings()
            }
        }
    }

    /// The document's paths and, for each, its methods (lowercased).
    static func documented(_ mode: OpenAPIDocument.Mode) -> [String: Set<String>] {
        let paths = OpenAPIDocument.object(mode)["paths"] as? [String: [String: Any]] ?? [:]
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]
        return paths.mapValues { Set($0.keys).intersection(methods) }
    }

    @Test("each mode's document lists exactly the routes the server serves, and their methods", arguments: [OpenAPIDocument.Mode.shared, .collect])
    func documentIsTheRoutes(mode: OpenAPIDocument.Mode) throws {
        let served = try Self.server(mode).server.routerAndRoutes().routes.documentedForm
        #expect(served == Self.documented(mode))
    }

    @Test("without --collect there is no /owner and no /api/respond/…; a respondent's document has only theirs")
    func modesDiffer() {
        let shared = Set(Self.documented(.shared).keys)
        #expect(!shared.contains("/owner"))
        #expect(!shared.contains { $0.hasPrefix("/api/respond/") })
        #expect(Self.documented(.collect)["/owner"] == ["get", "post"])
        let respondent = Set(Self.documented(.respondent).keys)
        #expect(respondent.allSatisfy { $0 == "/" || $0 == "/openapi.json" || $0.hasPrefix("/api/respond/") }, "\(respondent.sorted())")
        #expect(respondent.contains("/api/respond/fields/{key}"))
    }

    @Test("every method a route does not take is 405 with Allow naming those it takes, HEAD beside GET",
          arguments: [OpenAPIDocument.Mode.shared, .collect])
    func methodNotAllowed(mode: OpenAPIDocument.Mode) async throws {
        let server = try Self.server(mode)
        let documented = Self.documented(mode)
        try await server.test { client in
            for (template, taken) in documented.sorted(by: { $0.key < $1.key }) {
                let path = template.replacingOccurrences(of: "{key}", with: "name").replacingOccurrences(of: "{path}", with: "children")
                    .replacingOccurrences(of: "{file}", with: "app.css")
                let order = ["GET", "HEAD", "POST", "PUT", "DELETE"]
                let allow = order.filter { taken.contains($0.lowercased()) || ($0 == "HEAD" && taken.contains("get")) }.joined(separator: ", ")
                for method in ["GET", "PUT", "POST", "DELETE", "PATCH", "TRACE", "OPTIONS", "QUERY"] where !taken.contains(method.lowercased()) {
                    let response = try await client.executeRequest(uri: path, method: HTTPRequest.Method(method)!,
                                                                   headers: [.authorization: "Bearer owner-token"], body: nil)
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response.headers[.allow] == allow, "\(method) \(path)")
                    #expect(try JSONBody.object(response.body)["error"] as? String == "methodNotAllowed", "\(method) \(path)")
                }
            }
            // HEAD is GET without the body.
            let head = try await client.executeRequest(uri: "/api/fields", method: .head, headers: [.authorization: "Bearer owner-token"], body: nil)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            // A path no route has stays 404, whatever the method.
            let none = try await client.executeRequest(uri: "/api/nothing", method: .trace, headers: [.authorization: "Bearer owner-token"], body: nil)
            #expect(none.status == .notFound)
        }
    }

    @Test("in --collect mode an owner's route refuses a method with 401 before 405: who has no token learns nothing of it")
    func tokenFirst() async throws {
        let server = try Self.server(.collect)
        try await server.test { client in
            let response = try await client.executeRequest(uri: "/api/fields", method: .trace, headers: [:], body: nil)
            #expect(response.status == .unauthorized)
            let respondent = try await client.executeRequest(uri: "/api/respond/fields", method: .trace, headers: [:], body: nil)
            #expect(respondent.status == .methodNotAllowed)
            #expect(respondent.headers[.allow] == "GET, HEAD")
        }
    }
}
