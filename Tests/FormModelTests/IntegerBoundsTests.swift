@testable import FormModel
import Testing

/// An integer holds 16 digits (±9007199254740991, JSON's exact integers),
/// one more than a decimal: its bounds and its step compare all of them.
@Suite("Integers: bounds and steps over 16 digits")
struct IntegerBoundsTests {
    @Test("a 16-digit integer breaks a bound and a step as a short one does")
    func sixteenDigits() {
        let rules = FieldRules(shortBelow: 0, type: .integer, lowerBound: ValueBound("18", inclusive: true),
                               upperBound: ValueBound("120", inclusive: true))
        #expect(Validator.violation(of: "9007199254740991", rules: rules) == "is more than 120")
        #expect(Validator.violation(of: "-9007199254740991", rules: rules) == "is less than 18")
        let stepped = FieldRules(shortBelow: 0, type: .integer, step: "2")
        #expect(Validator.violation(of: "9007199254740991", rules: stepped) == "is not a multiple of 2")
        #expect(Validator.violation(of: "9007199254740990", rules: stepped) == nil)
        let wide = FieldRules(shortBelow: 0, type: .integer, upperBound: ValueBound("9007199254740990", inclusive: true))
        #expect(Validator.violation(of: "9007199254740991", rules: wide) == "is more than 9007199254740990")
        #expect(FieldType.integer.order("9007199254740991", "9007199254740990") == 1)
    }
}
