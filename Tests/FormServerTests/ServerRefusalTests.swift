import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import Testing

/// The server's own refusals are one enum, `ServerRefusal`, each case with
/// its status: what is thrown, the status table and `/openapi.json` follow it.
@Suite struct ServerRefusalTests {
    @Test("each of the server's refusals is answered with its case's code and status")
    func refusalsAnswerTheirCase() {
        let made: [(ServerRefusal, APIError)] = [
            (.malformedJSON, .malformedJSON("x")), (.unauthorized, .unauthorized), (.foreignOrigin, .foreignOrigin("http://a")),
            (.notFound, APIError(answering: HTTPError(.notFound))), (.methodNotAllowed, .methodNotAllowed(.trace, allowed: [.get, .head])),
            (.bodyTooLarge, .bodyTooLarge(limit: 1)), (.unknownHost, .unknownHost(nil)),
            (.alreadySubmitted, APIError(FormKitError.store(.alreadySubmitted))),
            (.tooManyDrafts, APIError(FormKitError.store(.tooManyDrafts(limit: 2)))),
            (.diskFull, APIError(FormKitError.store(.diskFull(path: "/secret/form.db")))),
        ]
        #expect(Set(made.map(\.0.code)) == Set(ServerRefusal.allCases.map(\.code)))
        for (refusal, error) in made {
            #expect(error.code == refusal.code)
            #expect(error.status == refusal.status)
        }
        // What a respondent may read: no path of the server's, a time to wait.
        #expect(!APIError(FormKitError.store(.diskFull(path: "/secret/form.db"))).message.contains("/secret"))
        #expect(APIError(FormKitError.store(.tooManyDrafts(limit: 2))).headers[.retryAfter] != nil)
        #expect(HTTPStatusTable.serverErrors.map(\.code) == ServerRefusal.allCases.map(\.code))
        #expect(HTTPStatusTable.serverErrors.map(\.status) == ServerRefusal.allCases.map(\.status))
    }

    @Test("/openapi.json's Error names every error code: FormKit's and the server's own")
    func openAPINamesEveryCode() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.source.utf8)) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let error = try #require(schemas["Error"] as? [String: Any])
        let properties = try #require(error["properties"] as? [String: [String: Any]])
        let description = try #require(properties["error"]?["description"] as? String)
        let named = Set(description.split { !$0.isLetter }.map(String.init))
        for code in FormKitError.Code.allCases.map(\.rawValue) + ServerRefusal.allCases.map(\.code) {
            #expect(named.contains(code), "\(code)")
        }
    }
}
