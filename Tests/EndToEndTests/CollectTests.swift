import Foundation
import Testing

/// `formctl serve --collect` as respondents and the owner use it: the real
/// binary on a free port of 127.0.0.1, each respondent a cookie jar of
/// their own, the database read back with formctl and sqlite3.
@Suite("formctl serve --collect", .serialized)
struct CollectTests {
    @Test("two respondents' drafts never mix: values, listings, minimaps, pages, events, check reports and responses are each their own")
    func draftsNeverMix() throws {
        let sandbox = try Sandbox()
        let server = try CollectServer(sandbox)
        let alice = RespondentBrowser(port: server.port)
        let bob = RespondentBrowser(port: server.port)
        // Reading makes nothing: no cookie, no draft.
        let blank = try alice.request("GET", "/api/respond/fields")
        #expect(blank.status == 200 && blank.header("set-cookie") == nil, "\(blank)")
        #expect(try sandbox.value("SELECT count(*) FROM response") == "0")

        // Alice's event stream, opened once she has a draft.
        #expect(try alice.answer("first", "Alice").status == 200)
        let events = try HTTPConnection(port: server.port)
        try events.sendRequest("GET", "/api/respond/events", headers: [("Host", "127.0.0.1:\(server.port)"),
                                                                      ("Cookie", "formctl_respondent=\(alice.cookie ?? "")")])
        #expect(events.read(until: "retry:", timeout: 30))

        #expect(try bob.answer("first", "Bo").status == 200)
        #expect(alice.cookie != nil && bob.cookie != nil && alice.cookie != bob.cookie)
        #expect(try alice.answer("last", "Alicesdottir").status == 200)
        #expect(events.read(until: "Alicesdottir", timeout: 30), "Alice's own change reaches her stream")

        #expect(try alice.value("first") == "Alice")
        #expect(try bob.value("first") == "Bo")
        #expect(try bob.value("last") == "")
        let aliceList = try alice.request("GET", "/api/respond/fields").body
        let bobList = try bob.request("GET", "/api/respond/fields").body
        #expect(aliceList.contains("Alicesdottir") && !aliceList.contains("\"Bo\""))
        #expect(!bobList.contains("Alice"))
        // Bob's "Bo" is short (yellow), Alice's first is valid (green): their minimaps differ.
        let aliceMap = try alice.request("GET", "/api/respond/minimap").body
        let bobMap = try bob.request("GET", "/api/respond/minimap").body
        #expect(aliceMap != bobMap)
        #expect(bobMap.contains("yellow") && !aliceMap.contains("yellow"), "\(aliceMap)\n\(bobMap)")
        let alicePage = try alice.request("GET", "/").body
        let bobPage = try bob.request("GET", "/").body
        #expect(alicePage.contains("Alicesdottir") && !alicePage.contains("value=\"Bo\""))
        #expect(bobPage.contains("value=\"Bo\"") && !bobPage.contains("Alice"))
        // Bob's failing submit names his own fields' states, nothing of Alice's.
        let refused = try bob.request("POST", "/api/respond/submit")
        #expect(refused.status == 409, "\(refused)")
        #expect(!refused.body.contains("Alice"))

        // Nothing of Bob's reached Alice's stream.
        _ = events.read(timeout: 1)
        let stream = String(decoding: events.received, as: UTF8.self)
        #expect(!stream.contains("\"Bo\""), "\(stream)")

        // The owner's shared values were never touched.
        let shared = try server.owner("GET", "/api/fields/first")
        #expect(shared.status == 200 && shared.body.contains(#""value":"""#), "\(shared)")

        try alice.fillIn("Alice")
        try bob.fillIn("Bob")
        let aliceSubmit = try alice.request("POST", "/api/respond/submit")
        #expect(aliceSubmit.status == 201 && aliceSubmit.body.contains(#""status":"complete""#), "\(aliceSubmit)")
        #expect(try bob.request("POST", "/api/respond/submit").status == 201)
        let responses = try sandbox.ok(["responses", "--format", "json"]).stdoutText
        let list = try #require(try JSONSerialization.jsonObject(with: Data(responses.utf8)) as? [[String: Any]])
        #expect(list.count == 2)
        let firsts = list.compactMap { ($0["values"] as? [String: Any])?["first"] as? String }.sorted()
        #expect(firsts == ["Alice", "Bob"], "\(responses)")
        #expect(list.allSatisfy { $0["status"] as? String == "complete" })
        // Only hashes are stored: no cookie value is in the file.
        let stored = try sandbox.rows("SELECT respondent FROM response").compactMap { $0.first ?? nil }
        #expect(stored.count == 2 && stored.allSatisfy { $0.count == 64 })
        #expect(!stored.contains(alice.cookie ?? "") && !stored.contains(bob.cookie ?? ""))
        #expect(server.stop().status == 0)
    }

