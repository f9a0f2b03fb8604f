/// What the user asks the editor to do; the terminal's keys map to these
/// (formctl's key bindings), so the editor's behaviour is FormKit's and the
/// key map is the CLI's.
public enum EditAction: Hashable, Sendable {
    /// Typed text, inserted at the cursor. In a `select_one` or `boolean`
    /// field a Space steps to the next choice and other text picks the
    /// choice it names; in a `select_multiple` field a Space ticks or
    /// unticks the focused choice (`EditSession+Choices.swift`).
    case insert(String)
    /// Backspace, Delete, Ctrl-U. In a `select_one` or `boolean` field each
    /// clears the answer; in a `select_multiple` field Backspace and Delete
    /// untick the focused choice and Ctrl-U clears every tick.
    case deleteBackward, deleteForward, clear
    /// ← and → move the cursor; in a `select_one` or `boolean` field they
    /// step to the previous or next choice.
    case moveLeft, moveRight, moveToStart, moveToEnd
    /// Tab and Shift-Tab: save the field if changed and move the focus.
    case nextField, previousField
    /// ↓ and ↑: the next or previous choice of a `select_multiple` list, or
    /// line of a `long_text`; from the last or first one, and in every
    /// other field, the next or previous field (as Tab and Shift-Tab).
    case moveDown, moveUp
    /// Ctrl-J or Alt-Enter: a new line in a `long_text` field; in any other
    /// field what Enter does (a pasted newline used to be Enter, and still is there).
    case insertNewline
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
    /// Ctrl-N: save the field, then add an instance to the repeat the
    /// focus is in (or the page's first repeat), focusing its first field.
    case addInstance
    /// Ctrl-K: save the field, then remove the instance the focus is in.
    case removeInstance
    /// Esc or Ctrl-C.
    case quit
}
