@testable import FormModel
import Testing

/// Values compare code point for code point (issue 46), as JSON, a JSON
/// Schema's `enum` and `const` (the JSON Schema Test Suite's `const.json`)
/// and SQLite do. Swift's `==` takes canonically equivalent spellings as
/// equal (`ä` U+00E4 and `a` + U+0308; U+212A KELVIN SIGN and `K`): a value
/// that is only equivalent to a choice would read as valid here and as
/// another string everywhere else.
@Suite("Choices and values: compared scalar for scalar")
struct ChoiceSpellingTests {
    static let precomposed = "\u{E4}", decomposed = "a\u{308}"
    static let rules = FieldRules(shortBelow: 0, type: .selectOne, choices: [FieldChoice(value: "OK"), FieldChoice(value: "café"), FieldChoice(value: precomposed)])
    static let several = FieldRules(shortBelow: 0, type: .selectMultiple, choices: [FieldChoice(value: "OK"), FieldChoice(value: "café"), FieldChoice(value: precomposed)])

    @Test("isScalarEqual: the same scalars in order, where == takes canonical equivalents as equal")
    func scalarEquality() {
        #expect(Self.precomposed == Self.decomposed, "Swift's == is canonical equivalence")
        #expect(!Self.precomposed.isScalarEqual(to: Self.decomposed))
        #expect(!"\u{212A}".isScalarEqual(to: "K") && !"\u{37E}".isScalarEqual(to: ";") && !"\u{1FEF}".isScalarEqual(to: "`"))
        #expect("café".isScalarEqual(to: "caf\u{E9}") && "".isScalarEqual(to: ""))
        #expect(!"ab".isScalarEqual(to: "abc") && !"abc".isScalarEqual(to: "ab"))
        #expect("xay".dropFirst().dropLast().isScalarEqual(to: "a"), "substrings compare by their own scalars")
        #expect(Set([ScalarText(Self.precomposed), ScalarText(Self.decomposed)]).count == 2)
        #expect(Set([ScalarText("K"), ScalarText("K")]).count == 1)
        #expect(FieldChoice(value: Self.precomposed) != FieldChoice(value: Self.decomposed))
        #expect(FieldChoice(value: "a", label: Self.precomposed) != FieldChoice(value: "a", label: Self.decomposed))
        #expect(FieldChoice(value: "a", label: "A") == FieldChoice(value: "a", label: "A"))
    }

