@testable import FormKit
import FormModel
import Testing

/// A field hidden with `formctl field hide` stays hidden when `repeat add`
/// or `repeat remove` expands the form again: the expansion keeps each
/// field's shown flag as it keeps its value, and a removed instance's
/// followers take theirs along when they move up a number. (They were
/// shown again: the flag came from the repeat's body.)
@Suite("repeat add and remove keep the fields hidden by hand")
struct InstanceVisibilityTests {
    /// A repeat of two fields, one hidden in the body, and a second page:
    /// `repeat add` then rewrites the whole structure (the quick path is
    /// for forms of one page).
    static let file = """
        title: Kids
        pages:
          - key: main
            rows:
              - repeat: children
                title: Children
                min_count: 3
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name}
                      - {key: age, label: Age}
                      - {key: secret, label: Secret, hidden: true}
          - key: more
            title: More
            rows:
              - width: 540
                fields:
                  - {key: note, label: Note}

        """

    static func shown(_ form: StoredForm) throws -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: try form.fields().map { ($0.key, $0.isVisible) })
    }

    @Test("an instance added: the others keep what was hidden, the new one is as declared")
    func added() throws {
        let temporary = try TemporaryForm()
        _ = try temporary.form.apply(FormSpec.decode(Array(Self.file.utf8), file: "form.yaml"))
        _ = try temporary.form.hideField("children.2.age")
        _ = try temporary.form.set("children.2.age", to: "7")
        #expect(try temporary.form.addInstance(to: "children") == "children.4")
        let shown = try Self.shown(temporary.form)
        #expect(shown["children.2.age"] == false)
        #expect(shown["children.1.age"] == true && shown["children.3.age"] == true && shown["children.4.age"] == true)
        #expect(shown["children.4.secret"] == false, "the body's hidden field is hidden in the new instance")
        #expect(try temporary.form.field("children.2.age").value == "7")
    }

    @Test("an instance removed: the later ones move up with their hidden fields")
    func removed() throws {
        let temporary = try TemporaryForm()
        _ = try temporary.form.apply(FormSpec.decode(Array(Self.file.utf8), file: "form.yaml"))
        _ = try temporary.form.addInstance(to: "children")
        _ = try temporary.form.hideField("children.3.name")
        _ = try temporary.form.showField("children.3.secret")
        try temporary.form.removeInstance("children.1")
        let shown = try Self.shown(temporary.form)
        #expect(shown["children.2.name"] == false, "children.3 became children.2, its name hidden")
        #expect(shown["children.2.secret"] == true, "and its secret shown")
        #expect(shown["children.1.name"] == true && shown["children.1.secret"] == false)
        #expect(shown["children.3.name"] == true && shown["children.3.secret"] == false)
        #expect(shown["children.4.name"] == nil)
    }
}
