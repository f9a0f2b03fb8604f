import Foundation
import Testing

/// `responses --format csv` of a form with groups, repeats and a list,
/// through the real binary (DECISIONS, "Groups and repeats", Exports): the
/// responses' table (columns by path outside repeats, an instance count
/// per top-level repeat), `--repeat PATH` tables as ODK Central exports a
/// repeat (a nested repeat by its declared path, a list), `--split`,
/// hidden answers and filters there too, answers of an older version of
/// the form, and the refusals. The CSV is read with Python's `csv` module.
@Suite("responses CSV with repeats")
struct ResponsesRepeatCSVTests {
    static let form = """
        title: Households
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: address, label: Address}
                  - {key: consent, label: Consent, type: boolean}
              - group: contact
                title: Contact
                rows:
                  - width: 540
                    fields:
                      - {key: phone, label: Phone}
                      - {key: email, label: Email}
              - repeat: households
                title: Households
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name}
                      - {key: food, label: Food, type: select_multiple, choices: [rice, beans]}
                  - group: home
                    rows:
                      - width: 540
                        fields:
                          - {key: street, label: Street}
                  - repeat: members
                    title: Members
                    rows:
                      - width: 540
                        fields:
                          - {key: name, label: Name}
                          - {key: age, label: Age, type: integer}
                          - {key: school, label: School, show_if: {field: age, at_least: 5}}
                          - {key: vitamins, label: Vitamins, type: select_multiple, choices: [Vitamin A, Vitamin C]}
              - repeat: nicknames
                title: Nicknames
                field: {key: nickname, label: Nickname}

        """

    /// Four responses with 2, 0, 1 and 1 households (the last a draft),
    /// 2, 0, 1 and 0 nicknames; Bob's school is kept but not shown (he is 3).
    static let responses = [
        """
        {"address": "1 Main St", "consent": true, "contact": {"phone": "555, ext. 2"},
         "households": [
           {"name": "Smith", "food": ["rice", "beans"], "home": {"street": "Elm"},
            "members": [{"name": "Ann", "age": 40, "school": "MIT", "vitamins": ["Vitamin A"]},
                        {"name": "Bob", "age": 3, "school": "kinder"}]},
           {"name": "Jones", "members": []}],
         "nicknames": ["Al", "Bo"]}
        """,
        #"{"address": "2 Side St", "households": [], "nicknames": []}"#,
        #"{"households": [{"name": "Lee", "members": [{"name": "Cy", "age": 7}]}], "nicknames": ["x"]}"#,
    ]
    static let draft = #"{"households": [{"name": "Draft \"quoted\""}]}"#

    /// A sandbox with the form applied (no household in the form itself:
    /// the responses make their own instances) and the four responses.
    static func box() throws -> Sandbox {
        let box = try Sandbox.applying(form)
        for (index, response) in responses.enumerated() {
            let file = box.path("response\(index + 1).json")
            try Data(response.utf8).write(to: URL(fileURLWithPath: file))
            #expect(try box.ok(["submit", "--from", file]).stdoutText == "\(index + 1)\n")
        }
        let file = box.path("draft.json")
        try Data(draft.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try box.ok(["submit", "--draft", "--from", file]).stdoutText == "4\n")
        return box
    }

    /// `responses ARGUMENTS` as rows of cells, read by Python's `csv`;
    /// a `submitted_at` cell (UTC with milliseconds) becomes `<time>`.
    static func csv(_ box: Sandbox, _ arguments: [String]) throws -> [[String]] {
        let result = try box.ok(["responses"] + arguments)
        #expect(result.stdoutText.hasSuffix("\r\n"), "CSV lines end in CRLF: \(result.stdoutText)")
        #expect(result.stderrText.isEmpty, "\(result)")
        return try pythonCSV(result.stdout).map { row in
            row.map { $0.count == 24 && $0.hasSuffix("Z") && $0.hasPrefix("20") ? "<time>" : $0 }
        }
    }

