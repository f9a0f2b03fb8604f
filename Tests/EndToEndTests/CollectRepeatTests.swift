import Foundation
import Testing

/// Respondents' own instances in `formctl serve --collect` (issue 46): each
/// respondent adds and removes instances of a repeat in their own draft,
/// through `/api/respond/repeats/…` and through the page's plain post,
/// never touching the owner's instances or another respondent's; what they
/// submit holds their instances, nested.
@Suite("formctl serve --collect: respondents' instances", .serialized)
struct CollectRepeatTests {
    static let family = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/forms/family.yaml").path

    /// The instances' paths a listing answers.
    static func paths(_ reply: HTTPReply) throws -> [String] {
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [[String: Any]], "\(reply)")
        return listing.compactMap { $0["path"] as? String }
    }

    @Test("a respondent adds, fills in, removes and submits instances of their own; the owner's and another respondent's stay as they were")
    func ownInstances() throws {
        let sandbox = try Sandbox()
        try sandbox.ok(["apply", Self.family])
        // The owner's form holds three children; a respondent starts from min_count (one).
        try sandbox.ok(["repeat", "add", "children"])
        try sandbox.ok(["repeat", "add", "children"])
        let server = try CollectServer(sandbox)
        let alice = RespondentBrowser(port: server.port)
        let bob = RespondentBrowser(port: server.port)

        // Reading makes nothing.
        let blank = try alice.request("GET", "/api/respond/repeats/children")
        #expect(blank.status == 200 && blank.header("set-cookie") == nil, "\(blank)")
        #expect(try Self.paths(blank) == ["children.1"])
        #expect(try sandbox.value("SELECT count(*) FROM response") == "0")

        // Alice's Add makes her draft, as a first answer would.
        let added = try alice.request("POST", "/api/respond/repeats/children")
        #expect(added.status == 201 && added.body.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"path":"children.2"}"#, "\(added)")
        #expect(alice.cookie != nil && added.header("formctl-draft") == "new", "\(added)")
        #expect(try alice.answer("children.1.name", "Ann").status == 200)
        #expect(try alice.answer("children.2.name", "Ben").status == 200)
        #expect(try alice.answer("children.2.age", "7").status == 200)
        let again = try alice.request("POST", "/api/respond/repeats/children")
        #expect(again.status == 201 && again.body.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"path":"children.3"}"# && again.header("formctl-draft") == nil, "\(again)")
        #expect(try Self.paths(try alice.request("GET", "/api/respond/repeats/children")) == ["children.1", "children.2", "children.3"])
        #expect(try alice.value("children.3.name") == "")
        // Her minimap draws her three children's boxes.
        let minimap = try alice.request("GET", "/api/respond/minimap").body
        #expect(minimap.contains("children.3"), "\(minimap)")

        // Bob still has the blank form's one child; the owner still three.
        #expect(try Self.paths(try bob.request("GET", "/api/respond/repeats/children")) == ["children.1"])
        #expect(try bob.request("GET", "/api/respond/fields/children.2.name").status == 404)
        #expect(try server.owner("GET", "/api/repeats/children").body.components(separatedBy: "\"path\"").count - 1 == 3)

        // Removing the first moves Ben up a number.
        let removed = try alice.request("DELETE", "/api/respond/repeats/children.1")
        let remaining = try Self.paths(removed)
        #expect(removed.status == 200 && remaining == ["children.1", "children.2"], "\(removed)")
        #expect(try alice.value("children.1.name") == "Ben")
        #expect(try alice.request("GET", "/api/respond/fields/children.1.age").body.contains(#""value":7"#))
        // Refusals write nothing: no such repeat or instance (404), below min_count (409).
        #expect(try alice.request("POST", "/api/respond/repeats/pets").status == 404)
        #expect(try alice.request("DELETE", "/api/respond/repeats/children.9").status == 404)
        #expect(try alice.request("DELETE", "/api/respond/repeats/children.2").status == 200)
        #expect(try alice.request("DELETE", "/api/respond/repeats/children.1").status == 409)
        #expect(try sandbox.value("SELECT count(*) FROM answer WHERE key LIKE 'children.2.%'") == "0")

        // Her submit stores her one child, nested in the JSON export.
        #expect(try alice.answer("address", "1 Main St").status == 200)
        let submitted = try alice.request("POST", "/api/respond/submit")
        #expect(submitted.status == 201, "\(submitted)")
        let exported = try sandbox.ok(["responses", "--format", "json"])
        let responses = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdoutText.utf8)) as? [[String: Any]])
        let answers = try #require(responses.first?["values"] as? [String: Any], "\(exported.stdoutText)")
        let children = try #require(answers["children"] as? [[String: Any]], "\(answers)")
        #expect(children.count == 1 && children.first?["name"] as? String == "Ben" && children.first?["age"] as? Int == 7, "\(children)")
        // The owner's three children are still there.
        #expect(try sandbox.ok(["repeat", "list", "children"]).stdoutText.split(separator: "\n").count >= 3)
        _ = server.stop()
    }

    @Test("the page's Add and Remove work without script for a respondent, and a stale page's values in repeats are not saved")
    func plainPost() throws {
        let sandbox = try Sandbox()
        try sandbox.ok(["apply", Self.family])
        let server = try CollectServer(sandbox)
        let carol = RespondentBrowser(port: server.port)
        let page = try carol.request("GET", "/").body
        #expect(page.contains(#"name="repeat_add" value="children""#), "the respondent's page has the Add button")
        #expect(page.contains(#"name="instances" value="children:1,nicknames:0""#), "\(page)")

        let post = "instances=children%3A1%2Cnicknames%3A0&field%3Achildren.1.name=Cy&repeat_add=children"
        let reply = try carol.request("POST", "/", body: post, headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(reply.status == 303 && (reply.header("location") ?? "").contains("focus=children.2"), "\(reply)")
        #expect(carol.cookie != nil)
        #expect(try carol.value("children.1.name") == "Cy")
        #expect(try Self.paths(try carol.request("GET", "/api/respond/repeats/children")) == ["children.1", "children.2"])
        let focused = try carol.request("GET", "/?focus=children.2").body
        #expect(focused.contains("children.2"), "the page after Add shows the new instance")

        // A page drawn with one child, posted after the second was added: its
        // value in the repeat is not saved, nor its Remove.
        let stale = "instances=children%3A1%2Cnicknames%3A0&field%3Achildren.1.name=Stale&repeat_remove=children.1"
        let refused = try carol.request("POST", "/", body: stale, headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(refused.status == 303 && (refused.header("location") ?? "").contains("error="), "\(refused)")
        #expect(try carol.value("children.1.name") == "Cy")
        #expect(try Self.paths(try carol.request("GET", "/api/respond/repeats/children")) == ["children.1", "children.2"])

        // Remove, from an up-to-date page.
        let remove = "instances=children%3A2%2Cnicknames%3A0&repeat_remove=children.1"
        let removed = try carol.request("POST", "/", body: remove, headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(removed.status == 303 && (removed.header("location") ?? "").contains("focus=children"), "\(removed)")
        #expect(try Self.paths(try carol.request("GET", "/api/respond/repeats/children")) == ["children.1"])
        #expect(try carol.value("children.1.name") == "")
        _ = server.stop()
    }

    @Test("a respondent's nested repeat: members of a household the owner's form does not hold")
    func nestedInstances() throws {
        let sandbox = try Sandbox.applying("""
            title: Households
            pages:
              - key: main
                rows:
                  - repeat: households
                    title: Households
                    rows:
                      - width: 540
                        fields:
                          - {key: town, label: Town}
                      - repeat: members
                        title: Members
                        rows:
                          - width: 540
                            fields:
                              - {key: name, label: Name}
            """)
        let server = try CollectServer(sandbox)
        let dana = RespondentBrowser(port: server.port)
        #expect(try Self.paths(try dana.request("GET", "/api/respond/repeats/households")).isEmpty)
        #expect(try dana.request("POST", "/api/respond/repeats/households").status == 201)
        #expect(try dana.request("POST", "/api/respond/repeats/households").status == 201)
        let member = try dana.request("POST", "/api/respond/repeats/households.2.members")
        #expect(member.status == 201 && member.body.contains("households.2.members.1"), "\(member)")
        #expect(try dana.answer("households.2.members.1.name", "Eve").status == 200)
        #expect(try dana.value("households.2.members.1.name") == "Eve")
        #expect(try Self.paths(try dana.request("GET", "/api/respond/repeats/households.2.members")) == ["households.2.members.1"])
        #expect(try dana.request("DELETE", "/api/respond/repeats/households.1").status == 200)
        #expect(try dana.value("households.1.members.1.name") == "Eve", "the second household moved up with its member")
        #expect(try sandbox.ok(["repeat", "list", "households"]).stdoutText.contains("households.1") == false, "the owner's form has no households")
        _ = server.stop()
    }
}
