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
        // Values and visibility alone changed: their fields named, nothing else.
        var form = try file.editableForm()
        let before = form
        form.fields[0].value = "changed"
        #expect(PageMinimaps.changedFields(from: before, to: form) == [form.fields[0].key])
        form.fields[1].isVisible.toggle()
        #expect(PageMinimaps.changedFields(from: before, to: form) == [form.fields[0].key, form.fields[1].key])
        form.fields[1].label = "Another label"
        #expect(PageMinimaps.changedFields(from: before, to: form) == nil)
    }

    @Test("instances added: the kept minimap equals a new layout's")
    func keptMinimapFollowsInstancesAdded() throws {
        let server = try TestServer()
        let file = server.server.session.file
        let yaml = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("EndToEndTests/Fixtures/forms/tall-repeat.yaml")
        _ = try file.apply(FormSpec.decode(Array(try Data(contentsOf: yaml)), file: "tall-repeat.yaml"))
        let minimaps = PageMinimaps()
        _ = minimaps.rects(of: try file.editableForm(), page: "main")
        // An instance alone (laid out alone), then a value in it.
        for number in 13...14 {
            #expect(try file.addInstance(to: "children") == "children.\(number)")
            var kept = minimaps.rects(of: try file.editableForm(), page: "main")
            #expect(kept == (try FormSnapshot.minimap(of: file, page: "main")), "children.\(number)")
            _ = try file.set("children.\(number).name", to: "Kid \(number)")
            kept = minimaps.rects(of: try file.editableForm(), page: "main")
            #expect(kept == (try FormSnapshot.minimap(of: file, page: "main")), "children.\(number).name")
        }
    }

    @Test("kept pictures past the budget: the least recently used are let go, and a minimap laid out again is the same")
    func theBudgetLetsTheOldestGo() throws {
        let server = try TestServer()
        let file = server.server.session.file
        let form = try file.editableForm()
        let page = try #require(form.pages.first?.key)
        let fields = form.fields.count
        // Room for two streams' pictures, not three.
        let budget = PictureBudget(capacity: 2 * fields)
        let streams = (0..<3).map { _ in PageMinimaps(budget: budget) }
        let expected = try FormSnapshot.minimap(of: file, page: page)
        #expect(streams[0].rects(of: form, page: page) == expected)
        #expect(streams[1].rects(of: form, page: page) == expected)
        #expect(budget.total == 2 * fields && streams.allSatisfy { $0.keptPageCount <= 1 })
        // The third pushes out the first, the least recently used.
        #expect(streams[2].rects(of: form, page: page) == expected)
        #expect(streams.map(\.keptPageCount) == [0, 1, 1] && budget.total == 2 * fields)
        // The first, used again, lays its page out whole: the same minimap,
        // and now the second (used longest ago) goes.
        #expect(streams[0].rects(of: form, page: page) == expected)
        #expect(streams.map(\.keptPageCount) == [1, 0, 1] && budget.total == 2 * fields)
        // A stream that ends gives its place back.
        var last: PageMinimaps? = PageMinimaps(budget: budget)
        _ = last?.rects(of: form, page: page)
        #expect(budget.total == 2 * fields)
        last = nil
        #expect(budget.total == fields)
    }
}