    @Test("a returning cookie finds its draft, also after the server restarts; after a submit it starts a new one")
    func returningCookie() throws {
        let sandbox = try Sandbox()
        var server = try CollectServer(sandbox)
        let first = RespondentBrowser(port: server.port)
        #expect(try first.answer("first", "Ada").status == 200)
        let cookie = try #require(first.cookie)
        // Another visit (a new browser session) with the cookie.
        let again = RespondentBrowser(port: server.port, cookie: cookie)
        #expect(try again.value("first") == "Ada")
        #expect(server.stop().status == 0)
        server = try CollectServer(sandbox)
        let afterRestart = RespondentBrowser(port: server.port, cookie: cookie)
        #expect(try afterRestart.value("first") == "Ada")
        #expect(try afterRestart.answer("middle", "Middle").status == 200)
        #expect(afterRestart.cookie == cookie, "a cookie naming a draft is kept")
        #expect(try sandbox.value("SELECT count(*) FROM response") == "1")

        try afterRestart.fillIn("Ada")
        #expect(try afterRestart.request("POST", "/api/respond/submit").status == 201)
        #expect(try afterRestart.value("first") == "", "after a submit the cookie names no draft: the blank form")
        #expect(try afterRestart.answer("first", "Again").status == 200)
        #expect(afterRestart.cookie != cookie, "the next write starts a draft under a new id")
        #expect(try sandbox.value("SELECT group_concat(status) FROM (SELECT status FROM response ORDER BY id)") == "complete,draft")
        #expect(server.stop().status == 0)
    }

    @Test("a guessed, altered or foreign cookie finds nothing, and a write under it starts a draft of its own")
    func guessedOrAlteredCookie() throws {
        let sandbox = try Sandbox()
        let server = try CollectServer(sandbox)
        let owner = RespondentBrowser(port: server.port)
        #expect(try owner.answer("first", "Secret").status == 200)
        let cookie = try #require(owner.cookie)
        let hash = try #require(try sandbox.value("SELECT respondent FROM response"))
        // One character changed, a random id, garbage, and the stored hash itself.
        let flipped = String(cookie.prefix(5)) + (cookie.dropFirst(5).first == "A" ? "B" : "A") + String(cookie.dropFirst(6))
        for candidate in [flipped, "AAAAAAAAAAAAAAAAAAAAAA", "not-a-cookie", String(hash.prefix(22)), hash, cookie + "A"] {
            let guesser = RespondentBrowser(port: server.port, cookie: candidate)
            #expect(try guesser.value("first") == "", "\(candidate)")
            #expect(try !guesser.request("GET", "/").body.contains("Secret"), "\(candidate)")
            #expect(try !guesser.request("GET", "/api/respond/fields").body.contains("Secret"), "\(candidate)")
            let write = try guesser.answer("last", "Guess")
            #expect(write.status == 200, "\(write)")
            #expect(guesser.cookie != candidate && guesser.cookie != cookie, "a new id, never the one sent: \(candidate)")
        }
        #expect(try owner.value("first") == "Secret")
        #expect(try owner.value("last") == "")
        #expect(server.stop().status == 0)
    }

