import FormKit

/// The control a field's type calls for, as a browser user expects it:
/// a number box for numbers, radio buttons (or, past `radioLimit`
/// choices, a `<select>`) for one choice, check boxes for several, a
/// yes/no pair for a boolean, the browser's date, time and date-and-time
/// pickers, a `<textarea>` for long text, and a text box with the right
/// keyboard and autofill (`Autofill`) for text.
///
/// Every control is named `field:KEY`, so that a browser without script
/// posts it as it posts a text box. A group (radios, check boxes) starts
/// with a hidden empty `field:KEY`, so that a post with nothing chosen
/// still names the field (`FormPostBody` keeps the chosen values). A
/// date-and-time is shown as its wall time (`datetime-local`), its offset
/// kept apart (`data-offset`) and added back when it is saved.
struct FieldControlHTML {
    let field: Field
    let isShown: Bool
    /// `aria-describedby`'s ids (the hint, the status line).
    let describedBy: String
    let isInvalid: Bool
    /// A boolean's Yes and No.
    var messages = PageMessages(language: FormDefinition.defaultLanguage)

    /// Radio buttons up to this many choices; a `<select>` past it, where
    /// a column of radios would be longer than the list it stands for.
    static let radioLimit = 5

    /// Whether the field is a group of choices (a `<fieldset>` whose
    /// `<legend>` is the label) rather than one control with a `<label>`.
    static func isGroup(_ field: Field) -> Bool {
        switch field.rules.type {
        case .boolean, .selectMultiple: true
        case .selectOne: field.rules.choices.count <= radioLimit
        default: false
        }
    }

    private var key: String { HTMLText.escaped(field.key) }
    private var name: String { FormPostBody.fieldPrefix + key }

    /// What every control of the field says besides its own attributes.
    private var common: String {
        var out = ""
        if field.rules.required { out += " required aria-required=\"true\"" }
        if !isShown { out += " disabled" }
        return out
    }

    private var described: String {
        " aria-describedby=\"\(describedBy)\"" + (isInvalid ? " aria-invalid=\"true\"" : "")
    }

    var html: String {
        let rules = field.rules
        switch rules.type {
        case .text:
            return "<input type=\"text\" id=\"field-\(key)\" name=\"\(name)\" value=\"\(HTMLText.escaped(field.value))\"\(described)"
                + Autofill(field: field).attributes + common + ">\n"
        case .longText:
            return "<textarea id=\"field-\(key)\" name=\"\(name)\" rows=\"4\"\(described)\(common)>"
                + HTMLText.escaped(field.value) + "</textarea>\n"
        case .integer, .decimal:
            var out = "<input type=\"number\" id=\"field-\(key)\" name=\"\(name)\" value=\"\(HTMLText.escaped(field.value))\""
            out += " inputmode=\"\(rules.type == .integer ? "numeric" : "decimal")\""
            out += bounds + " step=\"\(HTMLText.escaped(rules.step ?? (rules.type == .integer ? "1" : "any")))\""
            return out + described + common + ">\n"
        case .date, .time:
            let type = rules.type == .date ? "date" : "time"
            return "<input type=\"\(type)\" id=\"field-\(key)\" name=\"\(name)\" value=\"\(HTMLText.escaped(field.value))\""
                + bounds + described + common + ">\n"
        case .datetime:
            let (wall, offset) = Self.wallTimeAndOffset(field.value)
            return "<input type=\"datetime-local\" id=\"field-\(key)\" name=\"\(name)\" value=\"\(HTMLText.escaped(wall))\""
                + " step=\"1\" data-offset=\"\(HTMLText.escaped(offset))\"" + described + common + ">\n"
        case .selectOne where !Self.isGroup(field):
            var out = "<select id=\"field-\(key)\" name=\"\(name)\"\(described)\(common)>\n<option value=\"\"></option>\n"
            for choice in rules.choices {
                let selected = choice.value == field.value ? " selected" : ""
                out += "<option value=\"\(HTMLText.escaped(choice.value))\"\(selected)>\(HTMLText.escaped(choice.label))</option>\n"
            }
            return out + "</select>\n"
        case .selectOne:
            return options(rules.choices.map { ($0.value, $0.label) }, type: "radio", chosen: [field.value])
        case .boolean:
            return options([("true", messages(.yes)), ("false", messages(.no))], type: "radio", chosen: [field.value])
        case .selectMultiple:
            let chosen = Set(SelectionValue.decode(field.value) ?? SelectionValue.values(ofInput: field.value))
            return options(rules.choices.map { ($0.value, $0.label) }, type: "checkbox", chosen: chosen)
        }
    }

    /// A group's options, each a `<label>` around its input; the first has
    /// the field's id, so that links to the field focus it.
    private func options(_ options: [(value: String, label: String)], type: String, chosen: Set<String>) -> String {
        var out = "<input type=\"hidden\" name=\"\(name)\" value=\"\">\n<div class=\"options\">\n"
        for (index, option) in options.enumerated() {
            let id = index == 0 ? "field-\(key)" : "field-\(key)-\(index + 1)"
            let checked = chosen.contains(option.value) ? " checked" : ""
            out += "<label class=\"option\"><input type=\"\(type)\" id=\"\(id)\" name=\"\(name)\" value=\"\(HTMLText.escaped(option.value))\""
            // No aria-required on a radio or check box (ARIA gives it to
            // neither); the status line says the field is required.
            out += checked + (isShown ? "" : " disabled") + "> " + HTMLText.escaped(option.label) + "</label>\n"
        }
        return out + "</div>\n"
    }

    /// `min` and `max` from the field's bounds (an exclusive bound too: the
    /// browser's picker stops there, and `check` says the rest).
    private var bounds: String {
        var out = ""
        if let lower = field.rules.lowerBound { out += " min=\"\(HTMLText.escaped(lower.value))\"" }
        if let upper = field.rules.upperBound { out += " max=\"\(HTMLText.escaped(upper.value))\"" }
        return out
    }

    /// A stored date-and-time (`2026-12-01T10:00:00+01:00`) as its wall
    /// time (`2026-12-01T10:00:00`) and its offset (`+01:00`, `Z`); a
    /// value that is not one (being typed, or empty) as it is, no offset.
    static func wallTimeAndOffset(_ value: String) -> (wall: String, offset: String) {
        let characters = Array(value)
        guard characters.count > 19, characters[10] == "T" else { return (value, "") }
        return (String(characters[..<19]), String(characters[19...]))
    }

    /// What a browser without script posted for `field`, as the text to
    /// store: a date-and-time's wall time (`datetime-local` has no offset)
    /// gets the offset the stored value had, else `Z`, and is the stored
    /// value itself when its wall time did not change.
    static func storedText(posted: String, for field: Field) -> String {
        guard field.rules.type == .datetime, posted.count == 16 || posted.count == 19 else { return posted }
        let wall = posted.count == 16 ? posted + ":00" : posted
        let (storedWall, offset) = wallTimeAndOffset(field.value)
        if wall == storedWall, !offset.isEmpty { return field.value }
        return wall + (offset.isEmpty ? "Z" : offset)
    }
}
