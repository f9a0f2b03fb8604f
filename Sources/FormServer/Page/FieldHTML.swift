import FormKit

/// One field as the page writes it: a `<label for>` and the control its
/// type calls for (`FieldControlHTML`), or for a group of choices a
/// `<fieldset>` with a `<legend>`; the hint, when it has one; and a status line (a coloured marker, the state in words and the reason it
/// fails `check`) that the input names with `aria-describedby`. A field
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

    /// The `id` of the field's input (`field-KEY`); links to a failing field use it.
    static func inputID(_ key: String) -> String { "field-" + key }

    /// Whether a field in `state` fails `check` (an empty optional field passes).
    static func fails(_ state: ValidationState, reasons: FieldReasons) -> Bool {
        state != .valid && !reasons.reason(for: state).isEmpty
    }

    var html: String {
        let field = listing.field
        let key = HTMLText.escaped(field.key)
        let reasons = FieldReasons(field)
        let state = field.state
        let reason = reasons.reason(for: state)
        var box = "<div class=\"field\" data-key=\"\(key)\" data-type=\"\(field.rules.type.rawValue)\" data-state=\"\(state.rawValue)\" data-color=\"\(state.color.rawValue)\""
        box += " data-reason-empty=\"\(HTMLText.escaped(reasons.empty))\""
        box += " data-reason-short=\"\(HTMLText.escaped(reasons.short))\""
        box += " data-reason-invalid=\"\(HTMLText.escaped(reasons.invalid))\""
        // The keys the condition reads, separated by spaces (keys hold none).
        if let condition = field.showIf { box += " data-show-if=\"\(HTMLText.escaped(condition.fields.joined(separator: " ")))\"" }
        if !listing.isShown { box += " hidden" }
        box += ">\n"
        let isGroup = FieldControlHTML.isGroup(field)
        let hint = field.hint.flatMap { $0.isEmpty ? nil : $0 }
        let describedBy = (hint == nil ? "" : "hint-\(key) ") + "msg-\(key)"
        let isInvalid = Self.fails(state, reasons: reasons) && (showsInvalid || !field.value.isEmpty)
        let control = FieldControlHTML(field: field, isShown: listing.isShown, describedBy: describedBy, isInvalid: isInvalid,
                                       messages: messages)
        if isGroup {
            // A group of choices: its label is the fieldset's legend, and
            // the fieldset carries what a single control would.
            box += "<fieldset aria-describedby=\"\(describedBy)\"" + (isInvalid ? " aria-invalid=\"true\"" : "") + ">\n"
            box += "<legend>\(HTMLText.escaped(field.label))</legend>\n"
        } else {
            box += "<label for=\"field-\(key)\">\(HTMLText.escaped(field.label))</label>\n"
        }
        if let hint { box += "<p class=\"hint\" id=\"hint-\(key)\">\(HTMLText.escaped(hint))</p>\n" }
        box += control.html
        if isGroup { box += "</fieldset>\n" }
        box += "<p class=\"status\" id=\"msg-\(key)\"><span class=\"marker\" aria-hidden=\"true\"></span>"
        box += "<span class=\"state\">\(HTMLText.escaped(messages.state(state)))</span>"
        box += "<span class=\"reason\">\(reason.isEmpty ? "" : HTMLText.escaped(reason))</span></p>\n"
        box += "</div>\n"
        return box
    }
}
