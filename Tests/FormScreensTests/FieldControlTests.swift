import FormLayout
import FormModel
import FormScreens
import Foundation
import Testing

/// Each type is drawn as the control a SwiftUI `Form` uses for it, and the
/// minimap draws each field at its control's size.
@Suite("A field's control follows its type")
struct FieldControlTests {
    private static let choices = [FieldChoice(value: "cheese", label: "Extra cheese"), FieldChoice(value: "olives"), FieldChoice(value: "basil")]

    private func field(_ key: String, _ type: FieldType, value: String = "", position: Int = 0) -> Field {
        let rules = FieldRules(shortBelow: type.isText ? ValidationState.minimumValidLength : 0, type: type,
                               choices: [.selectOne, .selectMultiple].contains(type) ? Self.choices : [])
        return Field(key: key, label: key.capitalized, value: value, row: 0, position: position, rules: rules)
    }

    @Test func eachTypeGetsItsControl() {
        #expect(FieldControl(field: field("name", .text, value: "Ada")) == .textField(value: "Ada", placeholder: ""))
        #expect(FieldControl(field: field("age", .integer)) == .textField(value: "", placeholder: "0"))
        #expect(FieldControl(field: field("day", .date, value: "2026-02-01")) == .textField(value: "2026-02-01", placeholder: "YYYY-MM-DD"))
        #expect(FieldControl(field: field("bio", .longText, value: "a\nb")) == .textEditor(value: "a\nb"))
        #expect(FieldControl(field: field("laptop", .boolean, value: "true")) == .toggle(isOn: true))
        #expect(FieldControl(field: field("laptop", .boolean)) == .toggle(isOn: false))
        #expect(FieldControl(field: field("topping", .selectOne, value: "cheese")) == .picker(selectedLabel: "Extra cheese"))
        // A stored value no choice has is shown as stored: the field is orange and says why.
        #expect(FieldControl(field: field("topping", .selectOne, value: "ham")) == .picker(selectedLabel: "ham"))
        #expect(FieldControl(field: field("toppings", .selectMultiple, value: #"["basil","cheese"]"#))
                == .toggles([.init(label: "Extra cheese", isOn: true), .init(label: "olives", isOn: false), .init(label: "basil", isOn: true)]))
        // A selection that is not a JSON list selects nothing, and does not trap.
        #expect(FieldControl(field: field("toppings", .selectMultiple, value: "[\"basil")) == .toggles(Self.choices.map { .init(label: $0.label, isOn: false) }))
    }

    /// The minimap's field rectangle has the control's height: a text field
    /// 34 points, a text editor three lines (82), a switch 31, a picker a text
    /// field's (34), three choices three switches with the
    /// stack's spacing between them.
    @Test func theMinimapDrawsEachFieldAtItsControlsSize() throws {
        let types: [FieldType] = [.text, .longText, .boolean, .selectOne, .selectMultiple, .integer, .date]
        let fields = types.enumerated().map { field("f\($0.offset)", $0.element, position: $0.offset) }.enumerated().map { index, field in
            var placed = field
            placed.row = index
            return placed
        }
        let rows = fields.indices.map { FormRow(number: $0, width: 540, minWidth: 540, maxWidth: 540) }
        let picture = FormPicture(form: FormDefinition(titleTemplate: "Typed", rows: rows, fields: fields))
        let heights = Dictionary(uniqueKeysWithValues: picture.minimapRects.filter { $0.kind == .field }.map { ($0.key, $0.height) })
        let text = try #require(heights["f0"])
        func points(_ key: String) throws -> Double { try #require(heights[key]) / text * SwiftUIConstants.textFieldHeight }
        #expect(abs(try points("f1") - 82) < 1e-6)
        #expect(abs(try points("f2") - 31) < 1e-6)
        #expect(abs(try points("f3") - 34) < 1e-6)
        #expect(abs(try points("f4") - (3 * 31 + 2 * SwiftUIConstants.defaultStackSpacing)) < 1e-6)
        #expect(abs(try points("f5") - 34) < 1e-6)
        #expect(abs(try points("f6") - 34) < 1e-6)
    }

    @Test func aHintSitsUnderTheLabelInTheCaptionStyle() {
        var hinted = field("bio", .longText)
        hinted.hint = "A few lines"
        let result = ViewHost(FormFieldView(field: hinted).frame(width: 300), windowSize: CGSize(width: 400, height: 300)).layout()
        let texts = result.displayList.items.compactMap { item -> (String, CGFloat)? in
            if case .text(let lines, let font) = item.shape { (lines.joined(), font.pointSize) } else { nil }
        }
        #expect(texts.map(\.0) == ["Bio", "A few lines"])
        #expect(texts.last?.1 == SwiftUIConstants.TextStyleMetrics.of(.caption).pointSize)
    }
}
