import FormLayout
import FormModel
import FormScreens
import Foundation
import Testing

@Suite("The form screen and its minimap")
struct FormPictureTests {
    private func form(_ change: (inout FormDefinition) -> Void = { _ in }) -> FormDefinition {
        var form = FormDefinition.seed
        change(&form)
        return form
    }

    @Test func titleFillsInFieldValues() {
        let named = form { $0.fields[0].value = "Ada"; $0.fields[2].value = "Lovelace" }
        #expect(named.title == "Hello Ada  Lovelace")
        #expect(FormDefinition(titleTemplate: "{nope} {first}", rows: [], fields: named.fields).title == "{nope} Ada")
    }

    @Test func seedFormHasATitleAndTwoRectsPerShownField() {
        let picture = FormPicture(form: form())
        // first, middle, last, email shown; twitter hidden.
        #expect(picture.minimapRects.count == 1 + 2 * 4)
        // Back to front in form order, each field's container before the field.
        #expect(picture.minimapRects.map { "\($0.key) \($0.kind)" } == ["title title"] + ["first", "middle", "last", "email"].flatMap {
            ["\($0) fieldContainer", "\($0) field"]
        })
        #expect(picture.minimapRects.map(\.z) == Array(0..<9))
        let containers = picture.minimapRects.filter { $0.kind == .fieldContainer }
        // Row 1 spans the whole 540-point form: 190 minimap points from x = 5.
        let row1 = containers.filter { ["first", "middle", "last"].contains($0.key) }
        let left = row1.map(\.x).min()!, right = row1.map { $0.x + $0.width }.max()!
        #expect(abs(left - 5) < 1e-9)
        #expect(abs((right - left) - 190) < 1e-9)
        #expect(picture.minimapRects.first { $0.kind == .title }.map { abs($0.y - 5) < 1e-9 } == true)
    }

    @Test func fieldColoursFollowStates() {
        let picture = FormPicture(form: form { $0.fields[0].value = "Ada"; $0.fields[1].value = "B" })
        let colors = Dictionary(uniqueKeysWithValues: picture.minimapRects.filter { $0.kind == .field }.map { ($0.key, $0.color) })
        #expect(colors == ["first": .green, "middle": .yellow, "last": .red, "email": .red])
        #expect(picture.minimapRects.filter { $0.kind == .fieldContainer }.allSatisfy { $0.color == .gray })
        #expect(picture.minimapRects.first { $0.kind == .title }?.color == .purple)
    }

    @Test func everyFieldLiesInsideItsContainer() {
        let rects = FormPicture(form: form { $0.fields[4].isVisible = true }).minimapRects
        for field in rects where field.kind == .field {
            let container = try! #require(rects.first { $0.kind == .fieldContainer && $0.key == field.key })
            #expect(field.x >= container.x && field.y >= container.y)
            #expect(field.x + field.width <= container.x + container.width + 1e-9)
            #expect(field.y + field.height <= container.y + container.height + 1e-9)
        }
    }

    @Test func showingTwitterAddsTwoRectsAndWideningRowTwoScalesEmail() {
        let hidden = FormPicture(form: form()).minimapRects
        let shown = FormPicture(form: form { $0.fields[4].isVisible = true }).minimapRects
        #expect(shown.count == hidden.count + 2)

        let narrow = FormPicture(form: form()).minimapRects.first { $0.key == "email" && $0.kind == .fieldContainer }!
        let wide = FormPicture(form: form { $0.rows[1].width = 540 }).minimapRects.first { $0.key == "email" && $0.kind == .fieldContainer }!
        #expect(abs(wide.width / narrow.width - 1.5) < 1e-12)
        #expect(abs(wide.height - narrow.height) < 1e-12)
    }

    @Test func rowsNumberedOutOfOrderShowTheirOwnFields() {
        // Rows listed 5, 2, 9 (not consecutive); a field of a row that is
        // not listed (7) is not drawn; one field is hidden.
        let rows = [5, 2, 9].map { FormRow(number: $0, width: 540, minWidth: 360, maxWidth: 540) }
        var fields = [(5, "a"), (2, "b"), (9, "c"), (7, "lost"), (5, "d"), (2, "hidden")].enumerated().map { index, entry in
            Field(key: entry.1, label: entry.1, value: "", row: entry.0, position: index + 1)
        }
        fields[5].isVisible = false
        let picture = FormPicture(form: FormDefinition(titleTemplate: "T", rows: rows, fields: fields))
        let drawn = picture.minimapRects.filter { $0.kind == .field }
        #expect(Set(drawn.map(\.key)) == ["a", "b", "c", "d"])
        let top = Dictionary(uniqueKeysWithValues: drawn.map { ($0.key, $0.y) })
        // Row 5 (a, d side by side) above row 2 (b) above row 9 (c).
        #expect(top["a"] == top["d"])
        #expect(top["a"]! < top["b"]! && top["b"]! < top["c"]!)
        let x = Dictionary(uniqueKeysWithValues: drawn.map { ($0.key, $0.x) })
        #expect(x["a"]! < x["d"]!)
    }

    @Test func twoRowsOfOneNumberBothShowItsFields() {
        let rows = [FormRow(number: 3, width: 540, minWidth: 360, maxWidth: 540), FormRow(number: 3, width: 300, minWidth: 300, maxWidth: 300)]
        let fields = [Field(key: "x", label: "X", value: "", row: 3, position: 1)]
        let picture = FormPicture(form: FormDefinition(titleTemplate: "T", rows: rows, fields: fields))
        #expect(picture.minimapRects.filter { $0.kind == .field && $0.key == "x" }.count == 2)
    }

    @Test func minimapDisplayListMatchesItsRects() {
        let picture = FormPicture(form: form())
        #expect(picture.minimap.items.count == picture.minimapRects.count)
        #expect(picture.minimap.size.width == 200)
        let container = picture.minimapRects.filter { $0.kind == .fieldContainer }
        let bottom = container.map { $0.y + $0.height }.max()!
        #expect(abs(picture.minimap.size.height - (bottom + 5)) < 1e-9)
        for (item, rect) in zip(picture.minimap.items, picture.minimapRects) {
            #expect(item.fill == rect.color.color)
            #expect(item.identifier == rect.key)
        }
    }

    @Test func sameFormSamePictureBitForBit() {
        let a = FormPicture(form: form { $0.fields[0].value = "Ada" })
        let b = FormPicture(form: form { $0.fields[0].value = "Ada" })
        #expect(a.screen == b.screen)
        #expect(a.minimapRects == b.minimapRects)
    }

    @Test func aTallFormGrowsTheWindowSoNothingIsCutOff() {
        let rows = (1...20).map { FormRow(number: $0, width: 540, minWidth: 540, maxWidth: 540) }
        let fields = (1...60).map { Field(key: "f\($0)", label: "Field \($0)", row: ($0 - 1) / 3 + 1, position: $0) }
        let picture = FormPicture(form: FormDefinition(titleTemplate: "Tall", rows: rows, fields: fields))
        #expect(picture.screen.size.height > FormPicture.defaultWindowSize.height)
        #expect(picture.screen.items.allSatisfy { $0.frame.minY >= 0 && $0.frame.maxY <= picture.screen.size.height })
    }
}
