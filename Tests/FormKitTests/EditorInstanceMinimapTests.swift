@testable import FormKit
import FormScreens
import Foundation
import Testing

/// Ctrl-N in the editor adds an instance through the store; the kept
/// minimap finds that the instance is all that changed and lays out only
/// it (`RetainedFormPicture.update(to:)`), with the rectangles a new layout
/// gives.
@Suite("the editor's minimap after Ctrl-N")
struct EditorInstanceMinimapTests {
    /// Tests/EndToEndTests/Fixtures/forms/tall-repeat.yaml, by path.
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EndToEndTests/Fixtures/forms/tall-repeat.yaml")

    @Test("an instance added with Ctrl-N is laid out alone, and the minimap equals a new layout's")
    func instanceLaidOutAlone() throws {
        let temporary = try TemporaryForm()
        _ = try temporary.form.apply(FormSpec.decode(Array(try Data(contentsOf: Self.file)), file: "tall-repeat.yaml"))
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
