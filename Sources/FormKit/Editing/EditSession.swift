import FormLayout
import FormModel
import FormScreens
import FormStore

/// A user editing a form field by field, as `formctl edit` does: the
/// business rules of live editing, independent of any terminal.
///
/// - Each keystroke changes only memory: the edited field's state and
///   colour, the title and the minimap follow from `shownForm`, which has
///   the typed text in it.
/// - A changed value is saved (one `StoredForm.set`: one write transaction,
///   one history row with source `formctl`) when the user leaves the field,
///   saves, quits, after `idleSaveDelay` without typing, and when the
///   process is told to stop: never per keystroke.
/// - Reads and writes go through a `FormSession`, which keeps the database
///   open. Others' changes are read at the first `tick` after the session
///   noticed them (`FormSession.changeCount()`, SQLite's `PRAGMA
///   data_version`: no look at the file); a change to the field being typed
///   in keeps the user's text and says so.
/// - A save that fails (the database stayed locked past the busy timeout,
///   say) keeps the text and the field unsaved, says why in the status,
///   and is tried again at the next save point.
public final class EditSession {
    /// The session holding the form's database open.
    public let session: FormSession
    /// The form file edited: the session's, whose operations use its open
    /// database.
    public var file: StoredForm { session.file }
    /// How long typing may pause before the field is saved.
    public static let idleSaveDelay: Duration = .seconds(1)
    /// How often `tick` asks the session for others' changes (a `PRAGMA
    /// data_version` read, a few microseconds).
    public static let watchInterval: Duration = .milliseconds(50)

    /// The whole form as last read or saved.
    public internal(set) var storedForm: FormDefinition {
        didSet { forms = EditedForms(stored: storedForm, focusedKey: focusedKey, text: buffer.text) }
    }
    /// The key of the field with the focus (nil when no field is shown).
    public private(set) var focusedKey: String?
    /// The focused field's text and cursor.
    public internal(set) var buffer: EditBuffer {
        didSet { forms.type(buffer.text, stored: storedForm, focusedKey: focusedKey) }
    }
    /// What is shown of the stored form with the text typed in it, kept
    /// between keystrokes (a keystroke changes one field of it).
    private var forms: EditedForms
    /// The stored value the buffer started from (or was last saved as).
    private var baseValue: String
    /// The first form row on screen (rows scroll to keep the focus shown).
    public internal(set) var firstRow = 0
    /// A note for the status line about the last thing that happened.
    public internal(set) var message: EditMessage?
    /// Why the last save failed, until one succeeds.
    public private(set) var lastSaveError: FormKitError?
    private var lastTyping: ContinuousClock.Instant?
    private var lastWatch: ContinuousClock.Instant
    /// The session's change count when `storedForm` was read.
    var seenChanges: Int
    /// The minimap kept between frames (`EditSession+Minimap.swift`).
    var minimap: EditorMinimap?
    /// The choice ↑/↓ point at in a `select_multiple` field (0 when the
    /// focus moves to another field; see `focusedChoice`).
    var choiceFocus = 0

    /// Opens the form at `file` for editing in a session of its own,
    /// focused on its first shown field.
    public convenience init(file: StoredForm, now: ContinuousClock.Instant = .now) throws(FormKitError) {
        try self.init(session: FormSession(file: file), now: now)
    }

    /// Edits the form `session` holds open, focused on its first shown field.
    public init(session: FormSession, now: ContinuousClock.Instant = .now) throws(FormKitError) {
        self.session = session
        seenChanges = session.changeCount()
        storedForm = try session.file.editableForm()
        lastWatch = now
        buffer = EditBuffer(text: "")
        baseValue = ""
        forms = EditedForms(stored: storedForm, focusedKey: nil, text: "")
        focus(Self.shownFields(of: Self.shown(storedForm)).first?.key)
    }

    // MARK: What is shown

