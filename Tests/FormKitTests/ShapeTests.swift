import FormKit
import Foundation
import Testing
import CLISupport

@Suite("fields, rules, rows, title, history, minimap")
struct ShapeTests {
    @Test("show and hide a field, keeping its value")
    func showHide() throws {
        let box = try TemporaryForm()
        try box.form.set("twitter", to: "@ada")
        #expect(try box.form.showField("twitter").isVisible)
        #expect(try !box.form.hideField("twitter").isVisible)
        #expect(try box.form.field("twitter").value == "@ada")
    }

    @Test("add, move and remove a field")
    func addMoveRemove() throws {
        let box = try TemporaryForm()
        let phone = try box.form.addField(key: "phone", label: "Phone", row: 1, index: 2)
        #expect(phone.row == 1 && phone.position == 2)
        #expect(error { () throws(FormKitError) in try box.form.addField(key: "phone", label: "Again", row: 1) }?.exitCode == 64)
        #expect(error { () throws(FormKitError) in try box.form.addField(key: "fax", label: "Fax", row: 9) } == .store(.unknownRow(number: 9)))
        let moved = try box.form.moveField("phone", toRow: 2, index: 1)
        #expect(moved.row == 2 && moved.position == 4)
        try box.form.removeField("phone")
        #expect(try box.form.fields().map(\.key) == ["first", "middle", "last", "email", "twitter"])
    }

    @Test("rule changes merge with the rules the field has")
    func rules() throws {
        let box = try TemporaryForm()
        try box.form.changeRules(of: "last", RuleChange(minLength: 2))
        let field = try box.form.changeRules(of: "last", RuleChange(pattern: "[A-Z][a-z]+", email: false))
        #expect(field.rules == FieldRules(required: true, minLength: 2, pattern: "[A-Z][a-z]+"))
        #expect(try box.form.changeRules(of: "last", RuleChange(pattern: "")).rules.pattern == nil)
        #expect(try box.form.changeRules(of: "last", RuleChange(clear: true, maxLength: 9)).rules == FieldRules(maxLength: 9))
        let broken = try box.form.set("last", to: "abcdefghijk")
        #expect(broken.state == .invalid && broken.brokenRule == "allows at most 9 characters, has 11")
    }

    @Test("rules that cannot work are refused (65) and the old ones stay")
    func refusedRules() throws {
        let box = try TemporaryForm()
        try box.form.changeRules(of: "last", RuleChange(minLength: 5))
        let refused = error { () throws(FormKitError) in try box.form.changeRules(of: "last", RuleChange(maxLength: 2)) }
        #expect(refused?.exitCode == 65)
        #expect(error { () throws(FormKitError) in try box.form.changeRules(of: "last", RuleChange(pattern: "(a+")) }?.exitCode == 65)
        #expect(try box.form.field("last").rules == FieldRules(required: true, minLength: 5))
    }

    @Test("RuleChange.applied: nil keeps, clear starts from nothing")
    func ruleChange() {
        let rules = FieldRules(required: true, minLength: 1, maxLength: 5, pattern: "x+", email: true)
        #expect(RuleChange().applied(to: rules) == rules)
        #expect(RuleChange(requirement: .optional).applied(to: rules).required == false)
        #expect(RuleChange(clear: true).applied(to: rules) == .none)
        #expect(RuleChange(clear: true, email: true).applied(to: rules) == FieldRules(email: true))
    }

    @Test("rows: listed with their fields grouped, added, resized, removed")
    func rows() throws {
        let box = try TemporaryForm()
        let rows = try box.form.rows()
        #expect(rows.map(\.row.number) == [1, 2])
        #expect(rows.map { $0.fields.map(\.key) } == [["first", "middle", "last"], ["email", "twitter"]])
        #expect(rows[1].row.widthRange == 360...540)
        let added = try box.form.addRow(width: 400, minWidth: 300, maxWidth: 500)
        #expect(added == FormRow(number: 3, width: 400, minWidth: 300, maxWidth: 500))
        #expect(try box.form.rows().last?.fields.isEmpty == true)
        #expect(try box.form.setRowWidth(2, to: 540).width == 540)
        let outside = error { () throws(FormKitError) in try box.form.setRowWidth(2, to: 900) }
        #expect(outside?.exitCode == 64)
        #expect(outside?.description == "row 2 cannot be 900 wide: its width must be within 360…540")
        let holding = error { () throws(FormKitError) in try box.form.removeRow(1) }
        #expect(holding?.exitCode == 64)
        try box.form.removeRow(3)
        #expect(try box.form.rows().count == 2)
    }

    @Test("Points.format prints whole widths without a fraction")
    func points() {
        #expect(Points.format(540) == "540")
        #expect(Points.format(412.5) == "412.5")
        #expect(Points.format(.infinity) == "inf")
    }

    @Test("title: shown and set")
    func title() throws {
        let box = try TemporaryForm()
        try box.form.set("first", to: "Ada")
        let shown = try box.form.title()
        #expect(shown.template == "Hello {first} {middle} {last}" && shown.text == "Hello Ada  ")
        let title = try box.form.setTitle(template: "Dear {first}")
        #expect(title.template == "Dear {first}" && title.text == "Dear Ada")
        #expect(try box.form.title().text == "Dear Ada")
    }

    @Test("history: oldest first, by key, limited to the last N")
    func history() throws {
        let box = try TemporaryForm()
        try box.form.set("first", to: "A")
        try box.form.set("first", to: "Ada")
        try box.form.set("last", to: "L")
        let all = try box.form.history()
        #expect(all.suffix(3).map(\.newValue) == ["A", "Ada", "L"])
        #expect(all.allSatisfy { $0.source == .formctl })
        #expect(try box.form.history(of: "first").filter { $0.oldValue != nil }.map(\.newValue) == ["A", "Ada"])
        #expect(try box.form.history(limit: 1).map(\.newValue) == ["L"])
        #expect(try box.form.history(limit: -1).count == all.count)
    }

    @Test("minimap in every format")
    func minimap() throws {
        let box = try TemporaryForm()
        try box.form.set("first", to: "Ada")
        let text = try box.form.minimap(format: .text, columns: 80)
        #expect(text.contains("G") && text.contains("R") && text.contains("P"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let ansi = try box.form.minimap(format: .ansi, columns: 40)
        #expect(ansi.contains("\u{1B}[") && ansi.contains("▀"))
        let svg = try box.form.minimap(format: .svg)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        let json = try box.form.minimap(format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["width", "height", "rects"])
        let rects = try #require(object["rects"] as? [[String: Any]])
        #expect(rects.contains { $0["key"] as? String == "first" && $0["kind"] as? String == "field" && $0["color"] as? String == "green" })
    }

    @Test("a read-only file is read, not refused; writes to it say 77")
    func readOnly() throws {
        let box = try TemporaryForm()
        try box.form.set("first", to: "Ada")
        #expect(chmod(box.form.path, 0o444) == 0)
        defer { chmod(box.form.path, 0o644) }
        #expect(try box.form.field("first").value == "Ada")
        #expect(try !box.form.check().passes)
        #expect(error { () throws(FormKitError) in try box.form.set("first", to: "Bea") }?.exitCode == 77)
    }
}
