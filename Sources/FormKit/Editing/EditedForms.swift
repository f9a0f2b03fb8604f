import FormModel
import FormScreens

/// What the editor shows of a form while a field is typed in, kept between
/// keystrokes so that a keystroke costs what it changes rather than what
/// the form holds: the whole form with the typed text (`edited`), the shown
/// page's form (`shown`), the rows the screen lists (`rows`), and where the
/// typed field sits in each.
///
/// Made whole (linear in the fields: a copy of the fields, the page's
/// form, the rows) when the stored form, the focus or the page changes.
/// A keystroke that changes only the typed text then writes that one
/// field into the three places it sits: on a form of ten thousand fields,
/// making them anew at each keystroke cost about as much as the rest of
/// the redraw together. It is made whole at each keystroke instead (as it
/// used to be) when the text may change more than that field: when a
/// condition (`showIf`) reads the field, so that what is shown may change,
/// when an instance's title above its rows may show it, or when its key
/// is not found exactly once.
struct EditedForms {
    /// The whole form with `text` as the focused field's value, showing
    /// the page on screen (`EditSession.editedForm`).
    private(set) var edited: FormDefinition
    /// The shown page's form when it is not `edited` itself (a form of
    /// several pages); kept apart so that `edited` is the only owner of
    /// its fields and a keystroke changes them in place.
    private var separateShown: FormDefinition?
    /// `EditorScreen.rowsShown(of: shown)`.
    private(set) var rows: [EditorScreen.ShownRow]
    /// The index in `rows` of the first row holding the focused field.
    private(set) var focusedRow: Int?
    /// The focused field's key, and the text written into it.
    private(set) var focusedKey: String?
    private(set) var text: String
    /// The index in `shown.fields` of the focused field.
    private var shownIndex: Int?
    /// The index in `edited.fields` of the focused field (its first with the key).
    private(set) var editedIndex: Int?
    /// Where the focused field sits in `rows` (row, place in the row).
    private var rowPlace: (row: Int, field: Int)?
    /// Whether a change of the text changes only the focused field.
    private var typesInPlace: Bool

    /// The forms of `stored` with `text` typed into the field `focusedKey`.
    init(stored: FormDefinition, focusedKey: String?, text: String) {
        self.focusedKey = focusedKey
        self.text = text
        var form = stored
        let index = focusedKey.flatMap { key in form.fields.firstIndex { $0.key == key } }
        // A typed field holds its text as `set` would store it, so that
        // its state, the title and conditions are what saving gives
        // (`+042` is the integer 42, not a value written otherwise).
        if let index { form.fields[index].value = form.fields[index].rules.storedText(forInput: text) }
        editedIndex = index
        form.selectedPage = EditSession.shownPageKey(stored)
        edited = form
        let shown = EditSession.shown(form)
        // The usual one-page form is its own page (`form(ofPage:)` gives it
        // back, the same storage: the comparison is quick).
        separateShown = shown == form ? nil : shown
        guard let focusedKey else {
            rows = EditorScreen.rowsShown(of: shown)
            focusedRow = nil
            shownIndex = nil
            rowPlace = nil
            typesInPlace = false
            return
        }
        shownIndex = shown.fields.firstIndex { $0.key == focusedKey }
        let shownRows = EditorScreen.rowsShown(of: shown)
        rows = shownRows
        let row = shownRows.firstIndex { $0.fields.contains { $0.key == focusedKey } }
        focusedRow = row
        rowPlace = row.flatMap { row in shownRows[row].fields.firstIndex { $0.key == focusedKey }.map { (row, $0) } }
        var count = 0
        // An instance's title that shows values (`item_title: "{name}"`)
        // is drawn above its rows: it may read the field typed in.
        var isRead = focusedKey.contains(".") && form.groups.contains { Self.showsValues($0.repeatRules?.itemTitle) }
        for field in form.fields {
            if field.key == focusedKey { count += 1 }
            if field.showIf?.reads(focusedKey) == true { isRead = true }
        }
        typesInPlace = index != nil && count == 1 && !isRead
    }

    /// Whether an instance title's template names a value (`{name}`), not
    /// only the instance's number (`{index}`).
    static func showsValues(_ template: String?) -> Bool {
        guard let template else { return false }
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if rest[rest.index(after: open)..<close] != "index" { return true }
            rest = rest[rest.index(after: close)...]
        }
        return false
    }

    /// The shown page as a form of its own, with the typed text in it.
    var shown: FormDefinition { separateShown ?? edited }

    /// The focused field as shown, with the typed text as its value.
    var focusedField: Field? {
        guard let shownIndex else { return nil }
        return shown.fields[shownIndex]
    }

    /// `text` is now typed into the focused field of `stored` (the form
    /// these were made from, `focusedKey` still focused).
    mutating func type(_ newText: String, stored: FormDefinition, focusedKey key: String?) {
        guard key == focusedKey else {
            self = EditedForms(stored: stored, focusedKey: key, text: newText)
            return
        }
        guard newText != text else { return }
        guard typesInPlace, let editedIndex else {
            self = EditedForms(stored: stored, focusedKey: key, text: newText)
            return
        }
        text = newText
        edited.fields[editedIndex].value = edited.fields[editedIndex].rules.storedText(forInput: newText)
        // The field, validated once, copied to where else it is shown.
        let field = edited.fields[editedIndex]
        if let shownIndex, separateShown != nil { separateShown?.fields[shownIndex] = field }
        if let rowPlace { rows[rowPlace.row].fields[rowPlace.field] = field }
    }
}
