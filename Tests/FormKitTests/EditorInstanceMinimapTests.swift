@testable import FormKit
import FormScreens
import Foundation
import Testing

/// Ctrl-N in the editor adds an instance through the store; the kept
/// minimap finds that the instance is all that changed and lays out only
/// it (`RetainedFormPicture.update(to:)`), with the rectangles a new layout
/// gives. The form is taller than the window: in a shorter one, the page
/// is centred again and every rectangle moves, so it is laid out whole.
@Suite("the editor's minimap after Ctrl-N")
struct EditorInstanceMinimapTests {
    static let form = """
        title: Family {family}
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: family, label: Family}
              - repeat: children
                title: Children
                item_title: "Child {name}"
                min_count: 12
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name}
                      - {key: age, label: Age, type: integer}
              - width: 540
                fields:
                  - {key: notes, label: Notes}

        """

    @Test("an instance added with Ctrl-N is laid out alone, and the minimap equals a new layout's")
    func instanceLaidOutAlone() throws {
        let temporary = try TemporaryForm()
        _ = try temporary.form.apply(FormSpec.decode(Array(Self.form.utf8), file: "family.yaml"))
        let start = ContinuousClock.now
        let session = try EditSession(file: temporary.form, now: start)
        session.perform(.nextField, now: start)
        session.perform(.insert("Ada"), now: start + .milliseconds(10))
        #expect(session.minimapRects == FormPicture.minimapRects(of: session.editedForm))
        guard let picture = session.minimap?.picture else {
            Issue.record("no kept minimap")
            return
        }
        let (resized, relaidOut) = (picture.resizedCount, picture.counts.relaidOut)
        session.perform(.addInstance, now: start + .milliseconds(20))
        #expect(session.editedForm.group("children.13") != nil)
        #expect(session.minimapRects == FormPicture.minimapRects(of: session.editedForm))
        #expect(session.minimap?.picture === picture)
        #expect(picture.resizedCount == resized + 1, "laid out alone")
        #expect(picture.counts.relaidOut == relaidOut, "not laid out again")
        // Typing in the new instance afterwards.
        session.perform(.insert("Bo"), now: start + .milliseconds(30))
        #expect(session.minimapRects == FormPicture.minimapRects(of: session.editedForm))
    }
}
