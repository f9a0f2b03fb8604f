import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The owner's summary page, `GET /owner/summary`, and the `responses`
/// event of `/api/events` that keeps it live (issue 48).
@Suite struct SummaryPageTests {
    /// Submits a response of the default form with `first` as its first name.
    static func submit(_ first: String, to path: String) throws {
        try StoredForm(path: path).submit(values: FormValues(entries: [
            ("first", first), ("middle", "King"), ("last", "Lovelace"), ("email", "ada@example.com"),
        ]))
    }

    @Test("a response submitted, submitted as a draft, then deleted: a responses event for the complete one and for the delete, none for the draft")
    func responsesEvents() async throws {
        let server = try TestServer()
        let feed = server.server.events
        try await server.test { client in
            let responses = try await EventStreamTests.stream(server, client, headers: [[:]]) {
                try Self.submit("Ada", to: server.databasePath)
                #expect(await eventually { feed.lastEventID >= 1 })
                try StoredForm(path: server.databasePath).submit(values: FormValues(entries: [("first", "Draft")]), draft: true)
                try Self.submit("Grace", to: server.databasePath)
                #expect(await eventually { feed.lastEventID >= 2 })
                let first = try #require(try StoredForm(path: server.databasePath).responses().first)
                _ = try StoredForm(path: server.databasePath).deleteResponse(first.id)
                #expect(await eventually { feed.lastEventID >= 3 })
            }
            let events = SentEvent.parse(String(buffer: try #require(responses.first).body)).filter { $0.id != nil }
            #expect(events.map(\.name) == ["responses", "responses", "responses"], "\(events)")
            #expect(try events.map { try $0.json()["responses"] as? Int } == [1, 2, 1])
            #expect(try Set(#require(events.first).json().keys) == ["id", "responses"])
        }
    }

    @Test("the page: a chart per question as inline SVG with a table, the count of complete responses, a link back; no-store HTML")
    func page() async throws {
        let server = try TestServer()
        try Self.submit("Ada", to: server.databasePath)
        try Self.submit("Ada", to: server.databasePath)
        try Self.submit("Grace", to: server.databasePath)
        try await server.test { client in
            let response = try await client.executeRequest(uri: "/owner/summary", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-store")
            let html = String(buffer: response.body)
            #expect(html.contains("<h1 id=\"summary-heading\">Summary of 3 complete responses</h1>"))
            #expect(html.contains("<a href=\"/\">Back to the form</a>"))
            #expect(html.contains(PageAssets.summaryScript.path))
            // The first name's chart: Ada twice, Grace once, as bars and as table rows.
            #expect(html.contains("<tr><th scope=\"row\">Ada</th><td class=\"number\">2</td></tr>"), "\(html)")
            #expect(html.contains("<tr><th scope=\"row\">Grace</th><td class=\"number\">1</td></tr>"))
            let svgs = html.components(separatedBy: "<svg ").count - 1
            let tables = html.components(separatedBy: "<table ").count - 1
            #expect(svgs >= 1 && svgs == tables, "\(svgs) charts, \(tables) tables")
            #expect(html.contains("role=\"img\" aria-labelledby=\"chart-1-title chart-1-desc\""))
            // The form's page links to it.
            let form = String(buffer: try await client.executeRequest(uri: "/", method: .get, headers: [:], body: nil).body)
            #expect(form.contains("<a href=\"/owner/summary\">Summary of the responses</a>"))
        }
    }

    @Test("the page kept between requests counts a later response, a deleted one and a changed form")
    func keptUpToDate() async throws {
        let server = try TestServer()
        try Self.submit("Ada", to: server.databasePath)
        try await server.test { client in
            func heading() async throws -> String {
                let html = String(buffer: try await client.executeRequest(uri: "/owner/summary", method: .get, headers: [:], body: nil).body)
                return html.components(separatedBy: "<h1 id=\"summary-heading\">").dropFirst().first?.components(separatedBy: "</h1>").first ?? html
            }
            #expect(try await heading() == "Summary of 1 complete response")
            try Self.submit("Grace", to: server.databasePath)
            #expect(try await heading() == "Summary of 2 complete responses")
            let form = try StoredForm(path: server.databasePath)
            _ = try form.deleteResponse(try #require(form.responses().first).id)
            #expect(try await heading() == "Summary of 1 complete response")
            try form.addField(key: "age", label: "Age", row: 1)
            let html = String(buffer: try await client.executeRequest(uri: "/owner/summary", method: .get, headers: [:], body: nil).body)
            #expect(html.contains("Age — age (text)"), "a question added to the form is summarised at once")
        }
    }

    @Test("--collect: /owner/summary needs the token (401 with the sign-in page, no figure), answers with it; respondents see no link")
    func collectNeedsToken() async throws {
        let token = "owner-token"
        let server = try TestServer { $0.token = token; $0.collect = CollectSettings() }
        try Self.submit("Ada", to: server.databasePath)
        try await server.test { client in
            let refused = try await client.executeRequest(uri: "/owner/summary", method: .get, headers: [:], body: nil)
            #expect(refused.status == .unauthorized)
            #expect(refused.headers[.contentType] == "text/html; charset=utf-8")
            #expect(refused.headers[.wwwAuthenticate] == "Bearer")
            #expect(!String(buffer: refused.body).contains("Ada"))
            let admitted = try await client.executeRequest(uri: "/owner/summary", method: .get,
                                                           headers: [.authorization: "Bearer \(token)"], body: nil)
            #expect(admitted.status == .ok)
            let html = String(buffer: admitted.body)
            #expect(html.contains("Summary of 1 complete response") && html.contains("<a href=\"/owner\">Back to the form</a>"))
            let owner = String(buffer: try await client.executeRequest(uri: "/owner", method: .get,
                                                                       headers: [.authorization: "Bearer \(token)"], body: nil).body)
            #expect(owner.contains("href=\"/owner/summary\""))
            let respondent = String(buffer: try await client.executeRequest(uri: "/", method: .get, headers: [:], body: nil).body)
            #expect(!respondent.contains("/owner/summary"), "a respondent's page does not link the owner's summary")
        }
    }
}