    @Test("every owner route gives 401 to a respondent (the page a sign-in page); the owner's token opens them")
    func ownerRoutesNeedTheToken() throws {
        let sandbox = try Sandbox()
        let server = try CollectServer(sandbox)
        let respondent = RespondentBrowser(port: server.port)
        #expect(try respondent.answer("first", "Ada").status == 200)
        let routes: [(String, String, String?)] = [
            ("GET", "/api/fields", nil), ("GET", "/api/fields/first", nil), ("PUT", "/api/fields/first", #"{"value":"x"}"#),
            ("GET", "/api/minimap", nil), ("GET", "/api/minimap.svg", nil), ("POST", "/api/submit", nil),
            ("GET", "/api/events", nil), ("POST", "/owner", "first=x"), ("GET", "/api/respond/../fields", nil),
        ]
        for browser in [respondent, RespondentBrowser(port: server.port)] {
            for (method, path, body) in routes {
                let reply = try browser.request(method, path, body: body)
                #expect(reply.status == 401, "\(method) \(path): \(reply)")
                #expect(reply.body.contains(#""error":"unauthorized""#), "\(method) \(path): \(reply)")
            }
            let page = try browser.request("GET", "/owner")
            #expect(page.status == 401, "\(page)")
            #expect(page.header("content-type")?.hasPrefix("text/html") == true && page.body.contains("owner?token="), "\(page)")
            let document = try browser.request("GET", "/openapi.json")
            #expect(document.status == 200 && document.body.contains("/api/respond/fields") && !document.body.contains("\"/api/fields\""))
        }
        // A respondent's write from another site's page: 403, nothing written.
        let foreign = RespondentBrowser(port: server.port)
        let forged = try foreign.request("PUT", "/api/respond/fields/first", body: #"{"value":"x"}"#, headers: [("Origin", "http://evil.example")])
        #expect(forged.status == 403 && forged.body.contains(#""error":"foreignOrigin""#) && foreign.cookie == nil, "\(forged)")
        #expect(try sandbox.value("SELECT count(*) FROM response") == "1")
        #expect(try server.owner("GET", "/api/fields/first").body.contains(#""value":"""#), "the shared value is untouched")
        #expect(try server.owner("GET", "/openapi.json").body.contains("\"/api/fields\""))
        let visit = try HTTP.request(port: server.port, "GET", "/owner?token=\(server.token)")
        #expect(visit.status == 303 && visit.header("location") == "/owner", "\(visit)")
        let cookie = try #require(visit.header("set-cookie")).prefix { $0 != ";" }
        let page = try HTTP.request(port: server.port, "GET", "/owner", headers: [("Cookie", String(cookie))])
        #expect(page.status == 200 && page.body.contains("data-base=\"/owner\""), "\(page)")
        #expect(server.respondentsLink == "http://127.0.0.1:\(server.port)/")
        #expect(server.ownersLink == "http://127.0.0.1:\(server.port)/owner?token=\(server.token)")
        #expect(server.token.count == 64, "a token is made on loopback")
        #expect(server.stop().status == 0)
    }

    @Test("a blank form holds each field's default, never the owner's values; answers keep their type; the title shows the respondent's own")
    func blankFormAndTypedAnswers() throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("form.yaml")
        try Data("""
            title: "Hi {name}"
            pages:
              - key: main
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name, required: true}
                      - {key: age, label: Age, type: integer, default: 30, min: 0, max: 150}
                      - {key: fruit, label: Fruit, type: select_one, choices: [apple, pear], default: pear}

            """.utf8).write(to: URL(fileURLWithPath: file))
        try sandbox.ok(["apply", file])
        try sandbox.ok(["set", "name", "Owner"])
        let server = try CollectServer(sandbox)
        let ada = RespondentBrowser(port: server.port)
        #expect(try ada.value("name") == "")
        let age = try ada.request("GET", "/api/respond/fields/age").body
        #expect(age.contains(#""value":30"#) && age.contains(#""type":"integer""#), "\(age)")
        #expect(try ada.value("fruit") == "pear")
        #expect(try !ada.request("GET", "/").body.contains("Owner"))

        // A JSON number, and text that is no integer: stored as set stores them.
        let typed = try ada.request("PUT", "/api/respond/fields/age", body: #"{"value": 41}"#,
                                    headers: [("X-Forwarded-Proto", "https")])
        #expect(typed.status == 200 && typed.body.contains(#""value":41"#) && typed.body.contains(#""state":"valid""#), "\(typed)")
        #expect(typed.header("set-cookie")?.contains("; Secure") == true, "Secure behind an HTTPS proxy")
        let wrong = try ada.answer("age", "forty")
        #expect(wrong.status == 200 && wrong.body.contains(#""state":"invalid""#), "\(wrong)")
        #expect(try ada.answer("age", "42").status == 200)
        #expect(try ada.answer("name", "Ada").status == 200)
        #expect(try ada.request("GET", "/").body.contains("<h1 id=\"title\">Hi Ada</h1>"))
        #expect(try ada.request("POST", "/api/respond/submit").status == 201)
        #expect(try sandbox.value("SELECT type || ':' || value FROM answer WHERE key = 'age'") == "integer:42")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'name'") == "Owner", "the shared value is untouched")
        #expect(server.stop().status == 0)
    }

    @Test("without script: a respondent's form post saves their answers and submits them, to their own draft only")
    func plainFormPost() throws {
        let sandbox = try Sandbox()
        let server = try CollectServer(sandbox)
        let zed = RespondentBrowser(port: server.port)
        let saved = try zed.request("POST", "/", body: "field%3Afirst=Zed&page=main&action=save")
        #expect(saved.status == 303 && saved.header("location") == "/?page=main" && zed.cookie != nil, "\(saved)")
        #expect(try zed.value("first") == "Zed")
        let pat = RespondentBrowser(port: server.port)
        let refused = try pat.request("POST", "/", body: "field%3Afirst=Pat&action=submit")
        #expect(refused.status == 303 && refused.header("location") == "/?check=failed", "\(refused)")
        #expect(try pat.request("GET", "/?check=failed").body.contains("Not submitted"))
        let body = "field%3Afirst=Pat&field%3Amiddle=Middle&field%3Alast=Lastname&field%3Aemail=pat%40example.com&action=submit"
        let submitted = try pat.request("POST", "/", body: body)
        #expect(submitted.status == 303 && submitted.header("location") == "/?submitted=own", "\(submitted)")
        #expect(try pat.request("GET", "/?submitted=own").body.contains("Your response is submitted"))
        #expect(try sandbox.value("SELECT group_concat(status || ':' || (SELECT value FROM answer WHERE response_id = response.id AND key = 'first')) FROM response") == "draft:Zed,complete:Pat")
        #expect(try zed.value("first") == "Zed")
        #expect(server.stop().status == 0)
    }
}
