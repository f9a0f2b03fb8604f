import Testing
@testable import FormKit

@Suite("show_if through FormKit: check, the editor, the minimap")
struct FormKitConditionTests {
    @Test("a field whose condition fails is left out of check, the editor's fields and the minimap, and keeps its value")
    func conditionFollowsValues() throws {
        let box = try TemporaryForm()
        for (key, value) in [("first", "Ada"), ("middle", "Bea"), ("last", "Lovelace"), ("email", "ada@example.com")] {
            try box.form.set(key, to: value)
        }
        try box.form.showField("twitter")
        try box.form.changeRules(of: "twitter", RuleChange(requirement: .required, message: "Your handle, please"))
        try box.form.setCondition(of: "twitter", .equals(field: "first", value: "Grace"))
        #expect(try box.form.check().passes)
        #expect(try box.form.check().shownFieldCount == 4)
        #expect(!EditSession.editableFields(of: try box.form.definition()).map(\.key).contains("twitter"))
        #expect(try !box.form.minimap(format: .json).contains("\"twitter\""))
        #expect(try box.form.shownField("twitter").isShown == false)

        try box.form.set("first", to: "Grace")
        #expect(try box.form.check().problems == [CheckReport.Problem(key: "twitter", page: "main", state: .empty, reason: "Your handle, please")])
        #expect(EditSession.editableFields(of: try box.form.definition()).map(\.key).contains("twitter"))
        #expect(try box.form.minimap(format: .json).contains("\"twitter\""))
        #expect(try box.form.shownField("twitter").isShown)

        try box.form.set("twitter", to: "@grace")
        try box.form.set("first", to: "Ada")
        #expect(try box.form.field("twitter").value == "@grace")
        #expect(try box.form.check().passes)
        #expect(try box.form.fieldListings().first { $0.field.key == "twitter" }?.isShown == false)
    }

    @Test("errors: an unknown field is unknownName, a cycle invalidValue")
    func errors() throws {
        let box = try TemporaryForm()
        #expect(error { () throws(FormKitError) in _ = try box.form.setCondition(of: "twitter", .filled(field: "nope")) }?.code == .unknownName)
        try box.form.setCondition(of: "twitter", .filled(field: "email"))
        #expect(error { () throws(FormKitError) in _ = try box.form.setCondition(of: "email", .filled(field: "twitter")) }?.code == .invalidValue)
    }
}
