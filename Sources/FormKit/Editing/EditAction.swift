/// What the user asks the editor to do; the terminal's keys map to these
/// (formctl's key bindings), so the editor's behaviour is FormKit's and the
/// key map is the CLI's.
public enum EditAction: Hashable, Sendable {
    /// Typed text, inserted at the cursor.
    case insert(String)
    case deleteBackward, deleteForward, clear
    case moveLeft, moveRight, moveToStart, moveToEnd
    /// Tab / ↓ and Shift-Tab / ↑: save the field if changed and move the focus.
    case nextField, previousField
    /// Enter: save and move to the next field.
    case saveAndNext
    /// Ctrl-S: save the field.
    case save
    /// Ctrl-← / Ctrl-→: the previous or next page.
    case previousPage, nextPage
    /// F1…F9: page 1…9.
    case page(Int)
    /// Ctrl-X: save the field, then store the form's values as a response
    /// (`StoredForm.submit`) when they pass `check`, clearing them for the
    /// next respondent.
    case submit
    /// Ctrl-O: save the field, then store the form's values as a draft
    /// response whatever `check` says, clearing them (`formctl responses
    /// open ID` brings the draft back).
    case submitDraft
    /// Esc or Ctrl-C.
    case quit
}
