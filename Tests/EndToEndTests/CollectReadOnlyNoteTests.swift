import Foundation
import Testing

/// A read-only field and a note in `formctl serve --collect` (issue 46): a
/// respondent cannot change the one (409, no `--force` for them) nor give
/// the other a value, a form holding a note takes drafts and submissions,
/// and the response holds the read-only field's default and no note.
@Suite("formctl serve --collect: read-only fields and notes", .serialized)
struct CollectReadOnlyNoteTests {
    @Test("a respondent's write to a read-only field is 409 and to a note 422, nothing written; their submit stores the default and no note")
    func readOnlyAndNote() throws {
        let sandbox = try Sandbox.applying("""
            title: Visit
            pages:
              - key: main
                rows:
                  - width: 540
                    fields:
                      - {key: privacy, label: Your answers stay with us, type: note}
                      - {key: clinic, label: Clinic, read_only: true, default: North}
                      - {key: name, label: Name, required: true}
            """)
        let server = try CollectServer(sandbox)
        let eve = RespondentBrowser(port: server.port)
        let page = try eve.request("GET", "/").body
        #expect(page.contains("Your answers stay with us"))
        #expect(try eve.answer("name", "Eve").status == 200, "a form with a note takes a draft")
        let readOnly = try eve.answer("clinic", "South")
        #expect(readOnly.status == 409 && readOnly.body.contains("clinic"), "\(readOnly)")
        let note = try eve.answer("privacy", "text")
        #expect(note.status == 422, "\(note)")
        #expect(try eve.value("clinic") == "North")
        #expect(try eve.request("POST", "/api/respond/submit").status == 201)
        #expect(try sandbox.value("SELECT group_concat(key || '=' || value, ',') FROM (SELECT key, value FROM answer ORDER BY position)") == "clinic=North,name=Eve")
        _ = server.stop()
    }
}
