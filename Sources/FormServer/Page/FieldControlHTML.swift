import FormKit
import Mustache

/// The control a field's type calls for, as a browser user expects it:
/// a number box for numbers, radio buttons (or, past `radioLimit`
/// choices, a `<select>`) for one choice, check boxes for several, a
/// yes/no pair for a boolean, the browser's date, time and date-and-time
/// pickers, a `<textarea>` for long text, and a text box with the right
/// keyboard and autofill (`Autofill`) for text.
///
/// The markup is `Templates/field-control.mustache`'s; this builds its view.
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
    /// Whether the control (a group's first choice) is focused when the
    /// page loads (`autofocus`).
    var isFocused = false

    /// Radio buttons up to this many choices; a `<select>` past it, where
    /// a column of radios would be longer than the list it stands for.
    static let radioLimit = 5

    /// Whether the field is a group of choices (a `<fieldset>` whose
    /// `<legend>` is the label) rather than one control with a `<label>`.
    static func isGroup(_ field: Field) -> Bool {
        switch field.rules.type {
        case .boolean, .selectMultiple: true
        case .selectOne: field.rules.choices.count <= radioLimit
        // A number with choices is chosen as a select_one is.
        case .integer, .decimal: !field.rules.choices.isEmpty && field.rules.choices.count <= radioLimit
        default: false
        }
    }

    /// What the template shows: the attributes every control has, and the
    /// one section its type calls for.
    struct View {
        let id: String
        let name: String
        let value: String
        let describedBy: String
        let isInvalid: Bool
        let isRequired: Bool
        var isDisabled: Bool
        let isFocused: Bool
        /// A read-only field (`read_only: true`): a box is `readonly`; a
        /// list or a group of choices, which `readonly` does not hold, is
        /// `disabled`, and so not posted (the field keeps its value).
        let isReadOnly: Bool
        var text: Text?
        var longText = false
        var number: Number?
        var picker: Picker?
        var dateTime: DateTime?
        var list: List?
        var group: Group?

        /// A text box: autofill and the keyboard (`Autofill`).
        struct Text { let autocomplete: String, inputMode: String?, noSpellcheck: Bool }
        struct Number { let inputMode: String, min: String?, max: String?, step: String }
        /// The browser's date or time picker (`type` is `date` or `time`).
        struct Picker { let type: String, min: String?, max: String? }
        /// The wall time shown, and the offset added back when saved.
        struct DateTime { let wallTime: String, offset: String }
        /// A `<select>`, with an empty first option.
        struct List { let choices: [Choice] }
        /// Radio buttons or check boxes (`type`).
        struct Group { let type: String, choices: [Choice] }
        /// One choice; `id` is the field's for a group's first (links to
        /// the field focus it), unused in a list.
        struct Choice { let id: String, value: String, label: String, isChosen: Bool, isFocused: Bool }
    }

    var view: View {
        let rules = field.rules
        let id = FieldHTML.inputID(field.key)
        var view = View(id: id, name: FormPostBody.fieldPrefix + field.key, value: field.value, describedBy: describedBy,
                        isInvalid: isInvalid, isRequired: rules.required, isDisabled: !isShown,
                        isFocused: isFocused && isShown, isReadOnly: field.isReadOnly)
        switch rules.type {
        case .note:
            // No control: the field's template shows the note's text.
            break
        case .text:
            let autofill = Autofill(field: field)
            view.text = View.Text(autocomplete: autofill.token ?? "off", inputMode: autofill.inputMode, noSpellcheck: autofill.spellcheckOff)
        case .longText:
            view.longText = true
        case .integer, .decimal:
            // A number with choices is chosen as a select_one is. (One
            // case: a `where` after `.integer, .decimal` would guard only
            // `.decimal`.)
            let options = choices(rules.choices.map { ($0.value, $0.label) }, chosen: [ScalarText(field.value)])
            if !rules.choices.isEmpty {
                if Self.isGroup(field) { view.group = View.Group(type: "radio", choices: options) } else { view.list = View.List(choices: options) }
                break
            }
            view.number = View.Number(inputMode: rules.type == .integer ? "numeric" : "decimal", min: rules.lowerBound?.value,
                                      max: rules.upperBound?.value, step: rules.step ?? (rules.type == .integer ? "1" : "any"))
        case .date, .time:
            view.picker = View.Picker(type: rules.type == .date ? "date" : "time", min: rules.lowerBound?.value, max: rules.upperBound?.value)
        case .datetime:
            let (wall, offset) = Self.wallTimeAndOffset(field.value)
            view.dateTime = View.DateTime(wallTime: wall, offset: offset)
        case .selectOne where !Self.isGroup(field):
            view.list = View.List(choices: choices(rules.choices.map { ($0.value, $0.label) }, chosen: [ScalarText(field.value)]))
        case .selectOne:
            view.group = View.Group(type: "radio", choices: choices(rules.choices.map { ($0.value, $0.label) }, chosen: [ScalarText(field.value)]))
        case .boolean:
            view.group = View.Group(type: "radio", choices: choices([("true", messages(.yes)), ("false", messages(.no))], chosen: [ScalarText(field.value)]))
        case .selectMultiple:
            let chosen = Set((SelectionValue.decode(field.value) ?? SelectionValue.values(ofInput: field.value)).map(ScalarText.init))
            view.group = View.Group(type: "checkbox", choices: choices(rules.choices.map { ($0.value, $0.label) }, chosen: chosen))
        }
        if field.isReadOnly && (view.list != nil || view.group != nil) { view.isDisabled = true }
        return view
    }

    /// The options of a list or group; the first has the field's id, the
    /// others `field-KEY-2`, `-3`…; an option is chosen when the value
    /// is it scalar for scalar (`ScalarText`), as the value's check says.
    private func choices(_ options: [(value: String, label: String)], chosen: Set<ScalarText>) -> [View.Choice] {
        let id = FieldHTML.inputID(field.key)
        return options.enumerated().map { index, option in
            View.Choice(id: index == 0 ? id : "\(id)-\(index + 1)", value: option.value, label: option.label,
                        isChosen: chosen.contains(ScalarText(option.value)), isFocused: index == 0 && isFocused && isShown)
        }
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

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension FieldControlHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": self.id
        case "name": self.name
        case "value": self.value
        case "describedBy": self.describedBy
        case "isInvalid": self.isInvalid
        case "isRequired": self.isRequired
        case "isDisabled": self.isDisabled
        case "isFocused": self.isFocused
        case "isReadOnly": self.isReadOnly
        case "text": self.text
        case "longText": self.longText
        case "number": self.number
        case "picker": self.picker
        case "dateTime": self.dateTime
        case "list": self.list
        case "group": self.group
        default: nil
        }
    }
}

extension FieldControlHTML.View.Text: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "autocomplete": self.autocomplete
        case "inputMode": self.inputMode
        case "noSpellcheck": self.noSpellcheck
        default: nil
        }
    }
}

extension FieldControlHTML.View.Number: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "inputMode": self.inputMode
        case "min": self.min
        case "max": self.max
        case "step": self.step
        default: nil
        }
    }
}

extension FieldControlHTML.View.Picker: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "type": self.type
        case "min": self.min
        case "max": self.max
        default: nil
        }
    }
}

extension FieldControlHTML.View.DateTime: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "wallTime": self.wallTime
        case "offset": self.offset
        default: nil
        }
    }
}

extension FieldControlHTML.View.List: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "choices": self.choices
        default: nil
        }
    }
}

extension FieldControlHTML.View.Group: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "type": self.type
        case "choices": self.choices
        default: nil
        }
    }
}

extension FieldControlHTML.View.Choice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": self.id
        case "value": self.value
        case "label": self.label
        case "isChosen": self.isChosen
        case "isFocused": self.isFocused
        default: nil
        }
    }
}
