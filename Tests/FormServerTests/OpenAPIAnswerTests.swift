@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import JSONSchemaTestSupport
import Testing

/// Every JSON answer of the API, validated against the schema
/// `/openapi.json` (`Assets/openapi.json`) gives its route, method and
/// status, by Python's `jsonschema` (JSON Schema 2020-12, OpenAPI 3.1's
/// dialect): the owner's routes on the shared form and the respondents'
/// in `--collect` mode, their successes and their refusals. An answer
/// whose status the document does not list, or whose schema it does not
/// give, fails too.
@Suite struct OpenAPIAnswerTests {
    /// One answer: what was asked, the status and the JSON body.
    struct Answer {
        var method: String, path: String, status: Int, body: String
        /// The document that describes it: the server's mode.
        var mode = OpenAPIDocument.Mode.shared
    }

    /// The document served in `mode`, as an object.
    static func document(_ mode: OpenAPIDocument.Mode) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json(mode).utf8)) as? [String: Any]) ?? [:]
    }

    /// The documented path template `path` matches (`/api/fields/{key}`)
    /// in `mode`'s document.
    static func template(of path: String, in mode: OpenAPIDocument.Mode) -> String? {
        let paths = (document(mode)["paths"] as? [String: Any]) ?? [:]
        let given = path.split(separator: "?")[0].split(separator: "/", omittingEmptySubsequences: false)
        return paths.keys.sorted().first { template in
            let parts = template.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == given.count && zip(parts, given).allSatisfy { $0 == $1 || $0.hasPrefix("{") }
        }
    }

    /// The schema the document gives `answer`, resolving a shared response
    /// (`#/components/responses/…`); nil with the reason when it gives none.
    static func schema(for answer: Answer) -> (schema: Any?, missing: String?) {
        // A path no route has: the router's 404, in the error shape.
        let document = document(answer.mode)
        if template(of: answer.path, in: answer.mode) == nil, answer.status == 404 { return (["$ref": "#/components/schemas/Error"], nil) }
        guard let template = template(of: answer.path, in: answer.mode),
              let route = ((document["paths"] as? [String: Any])?[template] as? [String: Any])?[answer.method.lowercased()] as? [String: Any]
        else { return (nil, "\(answer.method) \(answer.path): no such route in the document") }
        guard var response = (route["responses"] as? [String: Any])?[String(answer.status)] as? [String: Any] else {
            return (nil, "\(answer.method) \(template): status \(answer.status) is not in the document")
        }
        if let reference = response["$ref"] as? String, let name = reference.split(separator: "/").last,
           let shared = ((document["components"] as? [String: Any])?["responses"] as? [String: Any])?[String(name)] as? [String: Any] {
            response = shared
        }
        guard let schema = ((response["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] else {
            return (nil, "\(answer.method) \(template) \(answer.status): no application/json schema")
        }
        return (schema, nil)
    }

    /// The owner's routes on the shared form, and their refusals.
    static func ownerAnswers() async throws -> [Answer] {
        let server = try APIRouteTests.server()
        let app = Application(router: server.router())
        return try await app.test(.router) { client in
            var answers: [Answer] = []
            func ask(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil) async throws {
                let response = try await client.executeRequest(uri: path, method: method, headers: body == nil ? [:] : [.contentType: "application/json"],
                                                               body: body.map { ByteBuffer(string: $0) })
                answers.append(Answer(method: method.rawValue, path: path, status: Int(response.status.code), body: String(buffer: response.body)))
            }
            try await ask(.get, "/api/fields")
            try await ask(.get, "/api/fields?page=nope")
            try await ask(.get, "/api/fields/first")
            try await ask(.get, "/api/fields/frist")
            try await ask(.put, "/api/fields/first", #"{"value": "Ad"}"#)
            try await ask(.put, "/api/fields/first", "{")
            try await ask(.put, "/api/fields/nosuch", #"{"value": "x"}"#)
            try await ask(.get, "/api/minimap")
            try await ask(.post, "/api/submit", "{}")
            for (key, value) in [("first", "Ada"), ("middle", "Augusta"), ("last", "Lovelace"), ("email", "ada@example.org")] {
                try await ask(.put, "/api/fields/\(key)", #"{"value": "\#(value)"}"#)
            }
            try await ask(.post, "/api/submit", #"{"draft": true}"#)
            try await ask(.post, "/api/submit", "{}")
            try await ask(.get, "/api/nothing")
            return answers
        }
    }

    /// A repeat's routes on the family form (`Examples/forms/family.yaml`),
    /// and its fields and minimap (paths, group boxes).
    static func repeatAnswers() async throws -> [Answer] {
        let server = try RepeatRouteTests.family()
        return try await server.test { client in
            var answers: [Answer] = []
            func ask(_ method: HTTPRequest.Method, _ path: String) async throws {
                let response = try await client.executeRequest(uri: path, method: method, headers: [:], body: nil)
                answers.append(Answer(method: method.rawValue, path: path, status: Int(response.status.code), body: String(buffer: response.body)))
            }
            try await ask(.get, "/api/repeats/children")
            try await ask(.post, "/api/repeats/children")
            try await ask(.post, "/api/repeats/nope")
            try await ask(.get, "/api/fields")
            try await ask(.get, "/api/minimap")
            try await ask(.delete, "/api/repeats/children.2")
            try await ask(.delete, "/api/repeats/children.1")
            try await ask(.delete, "/api/repeats/children.9")
            try await ask(.get, "/api/repeats/contact")
            return answers
        }
    }

    /// The respondents' routes in `--collect` mode, with and without a draft.
    static func respondentAnswers() async throws -> [Answer] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formserver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try FormServer(configuration: ServerConfiguration(
            port: 0, databasePath: folder.appendingPathComponent("form.db").path, token: "owner-token", collect: CollectSettings()))
        let app = Application(router: server.router())
        return try await app.test(.router) { client in
            var answers: [Answer] = []
            var cookie: String?
            func ask(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil) async throws {
                var headers: HTTPFields = body == nil ? [:] : [.contentType: "application/json"]
                if let cookie { headers[.cookie] = cookie }
                let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
                if let set = response.headers[.setCookie] { cookie = String(set.split(separator: ";")[0]) }
                answers.append(Answer(method: method.rawValue, path: path, status: Int(response.status.code), body: String(buffer: response.body),
                                      mode: .collect))
            }
            try await ask(.get, "/api/respond/fields")
            try await ask(.get, "/api/respond/fields/first")
            try await ask(.put, "/api/respond/fields/first", #"{"value": "Ada"}"#)
            try await ask(.put, "/api/respond/fields/frist", #"{"value": "Ada"}"#)
            try await ask(.get, "/api/respond/minimap")
            try await ask(.post, "/api/respond/submit")
            for (key, value) in [("middle", "Augusta"), ("last", "Lovelace"), ("email", "ada@example.org")] {
                try await ask(.put, "/api/respond/fields/\(key)", #"{"value": "\#(value)"}"#)
            }
            try await ask(.post, "/api/respond/submit")
            try await ask(.get, "/api/fields")
            return answers
        }
    }

    @Test func everyAnswerOfTheAPIIsValidAgainstTheDocument() async throws {
        let answers = try await Self.ownerAnswers() + (try await Self.respondentAnswers()) + (try await Self.repeatAnswers())
        // Each kind of answer was met: successes, a refused submit, refusals.
        let statuses = Set(answers.map(\.status))
        #expect(statuses.isSuperset(of: [200, 201, 400, 401, 404, 409]), "\(statuses.sorted())")
        var jobs: [JSONSchemaPython.Job] = []
        var asked: [Answer] = []
        let components = try JSONSerialization.data(withJSONObject: Self.document(.shared)["components"] ?? [:])
        for answer in answers {
            let (schema, missing) = Self.schema(for: answer)
            if let missing {
                Issue.record("\(missing): \(answer.body.prefix(200))")
                continue
            }
            let schemaText = String(decoding: try JSONSerialization.data(withJSONObject: schema ?? [:], options: [.fragmentsAllowed]), as: UTF8.self)
            // The answer's schema under the document's components, where
            // its `$ref`s (`#/components/schemas/…`) point.
            jobs.append(JSONSchemaPython.Job(
                schema: #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "components": \#(String(decoding: components, as: UTF8.self)), "allOf": [\#(schemaText)]}"#,
                instances: [answer.body]))
            asked.append(answer)
        }
        let results = try JSONSchemaPython.validate(jobs)
        for (answer, result) in zip(asked, results) {
            #expect(result == [true], "\(answer.method) \(answer.path) → \(answer.status): \(answer.body.prefix(300))")
        }
        #expect(asked.count >= 20)
    }
}
