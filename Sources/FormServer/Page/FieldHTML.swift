import FormKit
import Mustache

/// One field as the page writes it (`Templates/field.mustache`; this
/// builds its view): a `<label for>` and the control its type calls for
/// (`FieldControlHTML`), or for a group of choices a `<fieldset>` with a
/// `<legend>`; the hint, when it has one; and a status line (a coloured
/// marker, the state in words and the reason it fails `check`) that the
/// input names with `aria-describedby`. A field
/// that fails is `aria-invalid` once it holds something or a submit was
/// refused (an empty required field is not called invalid before anyone
/// typed in it); one not shown (hidden, or its `show_if`
/// not holding) is written `hidden` and `disabled`, so that the script can
/// show it when its condition comes to hold and a plain form post leaves
/// it alone.
struct FieldHTML {
    let listing: FieldListing
    /// Whether a failing empty field is marked invalid (after a refused submit).
    var showsInvalid = false
    /// The state in words, and a boolean's Yes and No, in the form's language.
    var messages = PageMessages(language: FormDefinition.defaultLanguage)
    /// Whether its control is focused when the page loads (the first field
    /// of an instance just added).
    var isFocused = false

    /// The `id` of the field's input (`field-KEY`); links to a failing field use it.
    static func inputID(_ key: String) -> String { "field-" + key }

    /// Whether a field in `state` fails `check` (an empty optional field passes).
    static func fails(_ state: ValidationState, reasons: FieldReasons) -> Bool {
        state != .valid && !reasons.reason(for: state).isEmpty
    }

    /// What the template shows.
    struct View {
        let key: String, type: String, state: String, color: String
        /// `check`'s reason for each failing state, for the script.
        let reasonEmpty: String, reasonShort: String, reasonInvalid: String
        /// The keys the condition reads, separated by spaces (keys hold none).
        let showIf: String?
        let isHidden: Bool
        /// A group of choices: its label is a `<fieldset>`'s `<legend>`,
        /// and the fieldset carries what a single control would.
        let isGroup: Bool
        /// A note: its label and hint as text, no control.
        let isNote: Bool
        let id: String, label: String
        let hint: String?, hintID: String
        let describedBy: String
        let isInvalid: Bool
        let control: FieldControlHTML.View
        let statusID: String, stateWords: String, reason: String
    }

    var view: View {
        let field = listing.field
        let reasons = FieldReasons(field, messages: messages)
        let state = field.state
        let hint = field.hint.flatMap { $0.isEmpty ? nil : $0 }
        let hintID = "hint-" + field.key, statusID = "msg-" + field.key
        let describedBy = (hint == nil ? "" : hintID + " ") + statusID
        let isInvalid = Self.fails(state, reasons: reasons) && (showsInvalid || !field.value.isEmpty)
        let control = FieldControlHTML(field: field, isShown: listing.isShown, describedBy: describedBy, isInvalid: isInvalid,
                                       messages: messages, isFocused: isFocused)
        return View(key: field.key, type: field.rules.type.rawValue, state: state.rawValue, color: state.color.rawValue,
                    reasonEmpty: reasons.empty, reasonShort: reasons.short, reasonInvalid: reasons.invalid,
                    showIf: field.showIf.map { $0.fields.joined(separator: " ") }, isHidden: !listing.isShown,
                    isGroup: FieldControlHTML.isGroup(field), isNote: !field.rules.type.holdsValue, id: Self.inputID(field.key), label: field.label,
                    hint: hint, hintID: hintID, describedBy: describedBy, isInvalid: isInvalid, control: control.view,
                    statusID: statusID, stateWords: messages.state(state), reason: reasons.reason(for: state))
    }
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension FieldHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": self.key
        case "type": self.type
        case "state": self.state
        case "color": self.color
        case "reasonEmpty": self.reasonEmpty
        case "reasonShort": self.reasonShort
        case "reasonInvalid": self.reasonInvalid
        case "showIf": self.showIf
        case "isHidden": self.isHidden
        case "isGroup": self.isGroup
        case "isNote": self.isNote
        case "id": self.id
        case "label": self.label
        case "hint": self.hint
        case "hintID": self.hintID
        case "describedBy": self.describedBy
        case "isInvalid": self.isInvalid
        case "control": self.control
        case "statusID": self.statusID
        case "stateWords": self.stateWords
        case "reason": self.reason
        default: nil
        }
    }
}
