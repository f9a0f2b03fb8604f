import FormModel
import Testing

@Suite("Validation states")
struct ValidatorTests {
    @Test(arguments: [
        ("", ValidationState.empty), ("J", .short), ("Jo", .short), ("Joe", .valid),
        ("e\u{301}", .short), ("👨‍👩‍👧‍👦", .short), ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", .valid),
    ])
    func seedColoursCountGraphemeClusters(value: String, state: ValidationState) {
        #expect(Validator.state(of: value) == state)
    }

    @Test func shortEndsAtTheSeedsThreeCharacters() {
        #expect(ValidationState.minimumValidLength == 3)
        #expect(ValidationState.shortReason == "has fewer than 3 characters")
        let length = ValidationState.minimumValidLength
        #expect(Validator.state(of: String(repeating: "a", count: length - 1)) == .short)
        #expect(Validator.state(of: String(repeating: "a", count: length)) == .valid)
    }

    @Test func statesHaveTheSeedsColours() {
        #expect(ValidationState.empty.color == .red)
        #expect(ValidationState.short.color == .yellow)
        #expect(ValidationState.valid.color == .green)
        #expect(ValidationState.invalid.color == .orange)
    }

    @Test func rulesMakeANonEmptyValueInvalid() {
        #expect(Validator.state(of: "abcdef", rules: FieldRules(maxLength: 5)) == .invalid)
        #expect(Validator.state(of: "ab", rules: FieldRules(minLength: 4)) == .invalid)
        #expect(Validator.state(of: "", rules: FieldRules(required: true, minLength: 4)) == .empty)
        #expect(Validator.state(of: "12345", rules: FieldRules(pattern: "[0-9]+")) == .valid)
        #expect(Validator.state(of: "12a45", rules: FieldRules(pattern: "[0-9]+")) == .invalid)
        #expect(Validator.violation(of: "12a45", rules: FieldRules(pattern: "[0-9]+")) == "does not match /[0-9]+/")
    }

    @Test(arguments: [
        ("ada@example.com", true), ("a@b.co", true), ("ada@", false), ("@example.com", false),
        ("ada@example", false), ("ada lovelace@example.com", false), ("a@b@c.com", false), ("ada@exa_mple.com", false),
    ])
    func emailSyntax(value: String, isEmail: Bool) {
        #expect(Validator.isEmailAddress(value) == isEmail)
        #expect(Validator.state(of: value, rules: FieldRules(email: true)) == (isEmail ? .valid : .invalid))
    }
}

@Suite("Pattern safety")
struct PatternSafetyTests {
    @Test(arguments: ["(a+)+$", "(a*)*", "(a|aa)*", "(x+x+)+y", "((ab)*c)+", "(a+){2,}", "(?:a|b)+"])
    func catastrophicPatternsAreRefused(pattern: String) {
        #expect(PatternSafety.risk(in: pattern) != nil)
        // The validator never runs them: the value is invalid with a reason.
        #expect(Validator.state(of: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", rules: FieldRules(pattern: pattern)) == .invalid)
    }

    @Test(arguments: ["[0-9]+", "[a-z]+@[a-z]+\\.[a-z]{2,}", "(ab)+", "(a+)?", "(abc){3}", "\\(a+\\)+", "[(a+)]+", "(a|b)"])
    func ordinaryPatternsAreAllowed(pattern: String) {
        #expect(PatternSafety.risk(in: pattern) == nil)
    }
}
