import FormKit
@testable import FormServer
import Foundation
import Testing

/// The event feed's minimaps of pages watched by key are kept between
/// readings and laid out in place after a new value: after every change,
/// values and structure alike, they are what a new layout of the page
/// gives (`FormSnapshot.minimap(of:page:)`, the route's own reading).
@Suite("the event feed's kept page minimaps")
struct PageMinimapsTests {
    @Test("after every change the kept minimap equals a new layout's")
    func keptMinimapsFollowEveryChange() throws {
        let server = try TestServer()
        let file = server.server.session.file
        _ = try file.addPage(key: "contact", title: "Contact")
        _ = try file.addField(key: "phone", label: "Phone", row: nil, page: "contact")
        let minimaps = PageMinimaps()
        let changes: [(String, () throws -> Void)] = [
            ("email on main", { _ = try file.set("email", to: "ada@example.com") }),
            ("phone on contact", { _ = try file.set("phone", to: "555") }),
            ("first, in the title", { _ = try file.set("first", to: "Ada") }),
            ("email again", { _ = try file.set("email", to: "not an address") }),
            ("twitter shown", { _ = try file.showField("twitter") }),
            ("twitter's value", { _ = try file.set("twitter", to: "@ada") }),
            ("a field added", { _ = try file.addField(key: "fax", label: "Fax", row: nil, page: "contact") }),
            ("fax's value", { _ = try file.set("fax", to: "1") }),
        ]
        for (name, change) in changes {
            try change()
            let form = try file.editableForm()
            for page in ["main", "contact"] {
                let kept = minimaps.rects(of: form, page: page)
                #expect(kept == (try FormSnapshot.minimap(of: file, page: page)), "\(name), page \(page)")
            }
        }
        // A value alone changed: named, nothing else.
        var form = try file.editableForm()
        let before = form
        form.fields[0].value = "changed"
        #expect(PageMinimaps.changedValues(from: before, to: form) == [form.fields[0].key])
        form.fields[1].isVisible.toggle()
        #expect(PageMinimaps.changedValues(from: before, to: form) == nil)
    }
}
