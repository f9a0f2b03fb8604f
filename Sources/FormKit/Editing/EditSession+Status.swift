import FormLayout
import FormModel
import FormScreens

extension EditSession {
    /// The status line: the focused field's state in words, as `formctl
    /// check` words it (`email: invalid — is not an email address
    /// (name@example.com)`), whether its text is unsaved, and the last
    /// message; in the state's colour, or red for a problem.
    public var status: (text: String, color: Color) {
        guard let field = focusedField else { return ("no field is shown", FieldColor.gray.color) }
        let state = field.state
        var text = "\(field.key): \(state.rawValue)"
        switch state {
        case .empty: text += field.rules.required ? " — is required" : " — optional"
        case .short: text += " — \(ValidationState.shortReason)"
        case .invalid: text += " — \(field.brokenRule ?? "breaks a rule")"
        case .valid: break
        }
        if hasUnsavedText { text += " (unsaved)" }
        var color = state.color.color
        if let message {
            text += "  ·  " + message.text
            if case .problem = message { color = FieldColor.red.color }
        }
        return (text, color)
    }

    /// The key line of a text field (formctl's key bindings say the same).
    /// The cursor keys (←→ Home End), which every text field has, are left
    /// out so that the line fits in 100 columns; docs/editor.md lists them.
    public static let keyHelp = "Tab/↑↓ field  ⌫ Del ^U edit  Enter/^S save  ^X submit  ^O draft  ^←→ F1-F9 page  Esc/^C quit"

    /// The key line for the focused field: its own keys first, then the
    /// ones every field has; each under 100 columns.
    public var keyHelp: String {
        // Shorter than the text field's line: the field's own keys come first.
        let common = "Enter/^S save  ^X submit  ^O draft  ^←→ page  Esc quit"
        if showsRepeats {
            // A page with a repeat names its two keys; the rarest ones give way.
            let own = switch control {
            case .text: "Tab/↑↓ field  ^U clear"
            case .longText: "^J new line  Tab field"
            case .cycle: "Space change  Tab field"
            case .checklist: "↑↓ choice  Space tick"
            }
            return own + "  ^N add  ^K remove  Enter/^S save  ^X submit  ^O draft  Esc quit"
        }
        switch control {
        case .text: return Self.keyHelp
        case .longText: return "^J/Alt-Enter new line  ↑↓ line  Tab field  " + common
        case .cycle: return "Space/←→ change  ^U clear  Tab/↑↓ field  " + common
        case .checklist: return "↑↓ choice  Space tick  ^U clear  Tab field  " + common
        }
    }
}