    /// The key of the page the editor shows: the selected page, or the
    /// first page when the stored selection shows none (the More list, or
    /// a selection that names no page), so there is always a page to fill in.
    static func shownPageKey(_ whole: FormDefinition) -> String? {
        whole.shownPage?.key ?? whole.pages.first?.key
    }

    /// The part of the stored form the editor shows, the one place that
    /// decides it: the shown page's own form (`shownPageKey`).
    static func shown(_ whole: FormDefinition) -> FormDefinition {
        guard let key = shownPageKey(whole) else { return whole }
        return whole.form(ofPage: key)
    }

    /// The whole form with the text being typed in it, showing the page on
    /// screen: what the title and the minimap are computed from at each
    /// keystroke (the title may name fields of any page).
    ///
    /// Kept, not made at each read: a keystroke changes the one field
    /// `editedFieldIndex` in place. (A caller that holds on to a copy
    /// between keystrokes makes that change copy every field.)
    public var editedForm: FormDefinition { forms.edited }

    /// The index in `editedForm.fields` of the field being typed in: the
    /// only field whose value a keystroke changes. Nil when no field has
    /// the focus.
    public var editedFieldIndex: Int? { forms.editedIndex }

    /// The page on screen as a form of its own, with the text being typed
    /// in it: its rows, fields and their states.
    public var shownForm: FormDefinition { forms.shown }

    /// The rows of `shownForm` the screen lists (`EditorScreen.rowsShown(of:
    /// shownForm)`), kept as `editedForm` is.
    public var shownRows: [EditorScreen.ShownRow] { forms.rows }

    /// The focused field with the typed text as its value.
    public var focusedField: Field? {
        guard focusedKey != nil else { return nil }
        return forms.focusedField
    }

    /// Whether the focused field holds text not saved yet: text that
    /// `set` would store as something else than the stored value (`+042`
    /// in an integer field whose value is 42 is saved).
    public var hasUnsavedText: Bool {
        guard focusedKey != nil else { return false }
        guard let index = forms.editedIndex else { return buffer.text != baseValue }
        return forms.edited.fields[index].value != baseValue
    }

    /// The fields an editor goes through in `whole`, in order: every
    /// page's shown fields, page by page in tab bar order (plain mode asks
    /// for these one by one).
    public static func editableFields(of whole: FormDefinition) -> [Field] {
        guard !whole.pages.isEmpty else { return shownFields(of: whole) }
        return whole.pages.flatMap { shownFields(of: whole.form(ofPage: $0.key)) }
    }

    /// The fields the focus moves through, in form order: the shown ones,
    /// row by row as the screen lays them out.
    /// A note holds no value, and the focus passes it by.
    static func shownFields(of form: FormDefinition) -> [Field] {
        EditorScreen.rowsShown(of: form).flatMap(\.fields).filter(\.rules.type.holdsValue)
    }

    // MARK: Acting

