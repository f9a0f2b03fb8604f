import Foundation
import Testing

/// The HTTP API keeps what its OpenAPI document promises (issue 50), through
/// the real `formctl serve` on the survey form: 405 with `Allow` for a
/// method a route does not take, a document of the mode that runs, every
/// `Last-Event-ID` answered as the document says, every JSON number read.
/// schemathesis checks the same at large (`Scripts/schemathesis.sh`, in CI).
@Suite("formctl serve: the API's contract", .serialized)
struct APIContractTests {
    static let survey = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/forms/survey.yaml").path

    /// A sandbox holding the survey form.
    static func surveySandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.ok(["apply", survey])
        return sandbox
    }

    /// The paths of the document a request for `/openapi.json` gets.
    static func documentedPaths(_ reply: HTTPReply) throws -> Set<String> {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any], "\(reply)")
        #expect(document["openapi"] as? String == "3.2.0")
        return Set(try #require(document["paths"] as? [String: Any]).keys)
    }

    /// The JSON object of a reply's body.
    static func object(_ reply: HTTPReply) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any], "\(reply)")
    }

    @Test("a method a route does not take is 405 with Allow; HEAD is GET without its body; an unknown path stays 404")
    func methodNotAllowed() throws {
        let sandbox = try Self.surveySandbox()
        let server = try ServeProcess(sandbox)
        for (method, path, allow) in [("TRACE", "/api/fields", "GET, HEAD"), ("DELETE", "/api/fields/age", "GET, HEAD, PUT"),
                                      ("GET", "/api/submit", "POST"), ("PATCH", "/api/events", "GET, HEAD"),
                                      ("PUT", "/", "GET, HEAD, POST"), ("QUERY", "/openapi.json", "GET, HEAD")] {
            let reply = try HTTP.request(port: server.port, method, path)
            #expect(reply.status == 405, "\(method) \(path): \(reply)")
            #expect(reply.header("allow") == allow, "\(method) \(path): \(reply)")
            #expect(try Self.object(reply)["error"] as? String == "methodNotAllowed")
        }
        let head = try HTTP.request(port: server.port, "HEAD", "/api/fields/age")
        #expect(head.status == 200, "\(head)")
        #expect(head.body.isEmpty)
        #expect(try HTTP.request(port: server.port, "TRACE", "/api/nothing").status == 404)
        #expect(server.stop().status == 0)
    }

    @Test("/openapi.json describes the mode that runs: no /owner or /api/respond/… without --collect; a respondent sees only theirs")
    func documentOfTheMode() throws {
        let sandbox = try Self.surveySandbox()
        let shared = try ServeProcess(sandbox)
        let sharedPaths = try Self.documentedPaths(try HTTP.request(port: shared.port, "GET", "/openapi.json"))
        #expect(sharedPaths.contains("/api/fields/{key}"))
        #expect(!sharedPaths.contains("/owner"))
        #expect(!sharedPaths.contains { $0.hasPrefix("/api/respond/") }, "\(sharedPaths.sorted())")
        // What the document leaves out is not served either.
        #expect(try HTTP.request(port: shared.port, "GET", "/owner").status == 404)
        #expect(try HTTP.request(port: shared.port, "POST", "/api/respond/submit").status == 404)
        #expect(shared.stop().status == 0)

        let collect = try CollectServer(sandbox)
        let ownerPaths = try Self.documentedPaths(try collect.owner("GET", "/openapi.json"))
        #expect(ownerPaths.isSuperset(of: ["/owner", "/api/respond/fields/{key}", "/api/fields/{key}", "/"]))
        let respondentPaths = try Self.documentedPaths(try HTTP.request(port: collect.port, "GET", "/openapi.json"))
        #expect(respondentPaths.contains("/api/respond/submit"))
        #expect(respondentPaths.allSatisfy { $0 == "/" || $0 == "/openapi.json" || $0.hasPrefix("/api/respond/") }, "\(respondentPaths.sorted())")
        // The owner's page without the token, or with a wrong one: the
        // HTML page on how to sign in, as the document says.
        for path in ["/owner", "/owner?token=wrong"] {
            let refused = try HTTP.request(port: collect.port, "GET", path)
            #expect(refused.status == 401, "\(path): \(refused)")
            #expect(refused.header("content-type")?.hasPrefix("text/html") == true, "\(path): \(refused)")
        }
        #expect(collect.stop().status == 0)
    }

    @Test("GET /?page= (an empty page name) is the documented 404 page, in HTML")
    func emptyPageName() throws {
        let sandbox = try Self.surveySandbox()
        let server = try ServeProcess(sandbox)
        let reply = try HTTP.request(port: server.port, "GET", "/?page=")
        #expect(reply.status == 404, "\(reply)")
        #expect(reply.header("content-type")?.hasPrefix("text/html") == true)
        #expect(server.stop().status == 0)
    }

    /// The first event `/api/events` sends with `Last-Event-ID: lastEventID`.
    static func firstEvent(port: Int, lastEventID: String) throws -> (name: String, data: [String: Any]) {
        let connection = try HTTPConnection(port: port)
        try connection.sendRequest("GET", "/api/events", headers: [("Host", "127.0.0.1:\(port)"), ("Last-Event-ID", lastEventID)])
        guard connection.read(until: "\n\n", timeout: 30), connection.read(until: "data: ", timeout: 30),
              connection.read(until: "}\n\n", timeout: 30) else { throw TestFailure("no event for Last-Event-ID \(lastEventID)") }
        let text = String(decoding: connection.received, as: UTF8.self)
        let name = try #require(text.components(separatedBy: "event: ").dropFirst().first?.split(separator: "\n").first)
        let data = try #require(text.components(separatedBy: "data: ").dropFirst().first?.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        return (String(name), object)
    }

    @Test("a Last-Event-ID no id of this server's could be (negative, huge, text) gets 200 and one refresh that says so")
    func lastEventIDNotOurs() throws {
        let sandbox = try Self.surveySandbox()
        let server = try ServeProcess(sandbox)
        for value in ["-133328632951520", "99999999999999999999999999", "abc", "+5", "0x10"] {
            let (name, data) = try Self.firstEvent(port: server.port, lastEventID: value)
            #expect(name == "refresh", "\(value)")
            #expect(data["reason"] as? String == "Last-Event-ID is not an id this server sends", "\(value): \(data)")
            #expect((data["id"] as? Int ?? 0) >= 1)
        }
        // An id of ours that is not kept (from before a restart): as before.
        let (name, data) = try Self.firstEvent(port: server.port, lastEventID: "1326")
        #expect(name == "refresh")
        #expect(data["reason"] as? String == "events since 1326 are not kept")
        #expect(server.stop().status == 0)
    }

    @Test("every JSON number is read: a subnormal, a number beyond Double's range, 45 digits; the field's state says whether it can hold it")
    func everyJSONNumber() throws {
        let sandbox = try Self.surveySandbox()
        let server = try ServeProcess(sandbox)
        for number in ["2.2250738585e-313", "5e-324", "-1e400", "123456789012345678901234567890123456789012345"] {
            // A text field holds the number's text as written.
            let text = try HTTP.request(port: server.port, "PUT", "/api/fields/name", body: #"{"value": \#(number)}"#)
            #expect(text.status == 200, "\(number): \(text)")
            #expect(try Self.object(text)["value"] as? String == number)
            #expect(try sandbox.ok(["get", "name"]).stdoutText == number + "\n")
            // An integer field cannot: stored as sent, and invalid, as
            // `formctl set age NUMBER` stores it.
            let integer = try HTTP.request(port: server.port, "PUT", "/api/fields/age", body: #"{"value": \#(number)}"#)
            #expect(integer.status == 200, "\(number): \(integer)")
            #expect(try Self.object(integer)["state"] as? String == "invalid", "\(number): \(integer)")
        }
        // Numbers Decimal holds keep their plain form, as before.
        let plain = try HTTP.request(port: server.port, "PUT", "/api/fields/age", body: #"{"value": 3.4E+1}"#)
        #expect(try Self.object(plain)["value"] as? Int == 34, "\(plain)")
        #expect(try Self.object(plain)["state"] as? String == "valid", "\(plain)")
        // What is not a value is refused, saying what a value may be.
        for (body, says) in [(#"{"value": {"a": 1}}"#, "must be text, a number, true or false, an array of strings, or null"),
                             (#"{"value": 1, "value": 2}"#, "given more than once"), ("{", "does not parse as JSON")] {
            let refused = try HTTP.request(port: server.port, "PUT", "/api/fields/age", body: body)
            #expect(refused.status == 400, "\(body): \(refused)")
            #expect((try Self.object(refused)["message"] as? String ?? "").contains(says), "\(body): \(refused)")
        }
        #expect(server.stop().status == 0)
    }
}
