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
        ("ada@example", true), ("ada lovelace@example.com", false), ("a@b@c.com", false), ("ada@exa_mple.com", false),
    ])
    func emailSyntax(value: String, isEmail: Bool) {
        #expect(Validator.isEmailAddress(value) == isEmail)
        #expect(Validator.state(of: value, rules: FieldRules(email: true)) == (isEmail ? .valid : .invalid))
    }
}

@Suite("Rule patterns (PCRE2 with limits)")
struct RulePatternTests {
    /// Patterns that backtrack exponentially (or polynomially) under a
    /// plain backtracking engine: each check stops at PCRE2's limits.
    @Test(arguments: [
        ("(a+)+$", String(repeating: "a", count: 30) + "!"),
        ("(a|aa)*c", String(repeating: "a", count: 5_000)),
        ("(.*a){20}", String(repeating: "a", count: 3_000) + "b"),
        ("(x+x+)+y", String(repeating: "x", count: 5_000)),
        ("(\\w+\\s?)*$", String(repeating: "word ", count: 2_000) + "!"),
    ])
    func costlyPatternsStopAtTheLimit(pattern: String, value: String) throws {
        let start = ContinuousClock.now
        #expect(try RulePattern(pattern).match(value) == .notChecked(reason: RulePattern.tooCostlyReason))
        #expect(Validator.state(of: value, rules: FieldRules(pattern: pattern)) == .invalid)
        #expect(Validator.violation(of: value, rules: FieldRules(pattern: pattern)) == "pattern too costly for this value")
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    /// The issue's repros: PCRE2's optimisations decide them at once.
    @Test func issueRepros() throws {
        #expect(try RulePattern("(a?){30}a{30}").match(String(repeating: "a", count: 20)) == .doesNotMatch)
        #expect(try RulePattern(".*.*.*.*=.*").match(String(repeating: "a", count: 3_000)) == .doesNotMatch)
        #expect(try RulePattern(".*.*.*.*=.*").match(String(repeating: "a", count: 3_000) + "=") == .matches)
    }

    @Test(arguments: [
        ("[0-9]+", "12345", true), ("[0-9]+", "12a45", false), ("[0-9]+", "", false),
        ("a|ab", "ab", true), ("ab|a", "a", true), ("abc", "abcd", false), ("bcd", "abcd", false),
        ("\\d+", "١٢٣", true), ("\\w+", "Zoë", true), ("\\X", "e\u{301}", true), (".", "e\u{301}", false),
        ("..", "e\u{301}", true), ("[a-z]+@[a-z]+\\.[a-z]{2,}", "ada@example.org", true),
        ("(?i)ada", "ADA", true), ("x*", "", true), ("a$", "a\n", false),
    ])
    func wholeValueMatches(pattern: String, value: String, matches: Bool) throws {
        #expect(try RulePattern(pattern).match(value) == (matches ? .matches : .doesNotMatch))
    }

    @Test func compileErrorsNameTheOffset() {
        #expect(RulePattern.compileError(in: "(") == RulePattern.CompileError(message: "missing closing parenthesis", offset: 1))
        #expect(RulePattern.compileError(in: "[a-") != nil)
        #expect(RulePattern.compileError(in: "a)|(b") != nil, "anchoring does not wrap the pattern in text")
        #expect(RulePattern.compileError(in: "\\C") != nil, "\\C could split a character")
        #expect(RulePattern.compileError(in: "(a+)+$") == nil, "costly patterns are accepted: matching them is bounded")
    }

    @Test func largeValuesWithOrdinaryPatterns() throws {
        #expect(try RulePattern("[a-z]+").match(String(repeating: "a", count: 1_000_000)) == .matches)
        #expect(try RulePattern(".*").match(String(repeating: "é", count: 1_000_000)) == .matches)
    }
}