    @Test("the responses' table: fields outside repeats by path, a count per top-level repeat, none of the repeats' fields")
    func responsesTable() throws {
        let box = try Self.box()
        #expect(try Self.csv(box, ["--format", "csv"]) == [
            ["id", "submitted_at", "status", "address", "consent", "contact.phone", "contact.email", "households", "nicknames"],
            ["1", "<time>", "complete", "1 Main St", "true", "555, ext. 2", "", "2", "2"],
            ["2", "<time>", "complete", "2 Side St", "", "", "", "0", "0"],
            ["3", "<time>", "complete", "", "", "", "", "1", "1"],
            ["4", "<time>", "draft", "", "", "", "", "1", "0"],
        ])
        #expect(try Self.csv(box, ["--format", "csv", "--status", "draft"]) == [
            ["id", "submitted_at", "status", "address", "consent", "contact.phone", "contact.email", "households", "nicknames"],
            ["4", "<time>", "draft", "", "", "", "", "1", "0"],
        ])
    }

    @Test("--repeat households: one row per instance, its fields by path in the instance, a count of the repeat inside it")
    func topLevelRepeat() throws {
        let box = try Self.box()
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "households"]) == [
            ["response", "path", "name", "food", "home.street", "members"],
            ["1", "households.1", "Smith", "rice beans", "Elm", "2"],
            ["1", "households.2", "Jones", "", "", "0"],
            ["3", "households.1", "Lee", "", "", "1"],
            ["4", "households.1", #"Draft "quoted""#, "", "", "0"],
        ])
        // The filters choose responses as in the plain export.
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "households", "--status", "complete", "--limit", "1"]) == [
            ["response", "path", "name", "food", "home.street", "members"],
            ["3", "households.1", "Lee", "", "", "1"],
        ])
        let raw = try box.ok(["responses", "--format", "csv", "--repeat", "households", "--status", "draft"]).stdoutText
        #expect(raw == "response,path,name,food,home.street,members\r\n4,households.1,\"Draft \"\"quoted\"\"\",,,0\r\n", "\(raw)")
    }

    @Test("--repeat households.members: a nested repeat by its declared path, each instance's path with both numbers; hidden answers empty unless --include-hidden; a value with a space is a JSON array")
    func nestedRepeat() throws {
        let box = try Self.box()
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "households.members"]) == [
            ["response", "path", "name", "age", "school", "vitamins"],
            ["1", "households.1.members.1", "Ann", "40", "MIT", #"["Vitamin A"]"#],
            ["1", "households.1.members.2", "Bob", "3", "", ""],
            ["3", "households.1.members.1", "Cy", "7", "", ""],
        ])
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "households.members", "--include-hidden"])[2]
                == ["1", "households.1.members.2", "Bob", "3", "kinder", ""])
    }

    @Test("--split applies in a repeat's table: a select_multiple as one 0/1 column per choice")
    func split() throws {
        let box = try Self.box()
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "households.members", "--split"]) == [
            ["response", "path", "name", "age", "school", "vitamins/Vitamin A", "vitamins/Vitamin C"],
            ["1", "households.1.members.1", "Ann", "40", "MIT", "1", "0"],
            ["1", "households.1.members.2", "Bob", "3", "", "0", "0"],
            ["3", "households.1.members.1", "Cy", "7", "", "0", "0"],
        ])
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "households", "--split", "--status", "complete"]) == [
            ["response", "path", "name", "food/rice", "food/beans", "home.street", "members"],
            ["1", "households.1", "Smith", "1", "1", "Elm", "2"],
            ["1", "households.2", "Jones", "0", "0", "", "0"],
            ["3", "households.1", "Lee", "0", "0", "", "1"],
        ])
    }

    @Test("--repeat nicknames: a list has one value column, named by the list's key")
    func list() throws {
        let box = try Self.box()
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "nicknames"]) == [
            ["response", "path", "nicknames"],
            ["1", "nicknames.1", "Al"],
            ["1", "nicknames.2", "Bo"],
            ["3", "nicknames.1", "x"],
        ])
    }

    @Test("refusals exit 64 and write nothing: a path that is no repeat, --repeat with another format")
    func refusals() throws {
        let box = try Self.box()
        let repeats = "its repeats are households, households.members, nicknames"
        for (arguments, message) in [
            (["--format", "csv", "--repeat", "kids"], "kids: not a repeat of the form; \(repeats)"),
            (["--format", "csv", "--repeat", "households.1.members"], "households.1.members: not a repeat of the form; \(repeats)"),
            (["--format", "csv", "--repeat", "contact"], "contact: not a repeat of the form; \(repeats)"),
            (["--format", "csv", "--repeat", "contact.phone"], "contact.phone: not a repeat of the form; \(repeats)"),
            (["--format", "json", "--repeat", "households"], "--repeat is for --format csv"),
            (["--format", "jsonl", "--repeat", "households"], "--repeat is for --format csv"),
            (["--repeat", "households"], "--repeat is for --format csv"),
        ] {
            let refused = try box.formctl(["responses"] + arguments)
            #expect(refused.status == 64, "\(arguments): \(refused)")
            #expect(refused.stdout.isEmpty, "\(arguments): nothing written: \(refused)")
            #expect(refused.stderrText.contains(message), "\(arguments): \(refused.stderrText)")
        }
        let flat = try Sandbox()
        try flat.createDatabase()
        let none = try flat.formctl(["responses", "--format", "csv", "--repeat", "children"])
        #expect(none.status == 64 && none.stdout.isEmpty, "\(none)")
        #expect(none.stderrText.contains("children: not a repeat; the form has no repeats"), "\(none.stderrText)")
    }

    @Test("answers of an older version of the form: a field since removed from a repeat, and a repeat since renamed, get columns after the declared ones")
    func olderVersion() throws {
        let box = try Self.box()
        let changed = Self.form.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("{key: school,") }.joined(separator: "\n")
            .replacingOccurrences(of: "repeat: nicknames", with: "repeat: aliases")
        #expect(changed.count < Self.form.count)
        let file = box.path("changed.yaml")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["apply", file])
        #expect(try Self.csv(box, ["--format", "csv", "--status", "complete"]) == [
            ["id", "submitted_at", "status", "address", "consent", "contact.phone", "contact.email", "households", "aliases", "nicknames.1", "nicknames.2"],
            ["1", "<time>", "complete", "1 Main St", "true", "555, ext. 2", "", "2", "0", "Al", "Bo"],
            ["2", "<time>", "complete", "2 Side St", "", "", "", "0", "0", "", ""],
            ["3", "<time>", "complete", "", "", "", "", "1", "0", "x", ""],
        ])
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "households.members", "--include-hidden"]) == [
            ["response", "path", "name", "age", "vitamins", "school"],
            ["1", "households.1.members.1", "Ann", "40", #"["Vitamin A"]"#, "MIT"],
            ["1", "households.1.members.2", "Bob", "3", "", "kinder"],
            ["3", "households.1.members.1", "Cy", "7", "", ""],
        ])
        #expect(try Self.csv(box, ["--format", "csv", "--repeat", "aliases"]) == [["response", "path", "aliases"]])
    }

    @Test("a form without repeats exports as before: one column per key, groups' fields by path")
    func formWithoutRepeats() throws {
        let box = try Sandbox.applying("""
            title: Contact
            pages:
              - key: main
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name}
                  - group: contact
                    rows:
                      - width: 540
                        fields:
                          - {key: phone, label: Phone}

            """)
        let file = box.path("response.json")
        try Data(#"{"name": "Ada", "contact": {"phone": "555"}}"#.utf8).write(to: URL(fileURLWithPath: file))
        try box.ok(["submit", "--from", file])
        #expect(try Self.csv(box, ["--format", "csv"]) == [
            ["id", "submitted_at", "status", "name", "contact.phone"],
            ["1", "<time>", "complete", "Ada", "555"],
        ])
    }
}
