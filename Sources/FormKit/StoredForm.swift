import FormLayout
import FormRender
import FormScreens
import FormStore
import Foundation

/// A form kept in a SQLite file, and every operation formctl offers on it.
///
/// A `StoredForm` is only a path and a choice: each operation opens the
/// database, does its work (a write in one transaction) and closes it, as one
/// `formctl` command does. A program that keeps running uses the `file` of a
/// `FormSession` instead: the same operations, on the database the session
/// keeps open. Operations that only read (`field`, `fields`,
/// `check`, `rows`, `title`, `history`, `minimap`) also work on a file
/// formctl may not write: they open it for reading, compute anything stale
/// in memory and leave it untouched.
///
/// ```swift
/// let form = StoredForm(path: StoredForm.resolvedPath(nil))
/// let first = try form.set("first", to: "Ada")      // first: valid (green)
/// let report = try form.check()                       // what keeps the form from passing
/// print(try form.minimap(format: .text, columns: 80))
/// ```
public struct StoredForm: Hashable, Sendable {
    /// The database file's path.
    public var path: String
    /// Whether a missing file is created with the seed form (seed 002's);
    /// otherwise it is an error (`noDatabase`, exit 66).
    public var createsMissingFile: Bool
    /// The database a `FormSession` keeps open, which every operation then
    /// uses instead of opening the file itself (nil: one open per call).
    var openDatabase: OpenDatabase?
    /// Where respondents' drafts and responses are kept when not in the
    /// file (`keepingDrafts(in:)`); nil: the file.
    var separateDrafts: SeparateDrafts?

    /// The form at `path`; a missing file is created with the seed form
    /// unless `createsMissingFile` is false.
    public init(path: String, createsMissingFile: Bool = true) {
        self.path = path
        self.createsMissingFile = createsMissingFile
    }

    /// Where the database is: `option` (`--db`) when given, else
    /// `$FORMCTL_DB` when set and not empty, else `form.db` in the current
    /// folder.
    public static func resolvedPath(_ option: String?) -> String {
        // getenv, not ProcessInfo's environment: building that dictionary
        // of every variable cost a `formctl get` an eighth of its
        // instructions.
        resolvedPath(option, fromEnvironment: getenv("FORMCTL_DB").map { String(cString: $0) })
    }

    /// `resolvedPath(_:)` with the environment given (for tests).
    public static func resolvedPath(_ option: String?, environment: [String: String]) -> String {
        resolvedPath(option, fromEnvironment: environment["FORMCTL_DB"])
    }

    private static func resolvedPath(_ option: String?, fromEnvironment: String?) -> String {
        if let option { return option }
        if let fromEnvironment, !fromEnvironment.isEmpty { return fromEnvironment }
        return "form.db"
    }

    // MARK: Values

