import FormKit
import Testing
import CLISupport

@Suite("check")
struct CheckTests {
    @Test("a fresh form fails: its four shown fields are required and empty")
    func fresh() throws {
        let box = try TemporaryForm()
        let report = try box.form.check()
        #expect(!report.passes && report.exitCode == 1)
        #expect(report.shownFieldCount == 4)
        #expect(report.problems == ["first", "middle", "last", "email"].map {
            CheckReport.Problem(key: $0, page: "main", state: .empty, reason: "is required")
        })
    }

    @Test("field rule --optional: an empty optional field passes check, and stays empty (red)")
    func optionalEmptyFieldPasses() throws {
        let box = try TemporaryForm()
        try box.form.set("first", to: "Ada")
        try box.form.set("middle", to: "Bea")
        try box.form.set("last", to: "Lovelace")
        #expect(try box.form.check().problems.map(\.key) == ["email"])

        let email = try box.form.changeRules(of: "email", RuleChange(requirement: .optional))
        #expect(email.state == .empty && email.state.color == .red && !email.rules.required)
        let report = try box.form.check()
        #expect(report.passes && report.exitCode == 0, "\(report)")
        #expect(report.emptyOptionalKeys == ["email"])

        try box.form.changeRules(of: "email", RuleChange(requirement: .required))
        #expect(try box.form.check().problems == [CheckReport.Problem(key: "email", page: "main", state: .empty, reason: "is required")])
    }

    @Test("short and invalid shown fields fail with their reasons; hidden fields are not checked")
    func reasons() throws {
        let box = try TemporaryForm()
        try box.form.set("first", to: "Jo")
        try box.form.set("middle", to: "Bea")
        try box.form.set("last", to: "Lovelace")
        try box.form.set("email", to: "ada@example.com")
        try box.form.changeRules(of: "last", RuleChange(pattern: "[0-9]+"))
        try box.form.changeRules(of: "twitter", RuleChange(minLength: 5))
        try box.form.set("twitter", to: "abc")
        let report = try box.form.check()
        #expect(report.problems == [
            CheckReport.Problem(key: "first", page: "main", state: .short, reason: "has fewer than 3 characters"),
            CheckReport.Problem(key: "last", page: "main", state: .invalid, reason: "does not match /[0-9]+/"),
        ])
    }

    @Test("a field added later is optional; an empty one passes")
    func addedFieldIsOptional() throws {
        let box = try TemporaryForm()
        for (key, value) in [("first", "Ada"), ("middle", "Bea"), ("last", "Lovelace"), ("email", "a@b.org")] {
            try box.form.set(key, to: value)
        }
        try box.form.addField(key: "phone", label: "Phone", row: 2)
        #expect(try box.form.check().passes)
    }
}
