import FormModel
import Foundation
import Testing

@Suite("Short states, messages and show_if conditions")
struct ConditionTests {
    @Test("shortBelow moves where short ends; 0 means no short state")
    func shortBelow() {
        #expect(Validator.state(of: "NY", rules: FieldRules(shortBelow: 0)) == .valid)
        #expect(Validator.state(of: "N", rules: FieldRules(shortBelow: 0)) == .valid)
        #expect(Validator.state(of: "", rules: FieldRules(shortBelow: 0)) == .empty)
        #expect(Validator.state(of: "abcd", rules: FieldRules(shortBelow: 5)) == .short)
        #expect(Validator.state(of: "abcde", rules: FieldRules(shortBelow: 5)) == .valid)
        #expect(FieldRules().shortBelow == 3 && FieldRules.none.shortBelow == ValidationState.minimumValidLength)
        #expect(ValidationState.shortReason(below: 5) == "has fewer than 5 characters")
        // A broken rule wins over short.
        #expect(Validator.state(of: "ab", rules: FieldRules(pattern: "[0-9]+", shortBelow: 5)) == .invalid)
    }

    @Test("a field keeps its validation when the rules change, short threshold included")
    func validationFollowsRules() {
        var field = Field(key: "state", label: "State", value: "NY", row: 1, position: 1)
        #expect(field.state == .short)
        field.rules.shortBelow = 0
        #expect(field.state == .valid && field.length == 2)
    }

    @Test("rules with a message and a threshold survive JSON, and older JSON without them reads with the defaults")
    func codable() throws {
        let rules = FieldRules(required: true, shortBelow: 0, message: "Two letters, like NY")
        let field = Field(key: "state", label: "State", row: 1, position: 1, rules: rules, showIf: .equals(field: "country", value: "US"))
        let data = try JSONEncoder().encode(field)
        #expect(try JSONDecoder().decode(Field.self, from: data) == field)
        let old = #"{"required":true,"minLength":null,"maxLength":null,"pattern":null,"email":false}"#
        let decoded = try JSONDecoder().decode(FieldRules.self, from: Data(old.utf8))
        #expect(decoded.shortBelow == 3 && decoded.message == nil && decoded.required)
    }

    /// Seed 002's shape: a toggle-like field and a Twitter field shown only
    /// while it says "on".
    func form(toggle: String, twitterVisible: Bool = true) -> FormDefinition {
        FormDefinition(titleTemplate: "Hi {twitter}", rows: [FormRow(number: 1, width: 540, minWidth: 540, maxWidth: 540)], fields: [
            Field(key: "toggle", label: "Toggle", value: toggle, row: 1, position: 1),
            Field(key: "twitter", label: "Twitter", value: "@ada", row: 1, position: 2, isVisible: twitterVisible,
                  showIf: .equals(field: "toggle", value: "on")),
            Field(key: "handle", label: "Handle", row: 1, position: 3, showIf: .filled(field: "twitter")),
        ])
    }

    @Test("a field is shown exactly while it is visible and its condition holds; chains follow")
    func shown() {
        #expect(form(toggle: "on").shownFlags == [true, true, true])
        #expect(form(toggle: "off").shownFlags == [true, false, false], "handle reads a field that is not shown")
        #expect(form(toggle: "on", twitterVisible: false).shownFlags == [true, false, false])
        #expect(form(toggle: "off").shownFields.map(\.key) == ["toggle"])
        #expect(form(toggle: "off").visibleFieldsByRow[1]?.map(\.key) == ["toggle"])
        #expect(form(toggle: "off").visibleFieldIndicesByRow.order == [0])
        #expect(form(toggle: "on").visibleFieldIndicesByRow.order == [0, 1, 2])
        // The value is kept while hidden, and the title still reads it.
        #expect(form(toggle: "off").field("twitter")?.value == "@ada")
        #expect(form(toggle: "off").title == "Hi @ada")
    }

    @Test("a cycle or a condition naming no field never holds; nothing else is affected")
    func cyclesAndDanglingReferences() {
        let fields = [
            Field(key: "a", label: "A", value: "x", row: 1, position: 1, showIf: .filled(field: "b")),
            Field(key: "b", label: "B", value: "x", row: 1, position: 2, showIf: .filled(field: "a")),
            Field(key: "c", label: "C", value: "x", row: 1, position: 3, showIf: .filled(field: "a")),
            Field(key: "d", label: "D", value: "x", row: 1, position: 4, showIf: .filled(field: "gone")),
            Field(key: "e", label: "E", value: "x", row: 1, position: 5, showIf: .filled(field: "e")),
            Field(key: "f", label: "F", value: "", row: 1, position: 6),
        ]
        #expect(FieldVisibility.shown(fields) == [false, false, false, false, false, true])
        #expect(FieldVisibility.shown(fields, outside: ["gone": ConditionOperand(value: "y", type: .text)])[3])
        #expect(FieldVisibility.cycle(setting: .filled(field: "a"), on: "f", in: fields) == nil)
        #expect(FieldVisibility.cycle(setting: .filled(field: "c"), on: "a", in: fields) == ["a", "c", "a"])
        #expect(FieldVisibility.cycle(setting: .filled(field: "f"), on: "f", in: fields) == ["f", "f"])
    }

    @Test("a long chain of conditions resolves without recursion")
    func longChain() {
        let count = 100_000
        let fields = (0..<count).map { index in
            Field(key: "f\(index)", label: "F", value: "x", row: 1, position: count - index,
                  showIf: index == 0 ? nil : .filled(field: "f\(index - 1)"))
        }.reversed()
        // The first field resolved waits on all the others.
        #expect(FieldVisibility.shown(Array(fields)).allSatisfy { $0 })
    }

    @Test("a page's form reads conditions on other pages' fields as the whole form does")
    func pages() {
        let whole = FormDefinition(
            titleTemplate: "", rows: [FormRow(number: 1, width: 540, minWidth: 540, maxWidth: 540, page: "one"),
                                      FormRow(number: 2, width: 540, minWidth: 540, maxWidth: 540, page: "two")],
            fields: [
                Field(key: "toggle", label: "Toggle", value: "on", row: 1, position: 1),
                Field(key: "twitter", label: "Twitter", row: 2, position: 2, showIf: .equals(field: "toggle", value: "on")),
            ],
            pages: [FormPage(key: "one", title: "One", position: 1), FormPage(key: "two", title: "Two", position: 2)],
            selectedPage: "one")
        #expect(whole.form(ofPage: "two").shownFlags == [true])
        var off = whole
        off.fields[0].value = "off"
        #expect(off.form(ofPage: "two").shownFlags == [false])
        #expect(off.form(ofPage: "two").fields.map(\.key) == ["twitter"])
    }

    @Test("show conditions hold on exact text or on any text")
    func holds() {
        #expect(ShowCondition.equals(field: "a", value: "on").holds(forValue: "on"))
        #expect(!ShowCondition.equals(field: "a", value: "on").holds(forValue: "On"))
        #expect(ShowCondition.equals(field: "a", value: "").holds(forValue: ""))
        #expect(ShowCondition.filled(field: "a").holds(forValue: " "))
        #expect(!ShowCondition.filled(field: "a").holds(forValue: ""))
        #expect(ShowCondition.filled(field: "a").fields == ["a"])
    }
}
