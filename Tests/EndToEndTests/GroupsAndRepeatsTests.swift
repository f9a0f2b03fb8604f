import Foundation
import Testing

/// Groups, repeats and lists (DECISIONS, "Groups and repeats") through the
/// real binary: the form file in and out, paths in `set` and `get`,
/// `repeat add|remove|list` and their refusals, `check`'s reasons, the
/// `form_values` view, nested JSON values in and out.
@Suite("groups and repeats")
struct GroupsAndRepeatsTests {
    static let form = """
        title: "Family of {contact.phone}"
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: address, label: Address, required: true}
                  - {key: consent, label: Consent, type: boolean}
              - group: contact
                title: How to reach you
                show_if: {field: consent, equals: true}
                rows:
                  - width: 540
                    fields:
                      - {key: phone, label: Phone}
                      - {key: email, label: Email, email: true}
              - repeat: children
                title: Children
                item_title: "Child {index}"
                add_label: Add a child
                min_count: 1
                max_count: 3
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name, required: true}
                      - {key: age, label: Age, type: integer, min: 0, max: 25}
                      - {key: school, label: School, show_if: {field: age, at_least: 5}}
              - repeat: nicknames
                title: Nicknames
                field: {key: nickname, label: Nickname, max_length: 30}

        """

    static func box() throws -> Sandbox { try Sandbox.applying(form) }

    @Test("export writes the file back as it was read, and a second apply changes nothing")
    func roundTrip() throws {
        let box = try Self.box()
        let yaml = try box.ok(["export"]).stdoutText
        #expect(yaml == Self.form.replacingOccurrences(of: "pages:\n", with: "tab_bar: {height: 49, hidden: false}\npages:\n"), "\(yaml)")
        let file = box.path("again.yaml")
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try box.ok(["apply", file]).stdoutText.contains("nothing to change"))
        let json = try box.ok(["export", "--format", "json"]).stdoutText
        let jsonFile = box.path("again.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: jsonFile))
        let copy = box.path("copy.db")
        try box.ok(["apply", jsonFile], db: copy)
        #expect(try box.ok(["export"], db: copy).stdoutText == yaml)
    }

