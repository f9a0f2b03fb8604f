import FormKit
import Foundation
import Testing

@Suite("EditSession: submitting from the editor (Ctrl-X, Ctrl-O)")
struct EditSessionSubmitTests {
    /// Types the seed form's four shown fields in, leaving the last one unsaved.
    static func fillIn(_ session: EditSession, email: String = "ada@example.com") {
        for (index, text) in ["Ada", "Bea", "Lovelace", email].enumerated() {
            if index > 0 { session.perform(.nextField) }
            session.perform(.insert(text))
        }
    }

    @Test("submit saves the field being typed in, stores one response, clears the values and says which id")
    func submitStoresAndClears() throws {
        let temporary = try TemporaryForm()
        let session = try EditSession(file: temporary.form)
        Self.fillIn(session)
        #expect(session.hasUnsavedText)
        #expect(session.perform(.submit))
        #expect(session.message == .info("submitted response 1"))

        let responses = try temporary.form.responses()
        #expect(responses.map(\.id) == [1])
        #expect(responses.first?.status == .complete)
        let answers = responses.first?.answers.map { [$0.key, $0.value] }
        #expect(answers == [["first", "Ada"], ["middle", "Bea"], ["last", "Lovelace"], ["email", "ada@example.com"], ["twitter", ""]])
        // Cleared for the next respondent, in the store and on screen, focus back at the start.
        #expect(try temporary.form.field("email").value == "")
        #expect(session.focusedKey == "first")
        #expect(session.buffer.text == "" && !session.hasUnsavedText)
        #expect(session.shownForm.fields.allSatisfy { $0.value.isEmpty })
        #expect(EditorFrame(session: session, columns: 120, rows: 40).grid.text(ofRow: 38)
            .hasPrefix("first: empty — is required  ·  submitted response 1"))

        // The next respondent's response gets the next id.
        Self.fillIn(session, email: "grace@example.com")
        session.perform(.submit)
        #expect(session.message == .info("submitted response 2"))
        #expect(try temporary.form.responses().count == 2)
    }

    @Test("a failing check stores nothing, keeps the values, gives the reasons and focuses the first failing field")
    func failingCheckStoresNothing() throws {
        let temporary = try TemporaryForm()
        _ = try temporary.form.changeRules(of: "email", RuleChange(email: true))
        let session = try EditSession(file: temporary.form)
        session.perform(.insert("Ada"))
        session.perform(.nextField)
        session.perform(.nextField)
        session.perform(.nextField)
        session.perform(.insert("ada@"))
        session.perform(.submit)
        #expect(session.message == .problem("not submitted: middle: is required; last: is required; email: is not an email address (name@example.com)"))
        #expect(try temporary.form.responses().isEmpty)
        #expect(try temporary.form.field("first").value == "Ada", "the values stay")
        #expect(try temporary.form.field("email").value == "ada@", "the field typed in was saved first")
        #expect(session.focusedKey == "middle")
        let status = EditorFrame(session: session, columns: 120, rows: 40).grid.text(ofRow: 38)
        #expect(status.hasPrefix("middle: empty — is required  ·  not submitted: middle: is required; last:"))
    }

    @Test("the draft key stores a failing form as a draft and clears it; opened again and submitted, the draft is replaced")
    func draftThenOpenAndSubmit() throws {
        let temporary = try TemporaryForm()
        let session = try EditSession(file: temporary.form)
        session.perform(.insert("Ada"))
        session.perform(.submitDraft)
        #expect(session.message == .info("saved draft 1; formctl responses open 1 reopens it"))
        #expect(try temporary.form.responses().map(\.status) == [.draft])
        #expect(try temporary.form.field("first").value == "")
        #expect(session.buffer.text == "")

        try temporary.form.openResponse(1)
        session.reload()
        #expect(session.buffer.text == "Ada")
        session.perform(.moveToEnd)
        session.perform(.nextField)
        session.perform(.insert("Bea"))
        session.perform(.nextField)
        session.perform(.insert("Lovelace"))
        session.perform(.nextField)
        session.perform(.insert("ada@example.com"))
        session.perform(.submit)
        #expect(session.message == .info("submitted response 1 (replaced draft 1)"))
        let responses = try temporary.form.responses()
        #expect(responses.map(\.id) == [1] && responses.first?.status == .complete)
        #expect(responses.first?.answers.first { $0.key == "last" }?.value == "Lovelace")
    }

    @Test("a failing field on another page: the editor switches to its page and focuses it; after a submission it starts on the first page")
    func pagesFollowTheProblem() throws {
        let temporary = try TemporaryForm()
        _ = try temporary.form.addPage(key: "contact", title: "Contact")
        _ = try temporary.form.addField(key: "phone", label: "Phone", row: nil, page: "contact")
        _ = try temporary.form.changeRules(of: "phone", RuleChange(requirement: .required))
        let session = try EditSession(file: temporary.form)
        Self.fillIn(session)
        session.perform(.submit)
        #expect(session.focusedKey == "phone")
        #expect(session.message?.text == "not submitted: phone: is required")
        #expect(session.shownForm.fields.map(\.key) == ["phone"])
        #expect(try temporary.form.responses().isEmpty)

        session.perform(.insert("0123"))
        session.perform(.submit)
        #expect(session.message == .info("submitted response 1"))
        #expect(session.focusedKey == "first", "the next respondent starts on the first page")
        #expect(try temporary.form.responses().first?.answers.first { $0.key == "phone" }?.value == "0123")
    }

    @Test("an error other than check (the database closed under the session): nothing stored, the reason in the status line")
    func errorGoesToTheStatusLine() throws {
        let temporary = try TemporaryForm()
        let session = try EditSession(file: temporary.form)
        session.perform(.insert("Ada"))
        session.save()
        session.session.close()
        #expect(session.perform(.submit), "the editor keeps running")
        guard case .problem(let text)? = session.message else {
            Issue.record("expected a problem, got \(String(describing: session.message))")
            return
        }
        #expect(text.hasPrefix("not submitted: "))
        #expect(try temporary.form.responses().isEmpty)
        #expect(try temporary.form.field("first").value == "Ada")
    }

    @Test("plain mode's question and answers: y or yes in any case is yes; anything else is no")
    func plainAnswers() {
        #expect(EditSubmission.question == "Submit? [y/N] ")
        #expect(["y", "Y", " yes ", "YES", "y\r"].allSatisfy(EditSubmission.isYes))
        #expect(!["", "n", "no", "N", "yy", "ja", "sure"].contains(where: EditSubmission.isYes))
    }
}