    @Test("an equivalent spelling given as input is not the choice: it is kept as given, as an unknown value is")
    func input() {
        #expect(Self.rules.storedText(forInput: Self.decomposed).isScalarEqual(to: Self.decomposed))
        // A label is taken in any case, and U+212A KELVIN SIGN's lower case is
        // `k`: "OK" with it is the label "OK" in another case, not a spelling.
        #expect(Self.rules.storedText(forInput: "O\u{212A}").isScalarEqual(to: "OK"))
        let valueOnly = FieldRules(shortBelow: 0, type: .selectOne, choices: [FieldChoice(value: "K", label: "Kelvin")])
        #expect(valueOnly.storedText(forInput: "\u{212A}").isScalarEqual(to: "\u{212A}"))
        #expect(Self.rules.storedText(forInput: " cafe\u{301} ").isScalarEqual(to: " cafe\u{301} "))
        #expect(Self.rules.storedText(forInput: Self.precomposed).isScalarEqual(to: Self.precomposed))
        #expect(Self.rules.storedText(forInput: " café ").isScalarEqual(to: "café"), "spaces around still go")
        #expect(Self.rules.storedText(forInput: "CAFÉ").isScalarEqual(to: "café"), "a label in any case, written with the same scalars")
        #expect(Self.rules.storedText(forInput: "CAFE\u{301}").isScalarEqual(to: "CAFE\u{301}"))
        #expect(Self.several.storedText(forSelection: ["cafe\u{301}", "O\u{212A}"]).isScalarEqual(to: "[\"cafe\u{301}\",\"O\u{212A}\"]"))
        #expect(Self.several.storedText(forSelection: [Self.precomposed, "OK"]).isScalarEqual(to: "[\"OK\",\"\u{E4}\"]"))
        #expect(Self.several.storedText(forSelection: [Self.precomposed, Self.decomposed]).isScalarEqual(to: "[\"\u{E4}\",\"a\u{308}\"]"),
                "not one choice twice: the second is no choice, so the values are kept as given")
    }

    @Test("an equivalent spelling is invalid, named as not a choice, saying which choice it looks like")
    func stored() {
        #expect(Validator.violation(of: "OK", rules: Self.rules) == nil)
        #expect(Validator.violation(of: Self.precomposed, rules: Self.rules) == nil)
        #expect(Validator.violation(of: Self.decomposed, rules: Self.rules)
            == "is not one of: OK, café, ä (it looks like \"ä\" but is written with other code points: U+0061 U+0308 where the choice has U+00E4)")
        #expect(Validator.violation(of: "O\u{212A}", rules: Self.rules)?.hasPrefix("is not one of: OK, café, ä (it looks like \"OK\"") == true)
        #expect(Validator.violation(of: "ok", rules: Self.rules) == "is not one of: OK, café, ä")
        #expect(Validator.violation(of: #"["OK"]"#, rules: Self.several) == nil)
        #expect(Validator.violation(of: "[\"O\u{212A}\"]", rules: Self.several)?.hasPrefix("\"O\u{212A}\" is not one of: OK, café, ä") == true)
        #expect(Validator.violation(of: "[\"\u{E4}\",\"a\u{308}\"]", rules: Self.several)?.hasPrefix("\"a\u{308}\" is not one of") == true,
                "two spellings are two values, not one given twice")
        #expect(Validator.violation(of: "[\"\u{E4}\",\"\u{E4}\"]", rules: Self.several) == "gives \"ä\" twice")
    }

    @Test("two choices that differ only in spelling are two choices, not one given twice")
    func choicesSpelledTwoWays() {
        let rules = FieldRules(shortBelow: 0, type: .selectOne, choices: [FieldChoice(value: Self.precomposed), FieldChoice(value: Self.decomposed)])
        #expect(rules.inconsistency == nil)
        #expect(Validator.violation(of: Self.decomposed, rules: rules) == nil && Validator.violation(of: Self.precomposed, rules: rules) == nil)
        let twice = FieldRules(shortBelow: 0, type: .selectOne, choices: [FieldChoice(value: Self.precomposed), FieldChoice(value: Self.precomposed)])
        #expect(twice.inconsistency?.reason == "the choice \"ä\" is given twice")
    }

    @Test("show_if equals, in and includes compare text and choices scalar for scalar")
    func conditions() {
        let text = { (value: String) in { (_: String) in ConditionOperand(value: value, type: .text) } }
        #expect(ShowCondition.equals(field: "f", value: Self.precomposed).holds(reading: text(Self.precomposed)))
        #expect(!ShowCondition.equals(field: "f", value: Self.precomposed).holds(reading: text(Self.decomposed)))
        #expect(!ShowCondition.equals(field: "f", value: "K").holds(reading: text("\u{212A}")))
        #expect(!ShowCondition.isIn(field: "f", values: ["x", Self.precomposed]).holds(reading: text(Self.decomposed)))
        #expect(ShowCondition.isIn(field: "f", values: ["x", Self.decomposed]).holds(reading: text(Self.decomposed)))
        let chosen = { (value: String) in { (_: String) in ConditionOperand(value: value, type: .selectMultiple) } }
        #expect(ShowCondition.includes(field: "f", value: Self.precomposed).holds(reading: chosen("[\"\u{E4}\"]")))
        #expect(!ShowCondition.includes(field: "f", value: Self.precomposed).holds(reading: chosen("[\"a\u{308}\"]")))
        // Numbers still compare by what they name.
        #expect(ShowCondition.equals(field: "f", value: "1.5").holds { _ in ConditionOperand(value: "1.50", type: .decimal) })
        // A condition's value must be a choice, scalar for scalar.
        if case .success = Self.rules.conditionValue(Self.decomposed, test: "equals") { Issue.record("a look-alike is not a choice") }
        if case .failure(let problem) = Self.rules.conditionValue(Self.precomposed, test: "equals") { Issue.record("\(problem)") }
    }
}
