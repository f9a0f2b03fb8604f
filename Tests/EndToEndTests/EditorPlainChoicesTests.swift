import Foundation
import Testing

/// `formctl edit --plain` on the survey form: choices asked as numbered
/// questions (as huh's Select asks them), yes/no as y/n, bad answers asked
/// again with the reason, and the stored values read with `formctl get`.
@Suite("formctl edit --plain: numbered questions", .tags(.terminal), .slow)
struct EditorPlainChoicesTests {
    /// Answers for the survey's fields in plain mode's order: the first page's
    /// four kept, then colour, toppings and laptop; the input ends at `call`.
    static func run(colour: [String], toppings: [String], laptop: [String]) throws -> (Sandbox, String) {
        let sandbox = try TypedQuestionTests.surveyBox()
        let lines = ["", "", "", ""] + colour + toppings + laptop
        let result = try sandbox.ok(["edit", "--plain"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        return (sandbox, result.stdoutText)
    }

    @Test("numbers pick choices; a number out of range and a non-answer to yes/no are asked again with the reason")
    func numbersAndBadAnswers() throws {
        let (sandbox, output) = try Self.run(colour: ["7", "2"], toppings: ["1,3"], laptop: ["maybe", "y"])
        #expect(output.contains("""
            Favourite colour (colour) [] empty
              1) red  2) green  3) blue
            > colour: "7" is not one of the choices: answer a number from 1 to 3, or a choice's value
            > colour: valid (green)
            """), "\(output)")
        #expect(output.contains("  1) Extra cheese  2) Olives  3) Basil  (one or more numbers, separated by spaces or commas)\n> toppings: valid"))
        #expect(output.contains("""
              y) Yes  n) No
            > laptop: "maybe" is not an answer: type y or n
            > laptop: valid (green)
            """))
        #expect(try sandbox.ok(["get", "colour"]).stdoutText == "green\n")
        #expect(try sandbox.ok(["get", "toppings"]).stdoutText == #"["cheese","basil"]"# + "\n")
        #expect(try sandbox.ok(["get", "laptop"]).stdoutText == "true\n")
    }

    @Test("values and labels are answers too, several separated by spaces; past max_selected is stored and invalid, as set stores it; an unknown value is refused whole")
    func valuesAndLimits() throws {
        let (sandbox, output) = try Self.run(colour: ["Blue"], toppings: ["cheese basil 9", "cheese olives basil"], laptop: ["n"])
        #expect(output.contains(#"> toppings: "9" is not one of the choices: answer a number from 1 to 3, or a choice's value"#), "\(output)")
        #expect(output.contains("toppings: invalid (orange): has 3 selected, allows at most 2"), "\(output)")
        #expect(try sandbox.ok(["get", "colour"]).stdoutText == "blue\n")
        #expect(try sandbox.ok(["get", "toppings"]).stdoutText == #"["cheese","olives","basil"]"# + "\n")
        #expect(try sandbox.ok(["get", "laptop"]).stdoutText == "false\n")
    }
}
