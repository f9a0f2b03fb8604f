// The order of the minimap's rectangles (`FormElement.backToFront`): the
// title, then the form's fields in form order, each box right before what
// it holds, so that an instance added at the end of a form gets the last
// places and no rectangle before it is numbered again.
import FormModel
import FormScreens
import Testing

@Suite("the minimap's rectangles back to front")
struct MinimapOrderTests {
    /// A row, a group holding a nested group, a repeat of three instances
    /// (one field hidden in the second), and a last row.
    private static func form(instances: Int = 3) -> FormDefinition {
        var rows: [FormRow] = [], fields: [Field] = [], groups: [FormGroup] = []
        func row(in group: String?) -> Int {
            rows.append(FormRow(number: rows.count + 1, width: 420, minWidth: 420, maxWidth: 420, group: group))
            return rows.count
        }
        func field(_ key: String, in row: Int, visible: Bool = true) {
            fields.append(Field(key: key, label: key, row: row, position: fields.count + 1, isVisible: visible))
        }
        let top = row(in: nil)
        field("a", in: top)
        field("b", in: top)
        groups.append(FormGroup(path: "g", kind: .group, page: FormPage.mainKey, firstRow: rows.count + 1, title: "Group"))
        field("g.c", in: row(in: "g"))
        groups.append(FormGroup(path: "g.h", kind: .group, page: FormPage.mainKey, firstRow: rows.count + 1, title: "Inner"))
        field("g.h.d", in: row(in: "g.h"))
        field("g.e", in: row(in: "g"))
        groups.append(FormGroup(path: "r", kind: .repeat, page: FormPage.mainKey, firstRow: rows.count + 1, title: "Items",
                                repeatRules: RepeatRules(body: "{}")))
        for number in 1...instances {
            groups.append(FormGroup(path: "r.\(number)", kind: .instance, page: FormPage.mainKey, firstRow: rows.count + 1))
            let instanceRow = row(in: "r.\(number)")
            field("r.\(number).x", in: instanceRow)
            field("r.\(number).y", in: instanceRow, visible: number != 2)
        }
        return FormDefinition(titleTemplate: "Order", rows: rows, fields: fields, groups: groups)
    }

    @Test("each box right before what it holds, everything else in form order")
    func boxesBeforeTheirContents() {
        let rects = FormPicture(form: Self.form()).minimapRects
        #expect(rects.map(\.z) == Array(rects.indices))
        #expect(rects.map { "\($0.kind) \($0.key)" } == [
            "title title", "fieldContainer a", "field a", "fieldContainer b", "field b",
            "group g", "fieldContainer g.c", "field g.c", "group g.h", "fieldContainer g.h.d", "field g.h.d",
            "fieldContainer g.e", "field g.e",
            "group r.1", "fieldContainer r.1.x", "field r.1.x", "fieldContainer r.1.y", "field r.1.y",
            "group r.2", "fieldContainer r.2.x", "field r.2.x",
            "group r.3", "fieldContainer r.3.x", "field r.3.x", "fieldContainer r.3.y", "field r.3.y",
        ])
    }

    @Test("an instance added at the end of the form only adds rectangles after the others")
    func anInstanceAtTheEndAddsLastPlaces() {
        let before = FormPicture(form: Self.form(instances: 3)).minimapRects
        let after = FormPicture(form: Self.form(instances: 4)).minimapRects
        #expect(Array(after.prefix(before.count)).map { "\($0.z) \($0.kind) \($0.key)" } == before.map { "\($0.z) \($0.kind) \($0.key)" })
        #expect(after.dropFirst(before.count).map { "\($0.kind) \($0.key)" }
            == ["group r.4", "fieldContainer r.4.x", "field r.4.x", "fieldContainer r.4.y", "field r.4.y"])
    }

    @Test("a box drawn first lies under what it holds: every rectangle inside a box comes after it")
    func boxesLieUnderTheirContents() {
        let rects = FormPicture(form: Self.form()).minimapRects
        for (index, box) in rects.enumerated() where box.kind == .group {
            let inside = rects.indices.filter { $0 != index && FieldPath.isWithin(rects[$0].key, box.key) }
            #expect(inside.allSatisfy { $0 > index }, "\(box.key)")
        }
    }
}
