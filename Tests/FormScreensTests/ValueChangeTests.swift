import FormModel
import FormScreens
import Testing

@Suite("a value change without a layout")
struct ValueChangeTests {
    let form = FormDefinition.seed
    var rects: [MinimapRect] { FormPicture.minimapRects(of: form) }

    @Test("a field the title does not show: only its field rectangle changes colour, and it equals a new layout")
    func recolours() throws {
        let shortcut = try #require(form.minimapRects(settingValueOf: "email", to: "ada@example.com", from: rects))
        var after = form
        after.fields[try #require(after.fields.firstIndex { $0.key == "email" })].value = "ada@example.com"
        #expect(shortcut == FormPicture.minimapRects(of: after))
        let changed = zip(rects, shortcut).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1.key == "email" && changed.first?.1.kind == .field && changed.first?.1.color == .green)
    }

    @Test("a field the title shows, with a new value: nil (only a layout can tell)")
    func titleField() {
        #expect(form.minimapRects(settingValueOf: "first", to: "Grace", from: rects) == nil)
    }

    @Test("a field the title shows, set to the value it has: the title is the same, so no layout")
    func sameTitle() {
        #expect(form.minimapRects(settingValueOf: "first", to: "", from: rects) == rects)
    }

    @Test("an unknown key: nil")
    func unknownKey() {
        #expect(form.minimapRects(settingValueOf: "nope", to: "x", from: rects) == nil)
    }
}
