import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The page's groups, repeats and instances (`Examples/forms/family.yaml`):
/// fieldsets with legends, each instance's Remove and each repeat's Add as
/// submit buttons of the plain form, which work without script (save the
/// values posted, then add or remove, then 303 back with what to focus).
@Suite struct RepeatPageTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    static func page(_ client: some TestClientProtocol, _ uri: String = "/") async throws -> String {
        let response = try await client.executeRequest(uri: uri, method: .get, headers: [:], body: nil)
        #expect(response.status == .ok)
        return String(buffer: response.body)
    }

    /// The start tag of the element with `id` (to its `>`), or "".
    static func tag(of id: String, in html: String) -> Substring {
        guard let start = html.range(of: "id=\"\(id)\"") else { return "" }
        return html[start.lowerBound...].prefix { $0 != ">" }
    }

    @Test("a group and each instance are a fieldset with its title as legend; Remove names the instance; Add follows the instances")
    func fieldsetsAndButtons() async throws {
        let server = try RepeatRouteTests.family()
        _ = try server.server.session.file.addInstance(to: "children")
        try await server.test { client in
            let html = try await Self.page(client)
            // The group hides while consent is not given: drawn hidden, its fields disabled.
            #expect(html.contains(#"<fieldset class="group group" id="group-contact" data-group="contact" data-kind="group" data-show-if="consent" hidden>"#))
            #expect(html.contains("<legend>How to reach you</legend>"))
            #expect(html.contains(#"<input type="text" id="field-contact.phone" name="field:contact.phone" value="" autocomplete="tel""#))
            #expect(html.contains(#"<fieldset class="group repeat" id="group-children" data-group="children" data-kind="repeat">"#))
            #expect(html.contains("<legend>Children</legend>"))
            #expect(html.contains(#"<fieldset class="group instance" id="group-children.2" data-group="children.2" data-kind="instance">"#))
            #expect(html.contains("<legend>Child 2</legend>"))
            #expect(html.contains(#"<button type="submit" name="repeat_remove" value="children.1" class="secondary remove">Remove child 1</button>"#))
            #expect(html.contains(#"<button type="submit" name="repeat_remove" value="children.2" class="secondary remove">Remove child 2</button>"#))
            #expect(html.contains(#"<button type="submit" name="repeat_add" value="children" class="secondary add">Add a child</button>"#))
            #expect(html.contains(#"<input type="text" id="field-children.2.name" name="field:children.2.name""#))
            // The list has no instance yet: its title and its Add.
            #expect(html.contains("<legend>Nicknames</legend>"))
            #expect(html.contains(#"value="nicknames" class="secondary add">Add Nicknames</button>"#))
            // In order: child 1's fields, its Remove, child 2's, its Remove, Add.
            let order = ["field-children.1.name", "value=\"children.1\"", "field-children.2.name", "value=\"children.2\"",
                         "name=\"repeat_add\" value=\"children\""].map { html.range(of: $0)?.lowerBound }
            #expect(order.allSatisfy { $0 != nil } && zip(order, order.dropFirst()).allSatisfy { $0! < $1! })
        }
        // At min_count (1) an instance has no Remove; at max_count, no Add.
        _ = try server.server.session.file.removeInstance("children.2")
        try await server.test { client in
            let html = try await Self.page(client)
            #expect(!html.contains("Remove child 1"))
        }
    }

    @Test("a shown group is drawn shown, and its fields enabled")
    func shownGroup() async throws {
        let server = try RepeatRouteTests.family()
        _ = try server.server.session.file.set("consent", to: "true")
        try await server.test { client in
            let html = try await Self.page(client)
            #expect(html.contains(#"data-group="contact" data-kind="group" data-show-if="consent">"#))
            #expect(!html.contains(#"name="field:contact.phone" value="" autocomplete="tel" aria-describedby="msg-contact.phone" disabled"#))
        }
    }

    @Test("without script, Add saves the values posted, adds, and comes back with the new instance's first field focused")
    func addWithoutScript() async throws {
        let server = try RepeatRouteTests.family()
        let form = server.server.session.file
        try await server.test { client in
            let response = try await client.executeRequest(
                uri: "/", method: .post, headers: Self.form,
                body: ByteBuffer(string: "page=main&field%3Achildren.1.name=Ann&field%3Achildren.1.age=7&repeat_add=children"))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/?page=main&focus=children.2")
            let html = try await Self.page(client, "/?page=main&focus=children.2")
            #expect(Self.tag(of: "field-children.2.name", in: html).contains(" autofocus"))
            #expect(html.components(separatedBy: " autofocus").count == 2, "one control is focused")
        }
        #expect(try form.field("children.1.name").value == "Ann")
        #expect(try form.field("children.1.age").value == "7")
        #expect(try form.instances(of: "children").map(\.path) == ["children.1", "children.2"])
        #expect(try form.responses().isEmpty, "Add does not submit")
    }

    @Test("without script, Remove saves, removes (later instances move up) and focuses the repeat's Add; a refusal is said")
    func removeWithoutScript() async throws {
        let server = try RepeatRouteTests.family()
        let form = server.server.session.file
        _ = try form.addInstance(to: "children")
        try await server.test { client in
            let response = try await client.executeRequest(
                uri: "/", method: .post, headers: Self.form,
                body: ByteBuffer(string: "page=main&field%3Achildren.1.name=Ann&field%3Achildren.2.name=Bo&repeat_remove=children.1"))
            #expect(response.headers[.location] == "/?page=main&focus=children")
            let html = try await Self.page(client, "/?page=main&focus=children")
            #expect(html.contains(#"<button type="submit" name="repeat_add" value="children" class="secondary add" autofocus>Add a child</button>"#))
            // The last instance cannot go (min_count 1): the page says why.
            let refused = try await client.executeRequest(uri: "/", method: .post, headers: Self.form,
                                                          body: ByteBuffer(string: "page=main&repeat_remove=children.1"))
            #expect(refused.headers[.location] == "/?page=main&unchanged=children.1&error=conflict")
            let said = try await Self.page(client, "/?page=main&unchanged=children.1&error=conflict")
            #expect(said.contains("Not changed: Child 1: the repeat holds as many instances as it may, or as few"))
            #expect(said.contains(#"data-outcome="error" autofocus"#))
            // A path that is no repeat is refused as well, and writes nothing.
            let unknown = try await client.executeRequest(uri: "/", method: .post, headers: Self.form,
                                                          body: ByteBuffer(string: "page=main&repeat_add=%3Cnope%3E"))
            #expect(unknown.headers[.location] == "/?page=main&unchanged=%3Cnope%3E&error=conflict")
            let escaped = try await Self.page(client, "/?page=main&unchanged=%3Cnope%3E&error=conflict")
            #expect(escaped.contains("Not changed: &lt;nope&gt;:"))
        }
        #expect(try form.field("children.1.name").value == "Bo")
        #expect(try form.instances(of: "children").count == 1)
    }

    @Test("a page drawn before an instance was added elsewhere keeps its values outside repeats only, and adds nothing")
    func stalePage() async throws {
        let server = try RepeatRouteTests.family()
        let form = server.server.session.file
        try await server.test { client in
            let html = try await Self.page(client)
            #expect(html.contains(#"<input type="hidden" name="instances" value="children:1,nicknames:0">"#))
            _ = try form.addInstance(to: "children")
            _ = try form.set("children.1.name", to: "Ann")
            let response = try await client.executeRequest(
                uri: "/", method: .post, headers: Self.form,
                body: ByteBuffer(string: "page=main&instances=children%3A1%2Cnicknames%3A0&field%3Aaddress=Elm&field%3Achildren.1.name=Zed&repeat_add=children"))
            #expect(response.headers[.location] == "/?page=main&notsaved=children.1.name&error=conflict")
            let said = try await Self.page(client, "/?page=main&notsaved=children.1.name&error=conflict")
            #expect(said.contains("Not saved: Name: someone added or removed an instance meanwhile"))
        }
        #expect(try form.field("address").value == "Elm")
        #expect(try form.field("children.1.name").value == "Ann")
        #expect(try form.instances(of: "children").count == 2)
    }

    @Test("a respondent's page (--collect) has Add and Remove, and their post changes their own draft, not the owner's instances")
    func respondentsPage() async throws {
        let server = try RepeatRouteTests.family { $0.token = "owner-token"; $0.collect = CollectSettings() }
        try await server.test { client in
            let html = try await Self.page(client)
            #expect(html.contains("<legend>Child 1</legend>"))
            #expect(html.contains(#"name="repeat_add" value="children""#))
            let posted = try await client.executeRequest(uri: "/", method: .post, headers: Self.form,
                                                         body: ByteBuffer(string: "page=main&repeat_add=children"))
            #expect(posted.status == .seeOther && posted.headers[.location] == "/?page=main&focus=children.2", "\(posted.headers)")
            #expect(posted.headers[.setCookie]?.hasPrefix("formctl_respondent=") == true)
            let owner = try await client.executeRequest(uri: "/owner", method: .get, headers: [.authorization: "Bearer owner-token"], body: nil)
            #expect(String(buffer: owner.body).contains(#"name="repeat_add" value="children""#))
        }
        #expect(try server.server.session.file.instances(of: "children").count == 1, "the owner's instances are as they were")
        #expect(try server.server.session.file.openDraftCount() == 1, "the Add made the respondent's draft")
    }

    @Test("check's reason for a repeat (its count) links to the repeat's fieldset and names it by its title")
    func repeatProblemIsLinked() throws {
        let problem = CheckReport.Problem(key: "children", page: "main", state: .invalid, reason: "has 0 instances; it needs at least 1")
        let problems = PageHTML.problems([problem], pages: [], current: "main", base: "/", messages: PageMessages(language: "en"),
                                         groups: ["children": "Children"])
        #expect(problems.items.map(\.href) == ["#group-children"])
        #expect(problems.items.map(\.label) == ["Children"])
    }

    @Test("Remove's words: an English item title reads as one phrase; a value, an acronym or Hebrew is kept")
    func removeLabels() throws {
        let english = PageMessages(language: "en")
        func repeatGroup(_ title: String?, itemTitle: String?) -> FormGroup {
            FormGroup(path: "children", kind: .repeat, page: "main", firstRow: 1, title: title,
                      repeatRules: RepeatRules(itemTitle: itemTitle, body: "{}"))
        }
        #expect(GroupHTML.removeLabel("Child 2", of: repeatGroup("Children", itemTitle: "Child {index}"), messages: english) == "Remove child 2")
        #expect(GroupHTML.removeLabel("Children 2", of: repeatGroup("Children", itemTitle: nil), messages: english) == "Remove children 2")
        #expect(GroupHTML.removeLabel("Ada", of: repeatGroup("Children", itemTitle: "{name}"), messages: english) == "Remove Ada")
        #expect(GroupHTML.removeLabel("NHS number 2", of: repeatGroup("NHS numbers", itemTitle: nil), messages: english) == "Remove NHS number 2")
        #expect(GroupHTML.removeLabel("ילד 2", of: repeatGroup("ילדים", itemTitle: nil), messages: PageMessages(language: "he")) == "הסרת ילד 2")
    }
}