    /// Stores `value` in field `key`, whatever state it leaves the field in
    /// (a half-filled form is normal), and returns the field with its new
    /// state. Text with a NUL character is refused (`invalidValue`, 65);
    /// a read-only field (`read_only: true`) too (`readOnlyField`, 64),
    /// unless `force`.
    @discardableResult
    public func set(_ key: String, to value: String, force: Bool = false) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.setValue(key: key, value: value, force: force) }
    }

    /// Stores a value given as bytes (`formctl set KEY --stdin`): one
    /// trailing newline (`\n` or `\r\n`) is dropped, and bytes that are not
    /// UTF-8 text, or hold a NUL, are refused (`invalidValue`, 65) before
    /// the database is opened.
    @discardableResult
    public func set(_ key: String, toInput bytes: [UInt8], force: Bool = false) throws(FormKitError) -> Field {
        let value = try Self.checkedValue(fromInput: bytes, key: key)
        return try writing { db throws(FormStoreError) in try db.setValue(key: key, checkedValue: value, force: force) }
    }

    /// The value `set(_:toInput:)` stores for `bytes`, checked.
    private static func checkedValue(fromInput bytes: [UInt8], key: String) throws(FormKitError) -> CheckedValue {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\n") {
            bytes.removeLast()
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        }
        do {
            return try FieldInput.checkedValue(fromUTF8: bytes, key: key)
        } catch {
            throw .store(error)
        }
    }

    /// The field with `key` (`formctl get`). No such field is
    /// `fieldNotFound` (exit 1), with the nearest key as a suggestion.
    public func field(_ key: String) throws(FormKitError) -> Field {
        do {
            return try reading { db throws(FormStoreError) in try db.field(key) }
        } catch .store(.unknownField(let key, let suggestion)) {
            throw .fieldNotFound(key: key, suggestion: suggestion)
        }
    }

    /// Every field in form order, hidden ones too, with its state.
    public func fields() throws(FormKitError) -> [Field] {
        try reading { db throws(FormStoreError) in try db.fields() }
    }

    /// Re-validates every field (states are computed from the values, and a
    /// database changed behind formctl's back is refreshed on the way) and
    /// reports the shown fields that keep the form from passing.
    public func check() throws(FormKitError) -> CheckReport {
        CheckReport(form: try definition())
    }

    // MARK: Fields

    /// Shows a hidden field (seed 002's Twitter toggle), keeping its value.
    @discardableResult
    public func showField(_ key: String) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.showField(key: key) }
    }

    /// Hides a field: it keeps its value but is neither laid out, drawn nor
    /// checked.
    @discardableResult
    public func hideField(_ key: String) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.hideField(key: key) }
    }

    /// Makes a field read-only (`read_only: true`) or not, keeping its value.
    @discardableResult
    public func setReadOnly(_ key: String, _ readOnly: Bool) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.setReadOnly(readOnly, key: key) }
    }

    /// Adds an empty, optional field to row `row` at place `index` (from 1;
    /// nil: last). A key in use is `duplicateField`, a missing row
    /// `unknownRow` (both 64); a key that is not 1–64 ASCII letters, digits,
    /// `_` or `-` is `invalidValue` (65).
    ///
    /// With `page`, the row must be on that page (`rowOnOtherPage`, 64), and
    /// a nil `row` means the page's last row (one is added to a page without
    /// rows). Without either, the field goes to row 1.
    @discardableResult
    public func addField(key: String, label: String, row: Int?, page: String? = nil, index: Int? = nil) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.addField(key: key, label: label, row: row, page: page, index: index) }
    }

    /// Removes a field; its history stays.
    public func removeField(_ key: String) throws(FormKitError) {
        try writing { db throws(FormStoreError) in try db.removeField(key: key) }
    }

    /// Moves a field to row `row` (nil: its own) at place `index` (from 1;
    /// nil: last).
    @discardableResult
    public func moveField(_ key: String, toRow row: Int?, index: Int?) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.moveField(key: key, toRow: row, index: index) }
    }

    /// Applies `change` to the field's rules, merging with the rules it has
    /// in the same write transaction (a change made meanwhile by someone
    /// else is kept). Rules that cannot work (a minimum above the maximum, a
    /// pattern that is not a regular expression or could backtrack for
    /// ever) are refused with `invalidValue` (65) and the old rules stay.
    @discardableResult
    public func changeRules(of key: String, _ change: RuleChange) throws(FormKitError) -> Field {
        try writing { db throws(FormStoreError) in try db.updateRules(key: key) { change.applied(to: $0) } }
    }

    // MARK: Rows

    /// The rows, top to bottom, each with its fields (hidden ones too).
    public func rows() throws(FormKitError) -> [RowListing] {
        RowListing.rows(of: try definition())
    }

    /// Adds an empty row below the others of page `page` (nil: the shown
    /// page), `width` points wide and adjustable within `minWidth…maxWidth`
    /// (both default to `width`). Row numbers run over the whole form: the
    /// rows of later pages move down one.
    @discardableResult
    public func addRow(width: Double = 540, minWidth: Double? = nil, maxWidth: Double? = nil, page: String? = nil) throws(FormKitError) -> FormRow {
        try writing { db throws(FormStoreError) in try db.addRow(width: width, minWidth: minWidth, maxWidth: maxWidth, page: page) }
    }

    /// Removes an empty row; the rows below move up. A row that holds
    /// fields is `rowNotEmpty` (64).
    public func removeRow(_ number: Int) throws(FormKitError) {
        try writing { db throws(FormStoreError) in try db.removeRow(number) }
    }

    /// Sets a row's width (seed 002's slider); outside the row's range it is
    /// `outOfRange` (64), whose message names the range.
    @discardableResult
    public func setRowWidth(_ number: Int, to width: Double) throws(FormKitError) -> FormRow {
        try writing { db throws(FormStoreError) in try db.setRowWidth(row: number, width: width) }
    }

    // MARK: Title and history

    /// The title template and the title it gives.
    public func title() throws(FormKitError) -> FormTitle {
        FormTitle(of: try definition())
    }

    /// Sets the title template (`{key}` stands for that field's value).
    @discardableResult
    public func setTitle(template: String) throws(FormKitError) -> FormTitle {
        FormTitle(of: try writing { db throws(FormStoreError) in try db.setTitleTemplate(template) })
    }

    /// Every change of a value, oldest first (of field `key` alone when
    /// given; only the last `limit` when given and not negative), whoever
    /// made it: formctl, or SQL such as the `sqlite3` shell.
    public func history(of key: String? = nil, limit: Int? = nil) throws(FormKitError) -> [HistoryEntry] {
        let entries = try reading { db throws(FormStoreError) in try db.history(key: key) }
        if let limit, limit >= 0, entries.count > limit { return Array(entries.suffix(limit)) }
        return entries
    }

    // MARK: Pictures

    /// The minimap as `format` draws it: `ansi` (24-bit colour, half
    /// blocks) or `text` (one letter per colour) `columns` wide; `json`, the
    /// `minimap_rect` rectangles with the canvas size; `svg`, the whole
    /// screen: the form and its minimap side by side, with the tab bar of a
    /// form in pages.
    ///
    /// The minimap is the selected page's (what `minimap_rect` holds), or
    /// page `page`'s when given (computed in memory; nothing is written).
    public func minimap(format: RenderFormat, columns: Int = RenderFormat.defaultColumns, page: String? = nil) throws(FormKitError) -> String {
        try minimapExplained(format: format, columns: columns, page: page).picture
    }

    /// `minimap(format:columns:page:)`, and when its minimap is empty
    /// because no page is shown (the More list, or a selection that names
    /// no page), a note that says so in words.
    public func minimapExplained(format: RenderFormat, columns: Int = RenderFormat.defaultColumns, page: String? = nil)
        throws(FormKitError) -> (picture: String, note: String?) {
        if format == .svg || page != nil {
            var form = try definition()
            if let page {
                guard form.page(page) != nil else { throw .store(.unknownPage(page, among: form.pages.map(\.key))) }
                form.selectedPage = page
            }
            let picture = FormPicture(form: form)
            let note = PageSelection(of: form).note
            if format == .svg { return (render(picture.screen, format: .svg), note) }
            return (try minimap(rects: picture.minimapRects, width: form.minimapWidth, format: format, columns: columns), note)
        }
        let drawing = try reading { db throws(FormStoreError) in try db.minimapDrawing() }
        // Only an empty minimap costs a second read, to say why.
        let note = drawing.rects.isEmpty ? PageSelection(of: try definition()).note : nil
        return (try minimap(rects: drawing.rects, width: drawing.width, format: format, columns: columns), note)
    }

    private func minimap(rects: [MinimapRect], width: Double, format: RenderFormat, columns: Int) throws(FormKitError) -> String {
        try Self.minimap(rects: rects, width: width, format: format, columns: columns)
    }

    /// `rects` in an area `width` wide, as `format` draws them (a form
    /// read already: a respondent's, for one).
    static func minimap(rects: [MinimapRect], width: Double, format: RenderFormat, columns: Int) throws(FormKitError) -> String {
        let list = DisplayList(minimapRects: rects, minimapWidth: width)
        if format == .json {
            return try JSONText.encode(MinimapJSON(width: Double(list.size.width), height: Double(list.size.height), rects: rects))
        }
        return render(list, format: format, columns: columns)
    }

    /// `minimap --format json`'s shape.
    private struct MinimapJSON: Encodable {
        let width: Double, height: Double
        let rects: [MinimapRect]
    }

    // MARK: Opening

    /// The whole form, read.
    func definition() throws(FormKitError) -> FormDefinition {
        try reading { db throws(FormStoreError) in try db.definition() }
    }

    /// Runs `body` on the database opened for writing.
    func writing<T>(_ body: (FormDatabase) throws(FormStoreError) -> T) throws(FormKitError) -> T {
        try open(readingOnly: false, body)
    }

    /// Runs `body` on the database; a file formctl may not write is opened
    /// for reading instead of refused.
    func reading<T>(_ body: (FormDatabase) throws(FormStoreError) -> T) throws(FormKitError) -> T {
        try open(readingOnly: true, body)
    }

    private func open<T>(readingOnly: Bool, _ body: (FormDatabase) throws(FormStoreError) -> T) throws(FormKitError) -> T {
        do throws(FormStoreError) {
            // A session's file: its open database (one opened for reading
            // refuses writes with `readOnly`, as opening one here would).
            if let openDatabase { return try body(openDatabase.database) }
            let database: FormDatabase
            do throws(FormStoreError) {
                database = try FormDatabase.open(path: path, create: createsMissingFile, geometry: FormGeometry())
            } catch {
                guard readingOnly, case .readOnly = error else { throw error }
                database = try FormDatabase.openForReading(path: path, geometry: FormGeometry())
            }
            defer { try? database.close() }
            return try body(database)
        } catch {
            throw .store(error)
        }
    }

    /// For a program that exits as soon as its work is done, such as one
    /// `formctl` command: closed databases are kept (closed) until the
    /// process ends instead of deallocated, which saves starting a thread,
    /// about a millisecond (`FormDatabase.keepsClosedConnections`). Off by
    /// default: a program that keeps running would accumulate them.
    public static var keepsClosedConnections: Bool {
        get { FormDatabase.keepsClosedConnections }
        set { FormDatabase.keepsClosedConnections = newValue }
    }
}