    @Test("a new form holds min_count instances; fields are named by path; the view gives every value")
    func pathsAndView() throws {
        let box = try Self.box()
        #expect(try box.rows("SELECT path FROM form_values").map { $0[0] ?? "" }
                == ["address", "consent", "contact.phone", "contact.email", "children.1.name", "children.1.age", "children.1.school"])
        #expect(try box.ok(["set", "children.1.name", "Ada"]).stdoutText == "children.1.name: valid (green), 3 characters\n")
        #expect(try box.ok(["get", "children.1.name"]).stdoutText == "Ada\n")
        #expect(try box.rows("SELECT path, value, state, color FROM form_values WHERE path = 'children.1.name'") == [["children.1.name", "Ada", "valid", "green"]])
        #expect(try box.value("SELECT kind || ':' || parent FROM form_group WHERE path = 'children.1'") == "instance:children")
        let missing = try box.formctl(["get", "children.2.name"])
        #expect(missing.status == 1, "\(missing)")
    }

    @Test("repeat add and remove: paths printed, later instances move up with their values, refusals exit 64 with nothing written")
    func addAndRemove() throws {
        let box = try Self.box()
        #expect(try box.ok(["repeat", "add", "children"]).stdoutText == "children.2\n")
        #expect(try box.ok(["repeat", "add", "children"]).stdoutText == "children.3\n")
        try box.ok(["set", "children.2.name", "Bob"])
        try box.ok(["set", "children.3.name", "Cy"])
        try box.ok(["set", "children.3.age", "7"])
        let before = try box.rows("SELECT path, value FROM form_values")
        for (arguments, message) in [
            (["repeat", "add", "children"], "children: the repeat holds at most 3 instances, and has 3"),
            (["repeat", "remove", "children.4"], "children.4: repeat children has instances 1 to 3"),
            (["repeat", "add", "kids"], "kids: not a repeat (its repeats are children, nicknames)"),
            (["repeat", "remove", "children"], "children: not an instance of a repeat"),
            (["repeat", "add", "contact"], "contact: not a repeat"),
        ] {
            let refused = try box.formctl(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused)")
            #expect(refused.stderrText.contains(message), "\(arguments): \(refused.stderrText)")
        }
        #expect(try box.rows("SELECT path, value FROM form_values") == before)
        try box.ok(["repeat", "remove", "children.2"])
        #expect(try box.rows("SELECT path, value FROM form_values WHERE path LIKE 'children.%' AND value <> ''") == [["children.2.name", "Cy"], ["children.2.age", "7"]])
        let list = try box.ok(["repeat", "list", "children", "--json"]).stdoutText
        #expect(list.contains(#""path":"children.2""#) && list.contains(#""title":"Child 2""#), "\(list)")
        try box.ok(["repeat", "remove", "children.1"])
        let below = try box.formctl(["repeat", "remove", "children.1"])
        #expect(below.status == 64 && below.stderrText.contains("holds at least 1 instance"), "\(below)")
        #expect(try box.value("SELECT count(*) FROM form_group WHERE kind = 'instance' AND parent = 'children'") == "1")
    }

    @Test("row and field commands leave groups' and instances' rows to the form file (64, nothing written); row add and remove keep where groups start")
    func rowCommandsAndGroups() throws {
        let box = try Self.box()
        // Rows: 1 top-level, 2 contact, 3 children.1, 4 nicknames has none.
        #expect(try box.rows("SELECT number, group_path FROM form_row ORDER BY number") == [["1", nil], ["2", "contact"], ["3", "children.1"]])
        let before = try box.rows("SELECT key, \"row\", position FROM field ORDER BY position")
        for arguments in [["row", "remove", "3"], ["row", "remove", "2"], ["field", "add", "x", "X", "--row", "3"],
                          ["field", "add", "x", "X", "--row", "2"], ["field", "move", "address", "--row", "2"],
                          ["field", "move", "contact.phone", "--row", "1"]] {
            let refused = try box.formctl(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused)")
            #expect(refused.stderrText.contains("whose rows and fields the form file declares"), "\(arguments): \(refused.stderrText)")
        }
        #expect(try box.rows("SELECT key, \"row\", position FROM field ORDER BY position") == before)
        // A new field without --row goes in a top-level row, never an instance's.
        try box.ok(["field", "add", "note", "Note"])
        #expect(try box.value("SELECT \"row\" FROM field WHERE key = 'note'") == "1")
        // A row added above the groups and removed again: they start where their rows are.
        let groups = { try box.rows("SELECT path, first_row FROM form_group WHERE kind <> 'instance' OR path = 'children.1' ORDER BY path") }
        let start = try groups()
        try box.ok(["page", "add", "more", "More"])
        try box.ok(["row", "add", "--page", "main"])
        #expect(try box.rows("SELECT number, group_path FROM form_row ORDER BY number").count == 4)
        try box.ok(["row", "remove", "4"])
        #expect(try groups() == start)
        // The form reads as before: check names the instance's field by its page.
        let check = try box.formctl(["check"])
        #expect(check.status == 1 && check.stdoutText.contains("children.1.name (page main): empty: is required"), "\(check)")
        #expect(try box.ok(["export"]).stdoutText.contains("key: note"))
    }

    @Test("conditions are looked up from their group outwards; a hidden group hides its fields; check names the repeat")
    func conditionsAndCheck() throws {
        let box = try Self.box()
        #expect(try box.value("SELECT show_if FROM field WHERE key = 'children.1.school'") == #"{"field":"children.1.age","at_least":"5"}"#)
        let shown = { (key: String) throws -> String in
            let json = try box.ok(["get", key, "--json"]).stdoutText
            return json.contains(#""shown":true"#) ? "yes" : "no"
        }
        #expect(try shown("contact.phone") == "no")
        try box.ok(["set", "consent", "true"])
        #expect(try shown("contact.phone") == "yes")
        #expect(try shown("children.1.school") == "no")
        try box.ok(["set", "children.1.age", "6"])
        #expect(try shown("children.1.school") == "yes")
        try box.ok(["set", "address", "1 Main St"])
        try box.ok(["set", "children.1.name", "Ada"])
        #expect(try box.formctl(["check"]).status == 0)
        try SQLiteShell.exec(box.db, "UPDATE form_group SET min_count = 2 WHERE path = 'children'")
        let check = try box.formctl(["check"])
        #expect(check.status == 1)
        #expect(check.stdoutText.contains("children: invalid: has 1 instance; it needs at least 2"), "\(check)")
    }

    @Test("values nest: a group is an object, a repeat an array of objects, a list an array; a file of nested values makes its instances")
    func nestedValues() throws {
        let box = try Self.box()
        try box.ok(["set", "children.1.name", "Ada"])
        #expect(try box.ok(["values", "--format", "json"]).stdoutText
                == #"{"address":"","consent":null,"contact":{"phone":"","email":""},"children":[{"name":"Ada","age":null,"school":""}],"nicknames":[]}"# + "\n")
        let file = box.path("values.json")
        try Data(#"{"address": "1 Main St", "children": [{"name": "Ada", "age": 6}, {"name": "Bob", "age": 3}], "nicknames": ["Al", "Bo"]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        try box.ok(["values", "--load", file])
        #expect(try box.rows("SELECT path, value FROM form_values WHERE value <> ''")
                == [["address", "1 Main St"], ["children.1.name", "Ada"], ["children.1.age", "6"], ["children.2.name", "Bob"], ["children.2.age", "3"],
                    ["nicknames.1", "Al"], ["nicknames.2", "Bo"]])
        #expect(try box.ok(["values", "--format", "json"]).stdoutText
                == #"{"address":"1 Main St","consent":null,"contact":{"phone":"","email":""},"children":[{"name":"Ada","age":6,"school":""},{"name":"Bob","age":3,"school":""}],"nicknames":["Al","Bo"]}"# + "\n")
        let tooMany = box.path("many.json")
        try Data(#"{"children": [{}, {}, {}, {}]}"#.utf8).write(to: URL(fileURLWithPath: tooMany))
        let refused = try box.formctl(["values", "--load", tooMany])
        #expect(refused.status == 64 && refused.stderrText.contains("at most 3"), "\(refused)")
        let unknown = box.path("unknown.json")
        try Data(#"{"children": [{"nmae": "x"}]}"#.utf8).write(to: URL(fileURLWithPath: unknown))
        #expect(try box.formctl(["values", "--load", unknown]).status == 64)
        #expect(try box.value("SELECT count(*) FROM form_group WHERE kind = 'instance' AND parent = 'children'") == "2")
    }

    @Test("the file's refusals: keys unique among siblings, a condition outside a repeat cannot read inside it, depth at most 8")
    func fileRefusals() throws {
        let box = try Sandbox.applying(Self.form)
        func refusal(_ text: String) throws -> String {
            let file = box.path("bad.yaml")
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let result = try box.formctl(["apply", file], db: box.path("bad.db"))
            #expect(result.status == 65, "\(result)")
            return result.stderrText
        }
        #expect(try refusal("""
            pages:
              - key: main
                rows:
                  - group: a
                    rows:
                      - width: 100
                        fields: [{key: x}, {key: x}]
            """).contains("duplicate field key `x`"))
        #expect(try refusal("""
            pages:
              - key: main
                rows:
                  - width: 100
                    fields: [{key: x, show_if: {field: kids.name, filled: true}}]
                  - repeat: kids
                    rows:
                      - width: 100
                        fields: [{key: name}]
            """).contains("a condition outside a repeat cannot read"))
        var deep = "pages:\n  - key: main\n    rows:\n"
        var indent = "      "
        for level in 1...9 {
            deep += "\(indent)- group: g\(level)\n\(indent)  rows:\n"
            indent += "    "
        }
        deep += "\(indent)- width: 100\n\(indent)  fields: [{key: x}]\n"
        #expect(try refusal(deep).contains("nest at most 8 deep"))
        // Same keys in two groups are two fields.
        let twice = box.path("twice.yaml")
        try Data("""
            pages:
              - key: main
                rows:
                  - group: billing
                    rows: [{width: 100, fields: [{key: street}]}]
                  - group: shipping
                    rows: [{width: 100, fields: [{key: street}]}]
            """.utf8).write(to: URL(fileURLWithPath: twice))
        try box.ok(["apply", twice], db: box.path("twice.db"))
        #expect(try box.rows("SELECT path FROM form_values", db: box.path("twice.db")) == [["billing.street"], ["shipping.street"]])
    }
}

extension GroupsAndRepeatsTests {
    @Test("submit --from a nested file stores the instances it lists in the response alone; an object for a field is refused (65)")
    func nestedSubmit() throws {
        let box = try Self.box()
        let file = box.path("response.json")
        try Data(#"{"address": "x", "children": [{"name": "A", "age": 3}, {"name": "B"}, {"name": "C"}], "nicknames": ["z"]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        #expect(try box.ok(["submit", "--from", file]).stdoutText == "1\n")
        #expect(try box.rows("SELECT path, value FROM response_values WHERE response = 1 AND value <> ''")
                == [["address", "x"], ["children.1.name", "A"], ["children.1.age", "3"], ["children.2.name", "B"], ["children.3.name", "C"], ["nicknames.1", "z"]])
        #expect(try box.value("SELECT count(*) FROM form_group WHERE kind = 'instance' AND parent = 'children'") == "1", "the form's own instances stay")
        let json = try box.ok(["responses", "--format", "json"]).stdoutText
        #expect(json.contains(#""children":[{"name":"A","age":3,"school":null},{"name":"B","age":null,"school":null},{"name":"C","age":null,"school":null}],"nicknames":["z"]"#), "\(json)")
        let object = box.path("object.json")
        try Data(#"{"address": {}}"#.utf8).write(to: URL(fileURLWithPath: object))
        let refused = try box.formctl(["values", "--load", object])
        #expect(refused.status == 65 && refused.stderrText.contains("the value of \"address\" is an object"), "\(refused)")
    }
}