    /// Does what `action` asks. Returns false when the user asked to quit
    /// and the session may end (everything is saved); a quit whose save
    /// failed keeps the session open with the reason in `message`.
    @discardableResult
    public func perform(_ action: EditAction, now: ContinuousClock.Instant = .now) -> Bool {
        if let field = focusedField, field.isReadOnly, changesValue(action) {
            message = .info("\(field.key) is read-only (formctl set \(field.key) VALUE --force changes it)")
            return true
        }
        switch action {
        case .insert(let text):
            switch control {
            case .text, .longText: edit(now) { $0.insert(text) }
            case .cycle: type(text, intoCycle: now)
            case .checklist: type(text, intoChecklist: now)
            }
        case .deleteBackward, .deleteForward:
            switch control {
            case .text, .longText: edit(now) { action == .deleteBackward ? $0.deleteBackward() : $0.deleteForward() }
            case .cycle: edit(now) { $0.clear() }
            case .checklist: untickFocusedChoice(now)
            }
        case .clear: edit(now) { $0.clear() }
        case .moveLeft: if control == .cycle { stepChoice(by: -1, now) } else { buffer.moveLeft() }
        case .moveRight: if control == .cycle { stepChoice(by: 1, now) } else { buffer.moveRight() }
        case .moveToStart: buffer.moveToStart()
        case .moveToEnd: buffer.moveToEnd()
        case .nextField: moveFocus(by: 1)
        case .previousField: moveFocus(by: -1)
        case .moveDown: if !moveInside(by: 1) { moveFocus(by: 1) }
        case .moveUp: if !moveInside(by: -1) { moveFocus(by: -1, enteringAtEnd: true) }
        case .insertNewline:
            if control == .longText {
                edit(now) { $0.insert("\n") }
            } else if save() {
                moveFocus(by: 1)
            }
        case .saveAndNext:
            if save() { moveFocus(by: 1) }
        case .save:
            if hasUnsavedText { save() } else { message = .info("nothing to save") }
            // Saved, the field shows what is stored (`42` for `+042`).
            if !hasUnsavedText, buffer.text != baseValue { buffer.replace(with: baseValue) }
        case .previousPage: switchPage { index, count in (index - 1 + count) % count }
        case .nextPage: switchPage { index, count in (index + 1) % count }
        case .page(let number): switchPage { _, count in number >= 1 && number <= count ? number - 1 : nil }
        case .submit: submit(draft: false)
        case .submitDraft: submit(draft: true)
        case .addInstance: addInstance()
        case .removeInstance: removeInstance()
        case .quit:
            return !save()
        }
        return true
    }

    /// Whether `action` would change the focused field's value (typing,
    /// deleting, stepping a choice), which a read-only field refuses.
    private func changesValue(_ action: EditAction) -> Bool {
        switch action {
        case .insert, .deleteBackward, .deleteForward, .clear: true
        case .moveLeft, .moveRight: control == .cycle
        case .insertNewline: control == .longText
        default: false
        }
    }

    /// Saves the focused field if its text changed. Returns whether nothing
    /// is left unsaved.
    @discardableResult
    public func save() -> Bool {
        guard let focusedKey, hasUnsavedText else { return true }
        let text = buffer.text
        do {
            let saved = try file.set(focusedKey, to: text)
            if let index = storedForm.fields.firstIndex(where: { $0.key == focusedKey }) {
                storedForm.fields[index].value = saved.value
            }
            baseValue = saved.value
            lastTyping = nil
            lastSaveError = nil
            message = .info("saved \(focusedKey)")
            return true
        } catch {
            lastSaveError = error
            message = .problem("\(focusedKey) not saved, your text is kept: \(error.description)")
            return false
        }
    }

    /// The clock moved: saves after a pause in typing, and reads the form
    /// again if the session noticed a change. Returns whether anything shown changed.
    @discardableResult
    public func tick(now: ContinuousClock.Instant = .now) -> Bool {
        var changed = false
        if let lastTyping, hasUnsavedText, now - lastTyping >= Self.idleSaveDelay {
            let before = message
            save()
            self.lastTyping = nil
            changed = changed || message != before
        }
        if now - lastWatch >= Self.watchInterval {
            lastWatch = now
            if session.changeCount() != seenChanges { changed = reload() || changed }
        }
        return changed
    }

    /// Reads the form again after someone else changed it. The field
    /// being typed in keeps the user's text if it differs from what was
    /// stored; otherwise it shows the new value.
    @discardableResult
    public func reload() -> Bool {
        let fresh: FormDefinition
        // Counted before reading: a change made during the read is read
        // again at the next tick rather than missed.
        let count = session.changeCount()
        do {
            fresh = try file.editableForm()
            seenChanges = count
        } catch {
            message = .problem("could not read the form again: \(error.description)")
            return true
        }
        guard fresh != storedForm else { return false }
        storedForm = fresh
        let fields = Self.shownFields(of: Self.shown(fresh))
        guard let focusedKey, let field = fields.first(where: { $0.key == focusedKey }) else {
            // The focused field went away (removed or hidden elsewhere).
            focus(fields.first?.key)
            return true
        }
        if field.value != baseValue {
            if hasUnsavedText {
                message = .problem("\(focusedKey) changed elsewhere to \"\(field.value)\"; your text is kept (Enter saves it)")
            } else {
                buffer.replace(with: field.value)
            }
            baseValue = field.value
        }
        return true
    }

