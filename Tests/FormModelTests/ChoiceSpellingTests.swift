@testable import FormModel
import Testing

/// A choice is stored as its own value, scalar for scalar. Swift's `==`
/// takes canonically equivalent spellings as equal (`é` and `e` + U+0301;
/// U+212A KELVIN SIGN and `K`), JSON and a JSON Schema `enum` do not: a
/// stored value that is only equivalent to a choice would read as valid
/// here and as another string everywhere else.
@Suite("Choices: stored as the choice's own spelling")
struct ChoiceSpellingTests {
    static let rules = FieldRules(shortBelow: 0, type: .selectOne, choices: [FieldChoice(value: "OK"), FieldChoice(value: "café")])
    static let several = FieldRules(shortBelow: 0, type: .selectMultiple, choices: [FieldChoice(value: "OK"), FieldChoice(value: "café")])

    @Test("an equivalent spelling given as input is stored as the choice's value")
    func input() {
        #expect(Self.rules.storedText(forInput: "O\u{212A}").unicodeScalars.elementsEqual("OK".unicodeScalars))
        #expect(Self.rules.storedText(forInput: " cafe\u{301} ").unicodeScalars.elementsEqual("café".unicodeScalars))
        #expect(Self.several.storedText(forSelection: ["cafe\u{301}", "O\u{212A}"]).unicodeScalars
            .elementsEqual(#"["OK","café"]"#.unicodeScalars))
    }

    @Test("an equivalent spelling stored by hand is invalid, naming the stored form")
    func stored() {
        #expect(Validator.violation(of: "OK", rules: Self.rules) == nil)
        #expect(Validator.violation(of: "O\u{212A}", rules: Self.rules) == "is not written as formctl stores it (OK)")
        #expect(Validator.violation(of: "cafe\u{301}", rules: Self.rules) == "is not written as formctl stores it (café)")
        #expect(Validator.violation(of: "ok", rules: Self.rules) == "is not one of: OK, café")
        #expect(Validator.violation(of: #"["OK"]"#, rules: Self.several) == nil)
        #expect(Validator.violation(of: "[\"O\u{212A}\"]", rules: Self.several) == #"is not written as formctl stores it (["OK"])"#)
    }
}
