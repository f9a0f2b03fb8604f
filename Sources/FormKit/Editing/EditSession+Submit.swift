import FormModel

extension EditSession {
    /// Submits from the editor (`EditAction.submit` and `.submitDraft`):
    /// saves the focused field first, so that what is stored is what the
    /// screen shows, then stores the form's values as `formctl submit`
    /// (`--draft`) does, clearing them for the next respondent.
    ///
    /// - Stored: the form is read again (its values are now empty), the
    ///   focus goes to the first field of the first page, and the status
    ///   line confirms the response's id (`EditSubmission.confirmation`).
    /// - Refused by `check`: nothing is stored, the status line gives the
    ///   reasons (`EditSubmission.refusal`) and the focus goes to the first
    ///   field that fails, on its page, so that fixing it starts there.
    /// - Any other error (busy, read-only): nothing is stored and the
    ///   status line says why; the values stay as they are.
    func submit(draft: Bool) {
        // A failed save has said why in `message`; the text stays unsaved.
        guard save() else { return }
        do {
            let stored = try file.submit(draft: draft)
            startOver()
            message = .info(EditSubmission.confirmation(of: stored))
        } catch .checkFailed(let report) {
            reload()
            focusFirstProblem(of: report)
            message = .problem(EditSubmission.refusal(of: report))
        } catch {
            message = .problem("not submitted: \(error.description)")
        }
    }

    /// After a submission: the cleared form read again, the first page
    /// shown (the next respondent starts at the beginning) and its first
    /// field focused.
    private func startOver() {
        let count = session.changeCount()
        do {
            storedForm = try file.editableForm()
            seenChanges = count
        } catch {
            // The next tick reads it again; the submission itself is done.
            return
        }
        firstRow = 0
        focus(Self.shownFields(of: Self.shown(storedForm)).first?.key)
        if let first = storedForm.pages.first, storedForm.pages.count > 1, Self.shownPageKey(storedForm) != first.key {
            switchPage { _, _ in 0 }
        }
    }

    /// Moves the focus to the first field `report` names, switching to its
    /// page when it is on another one (as F1…F9 do).
    private func focusFirstProblem(of report: CheckReport) {
        guard let problem = report.problems.first else { return }
        if let page = problem.page, storedForm.pages.count > 1, page != Self.shownPageKey(storedForm),
           let index = storedForm.pages.firstIndex(where: { $0.key == page }) {
            switchPage { _, _ in index }
            guard Self.shownPageKey(storedForm) == page else { return }
        }
        guard Self.shownFields(of: Self.shown(storedForm)).contains(where: { $0.key == problem.key }) else { return }
        focus(problem.key)
    }
}