    /// Scrolls so that the focused field's row is on a screen of
    /// `geometry`, whose rows are as tall as their fields' boxes.
    public func scroll(in geometry: EditorGeometry) {
        let rows = forms.rows
        guard focusedKey != nil, let index = forms.focusedRow else {
            firstRow = 0
            return
        }
        firstRow = min(max(firstRow, 0), max(rows.count - 1, 0))
        if index < firstRow { firstRow = index }
        while firstRow < index,
              geometry.fittingRowCount(from: firstRow, count: rows.count, rows: { rows[$0].lineCount }) <= index - firstRow {
            firstRow += 1
        }
    }

    /// Scrolls so that the focused field's row is among the `visibleRows`
    /// rows on screen (rows of one-line fields; `scroll(in:)` measures them).
    public func scroll(toShow visibleRows: Int) {
        guard focusedKey != nil, let index = forms.focusedRow else {
            firstRow = 0
            return
        }
        let visible = max(visibleRows, 1)
        if index < firstRow { firstRow = index }
        if index >= firstRow + visible { firstRow = index - visible + 1 }
        firstRow = min(max(firstRow, 0), max(forms.rows.count - 1, 0))
    }

    // MARK: Inside

    /// Saves the focused field, then selects the page `target` picks from
    /// the current page's index and the page count (nil: stay). The choice
    /// is stored as `formctl page select` stores it (nothing is written
    /// when it does not change), and the focus goes to the page's first field.
    func switchPage(_ target: (Int, Int) -> Int?) {
        let pages = storedForm.pages
        guard pages.count > 1 else {
            message = .info("the form has one page (formctl page add KEY TITLE adds one)")
            return
        }
        let current = pages.firstIndex { $0.key == Self.shownPageKey(storedForm) } ?? 0
        guard let index = target(current, pages.count), index != current || storedForm.shownPage == nil else { return }
        guard save() else { return }
        do {
            try file.selectPage(pages[index].key)
            let count = session.changeCount()
            storedForm = try file.editableForm()
            seenChanges = count
        } catch {
            message = .problem("could not show page \(pages[index].key): \(error.description)")
            return
        }
        firstRow = 0
        focus(Self.shownFields(of: Self.shown(storedForm)).first?.key)
        message = .info("page \(pages[index].title)")
    }

    func edit(_ now: ContinuousClock.Instant, _ change: (inout EditBuffer) -> Void) {
        guard focusedKey != nil else { return }
        change(&buffer)
        lastTyping = now
        message = nil
    }

    /// Moves the focus `step` fields on. `enteringAtEnd` (↑): a list of
    /// choices is entered at its last choice, as the way back through it.
    private func moveFocus(by step: Int, enteringAtEnd: Bool = false) {
        let fields = Self.shownFields(of: Self.shown(storedForm))
        guard !fields.isEmpty else { return }
        // Leaving a field saves it; a failed save keeps the focus there so
        // that the kept text stays in sight.
        guard save() else { return }
        let current = fields.firstIndex { $0.key == focusedKey } ?? -step
        let next = ((current + step) % fields.count + fields.count) % fields.count
        focus(fields[next].key)
        if enteringAtEnd, control == .checklist, let count = focusedField?.rules.choices.count {
            choiceFocus = max(count - 1, 0)
        }
    }

    func focus(_ key: String?) {
        focusedKey = key
        let value = key.flatMap { storedForm.field($0)?.value } ?? ""
        // Made for the new focus first, so that setting the buffer finds
        // its text already typed.
        forms = EditedForms(stored: storedForm, focusedKey: key, text: value)
        buffer = EditBuffer(text: value)
        baseValue = value
        lastTyping = nil
        choiceFocus = 0
    }
}
