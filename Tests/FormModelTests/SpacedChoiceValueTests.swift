@testable import FormModel
import Testing

/// A choice value is any text of 1 to 200 characters (Unicode scalars)
/// without control characters (issue 46): spaces and commas are allowed,
/// and text given to a select names a choice whole before it is split.
@Suite("Choice values with spaces and commas")
struct SpacedChoiceValueTests {
    static let choices = [FieldChoice(value: "Vitamin A"), FieldChoice(value: "Vitamin B", label: "B vitamins"),
                          FieldChoice(value: "Iron, zinc"), FieldChoice(value: "iron"), FieldChoice(value: "zinc")]
    static let several = FieldRules(shortBelow: 0, type: .selectMultiple, choices: choices)
    static let one = FieldRules(shortBelow: 0, type: .selectOne, choices: choices)

    @Test("FieldChoice.problem: spaces, commas and any printable text of 1 to 200 scalars pass")
    func accepted() {
        for value in ["Vitamin A", "Iron, zinc", "1 Star", " padded ", "a\u{A0}b", "[x]", "\"quoted\"", "é", String(repeating: "x", count: 200),
                      String(repeating: "\u{1F1EB}\u{1F1F7}", count: 100)] {
            #expect(FieldChoice.problem(withValue: value) == nil, "\(value)")
        }
    }

    @Test("FieldChoice.problem: empty, over 200 scalars and control characters are refused, saying why and what to do")
    func refused() {
        #expect(FieldChoice.problem(withValue: "") == "a choice value cannot be empty")
        #expect(FieldChoice.problem(withValue: String(repeating: "x", count: 201))?.hasPrefix("a choice value has at most 200 characters, not 201: shorten it") == true)
        // 101 flags are 101 characters to Swift but 202 code points to SQLite's length().
        let flags = String(repeating: "\u{1F1EB}\u{1F1F7}", count: 101)
        #expect(FieldChoice.problem(withValue: flags)?.contains("not 202") == true, "counted as SQLite counts")
        #expect(FieldChoice.problem(withValue: "a\tb") == #"a choice value cannot hold control characters (U+0009 in "a\u0009b"): remove it"#)
        #expect(FieldChoice.problem(withValue: "a\u{7F}")?.contains("U+007F") == true)
        #expect(FieldChoice.problem(withValue: "a\u{0}")?.contains("U+0000") == true)
        #expect(FieldChoice.problem(withValue: "line\nbreak")?.contains("U+000A") == true)
        #expect(FieldChoice.longestValue == 200)
    }

    @Test("values(ofInput:choices:): the whole input naming a choice (value, trimmed value or label) is that choice; else split")
    func wholeInput() {
        #expect(SelectionValue.values(ofInput: "Vitamin A", choices: Self.choices) == ["Vitamin A"])
        #expect(SelectionValue.values(ofInput: "  Iron, zinc ", choices: Self.choices) == ["Iron, zinc"])
        #expect(SelectionValue.values(ofInput: "b VITAMINS", choices: Self.choices) == ["Vitamin B"], "a label, ignoring case")
        #expect(SelectionValue.values(ofInput: "iron zinc", choices: Self.choices) == ["iron", "zinc"], "names no choice whole: split")
        #expect(SelectionValue.values(ofInput: "iron,zinc", choices: Self.choices) == ["iron", "zinc"])
        #expect(SelectionValue.values(ofInput: #"["Vitamin A","iron"]"#, choices: Self.choices) == ["Vitamin A", "iron"])
        #expect(SelectionValue.values(ofInput: "   ", choices: Self.choices) == [])
        #expect(SelectionValue.wholeChoice("Vitamin", in: Self.choices) == nil)
    }

    @Test("storedText(forInput:): a select_multiple and a select_one take a spaced choice whole")
    func stored() {
        #expect(Self.several.storedText(forInput: "Iron, zinc") == #"["Iron, zinc"]"#)
        #expect(Self.several.storedText(forInput: "zinc, iron") == #"["iron","zinc"]"#)
        #expect(Self.several.storedText(forSelection: ["Iron, zinc", "Vitamin A"]) == #"["Vitamin A","Iron, zinc"]"#)
        #expect(Self.one.storedText(forInput: "Iron, zinc") == "Iron, zinc")
        #expect(Self.one.storedText(forInput: "b vitamins") == "Vitamin B")
        if case .failure(let problem) = Self.several.conditionValue("Iron, zinc", test: "equals") { Issue.record("\(problem)") }
        if case .success(let value) = Self.several.conditionValue("Iron, zinc", test: "equals") { #expect(value == #"["Iron, zinc"]"#) }
    }

    @Test("needsArrayCells: a field whose choice values hold a space or comma writes JSON arrays to CSV")
    func arrayCells() {
        #expect(SelectionValue.needsArrayCells(Self.choices))
        #expect(!SelectionValue.needsArrayCells([FieldChoice(value: "cheese", label: "Extra cheese"), FieldChoice(value: "olives")]))
        #expect(SelectionValue.holdsSeparator("a,b") && SelectionValue.holdsSeparator("a b") && !SelectionValue.holdsSeparator("a-b"))
    }
}
