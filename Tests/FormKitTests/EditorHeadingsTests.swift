import FormKit
import FormScreens
import Foundation
import Testing

/// The editor's screen draws a group's, repeat's and instance's title above
/// its first shown row, as the page does (`EditorScreen.rowsShown(of:)`'s
/// headings), and a title with nothing shown under it nowhere.
@Suite struct EditorHeadingsTests {
    static let form = """
        title: Family
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: consent, label: Consent, type: boolean}
              - group: contact
                title: How to reach you
                show_if: {field: consent, equals: true}
                rows:
                  - width: 540
                    fields:
                      - {key: phone, label: Phone}
              - repeat: children
                title: Children
                item_title: "Child {name}"
                min_count: 2
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name}
                  - width: 540
                    fields:
                      - {key: age, label: Age, type: integer}
              - repeat: pets
                title: Pets
                field: {key: pet, label: Pet}
              - width: 540
                fields:
                  - {key: notes, label: Notes}

        """

    static func rows(_ form: StoredForm) throws -> [(keys: [String], headings: [String])] {
        EditorScreen.rowsShown(of: try form.editableForm()).map { ($0.fields.map(\.key), $0.headings) }
    }

    @Test("the repeat's and each instance's title above the instance's first row; a hidden group's and an empty repeat's nowhere")
    func headings() throws {
        let temporary = try TemporaryForm()
        let form = temporary.form
        _ = try form.apply(FormSpec.decode(Array(Self.form.utf8), file: "family.yaml"))
        _ = try form.set("children.2.name", to: "Bo")
        let rows = try Self.rows(form)
        #expect(rows.map(\.keys) == [["consent"], ["children.1.name"], ["children.1.age"], ["children.2.name"], ["children.2.age"], ["notes"]])
        #expect(rows.map(\.headings) == [[], ["Children", "Child "], [], ["Child Bo"], [], []], "\(rows)")
        // The group shown: its title above its row.
        _ = try form.set("consent", to: "true")
        let shown = try Self.rows(form)
        #expect(shown.count == 7, "\(shown)")
        #expect(shown.count > 1 && shown[1].keys == ["contact.phone"] && shown[1].headings == ["How to reach you"], "\(shown)")
        // Each row of the screen takes its headings' lines too.
        let form2 = try form.editableForm()
        let measured = EditorScreen.rowsShown(of: form2)
        #expect(measured[2].lineCount == measured[3].lineCount + 2)
    }

    @Test("typing into a field an instance's title shows redraws the title at each keystroke")
    func typedTitle() throws {
        let temporary = try TemporaryForm()
        let form = temporary.form
        _ = try form.apply(FormSpec.decode(Array(Self.form.utf8), file: "family.yaml"))
        let session = try EditSession(file: form)
        // consent → children.1.name (the contact group is hidden).
        _ = session.perform(.nextField)
        #expect(session.focusedKey == "children.1.name")
        for character in "Ada" { _ = session.perform(.insert(String(character))) }
        #expect(session.shownRows.first { $0.fields.first?.key == "children.1.name" }?.headings == ["Children", "Child Ada"])
    }
}
