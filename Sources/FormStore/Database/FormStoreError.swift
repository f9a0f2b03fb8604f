import FormModel

/// Everything that can go wrong with a form database, as a value with a
/// message a user can act on. The CLI maps each case to an exit code.
///
/// Whenever the store refuses a file at open (`notADatabase`,
/// `notAFormDatabase`, `schemaTooNew`, `readOnly`) it has not written to
/// it: the file is left byte for byte as it was. `damagedSchema` comes
/// later, from a statement SQLite refused, and the transaction it was in
/// rolled back.
public enum FormStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist and creating it was not asked for.
    case noDatabase(path: String)
    /// The folder that should hold the database does not exist.
    case noFolder(path: String, folder: String)
    /// The file is not SQLite, or SQLite finds it damaged (`SQLITE_NOTADB`,
    /// `SQLITE_CORRUPT`).
    case notADatabase(path: String)
    /// The file is a SQLite database, but not a formctl one: it holds a
    /// table or view formctl does not make, lacks formctl's tables, names
    /// another application in its header, or has a `schema_migration`
    /// table formctl did not write. formctl will not add its tables to
    /// someone else's database, whatever its `user_version`.
    case notAFormDatabase(path: String)
    /// A formctl database whose schema (the tables, indexes, triggers and
    /// views in `sqlite_master`) is damaged: SQLite cannot parse it, or
    /// refused one of formctl's own statements and the schema is not the
    /// one formctl's migrations made (`SchemaDamage`). `difference` names
    /// the first entry that differs, when known (`trigger field_changed
    /// differs from formctl's`); `sqliteMessage` is what SQLite said.
    case damagedSchema(path: String, difference: String?, sqliteMessage: String)
    /// A formctl database holding a value formctl cannot use (text where a
    /// number belongs, an infinite width…): in a file written before the
    /// tables were `STRICT`, or a table a user rebuilt in `sqlite3`. Names
    /// the table, column, row (as SQL, `key = 'first'`) and value (as SQL),
    /// what the column must hold, and a `sqlite3` command that fixes it.
    case unusableValue(path: String, table: String, column: String, row: String, value: String, expected: String, fix: String)
    /// A `--db` that cannot name a form's file: empty, SQLite's in-memory
    /// and URI names (a form lives in a file), a path ending in `/`, or one
    /// longer than the file system allows. `reason` says which.
    case invalidPath(path: String, reason: String)
    /// The path cannot be followed to a file: one of its folders is a
    /// regular file (`notes.txt/form.db`) or a symbolic link loops.
    case unreachablePath(path: String, reason: String)
    /// The system refused to look at the path or read the file
    /// (`EACCES`): a folder on the way cannot be searched, or the file
    /// cannot be read.
    case permissionDenied(path: String)
    /// Another connection kept the database locked for longer than the busy
    /// timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy(path: String)
    /// The database has migrations this build does not know: a newer
    /// formctl wrote it. `found` is its schema version, `known` the newest
    /// this build knows.
    case schemaTooNew(found: Int, known: Int)
    /// The database cannot be written: the file has no write permission bit,
    /// or it, its folder or its file system refuses writes.
    case readOnly(path: String)
    /// No field has this key; `suggestion` is the nearest existing key, if
    /// one is close enough to be a likely typo.
    case unknownField(key: String, suggestion: String?)
    /// A field with this key already exists.
    case duplicateField(key: String)
    /// The form has no row with this number.
    case unknownRow(number: Int)
    /// A row cannot be removed while it holds fields (`keys`).
    case rowNotEmpty(number: Int, keys: [String])
    /// A row width outside the row's accepted range.
    case outOfRange(row: Int, width: Double, range: ClosedRange<Double>)
    /// No page has this key; `suggestion` is the nearest existing key.
    case unknownPage(key: String, suggestion: String?)
    /// A page with this key already exists.
    case duplicatePage(key: String)
    /// A page cannot be removed while it holds fields (`keys`), unless
    /// removing them with it was asked for.
    case pageNotEmpty(key: String, keys: [String])
    /// A form keeps at least one page.
    case lastPage(key: String)
    /// A row asked for on one page sits on another.
    case rowOnOtherPage(number: Int, page: String, asked: String)
    /// The row (or the field's) is part of a group, a repeat or one of its
    /// instances, whose rows and fields come from the form file (their
    /// fields are keyed by path): `field add`, `field move` and `row
    /// remove` leave it alone.
    case rowInGroup(number: Int, group: String)
    /// Making the structure equal to a form file (`formctl apply`) would
    /// remove these fields, which hold values, and removing them was not
    /// asked for (`--prune`). Nothing was written.
    case fieldsHoldValues([HeldValue])
    /// A change of a field's type or choices that its present value or
    /// stored answers could not keep (`field type`, `field choices` without
    /// `--force`); each reason names one (an answer with the responses
    /// that hold it). `valueNotKept`: the present value is among them;
    /// `responses`: the ids of the responses holding such answers, in
    /// order (complete ones and drafts). Nothing was written.
    case valuesNotKept(key: String, reasons: [String], valueNotKept: Bool, responses: [Int64])
    /// A repeat's instances cannot change so (`formctl repeat`): `path`
    /// names no repeat or no instance, or the change would take the repeat
    /// past its `max_count` or below its `min_count`; `reason` says which.
    case instancesRefused(path: String, reason: String)
    /// `path` names no repeat of the form where a repeat's declared path
    /// is asked for (`responses --format csv --repeat`); `repeats` are the
    /// form's, by declared path (`households.members`), in form order.
    case unknownRepeat(path: String, repeats: [String])
    /// The field is read-only (`read_only: true`): `set` changes it only
    /// with `--force`, respondents never.
    case readOnlyField(key: String)
    /// A tab bar height outside `TabBarSettings.heightRange`.
    case tabBarHeightOutOfRange(height: Double, range: ClosedRange<Double>)
    /// A value, key, label or rule the store refuses; `reason` says why.
    case invalidValue(key: String, reason: String)
    /// No response has this id; `existing` is the range of ids that do
    /// (nil when there are no responses).
    case unknownResponse(id: Int64, existing: ClosedRange<Int64>?)
    /// `responses open` asked for a response that is not a draft: only a
    /// draft is opened for editing.
    case responseNotDraft(id: Int64)
    /// `responses open` would replace values the form holds that were not
    /// submitted (`keys`); submit or clear them first, or force it.
    case unsavedValues(keys: [String])
    /// The disk holding the database is full: nothing of the write was
    /// stored (SQLite rolled it back).
    case diskFull(path: String)
    /// A respondent who has submitted writes again to a form collected
    /// with `--once` (`formctl serve --collect --once`).
    case alreadySubmitted
    /// A new respondent's first write while `limit` drafts are open
    /// (`--max-drafts`); existing drafts keep working.
    case tooManyDrafts(limit: Int)
    /// Any other failure (I/O error, or formctl's own fault: one
    /// of its statements refused on a schema that is the one formctl made),
    /// with SQLite's or the system's message.
    case underlying(message: String)
    /// The store of respondents' drafts and responses kept apart from the
    /// file (PostgreSQL, `serve --collect --responses`) refused or failed.
    case responseStore(ResponseStoreFailure)

    /// `unknownPage` for `key`, suggesting the nearest of `keys` when one
    /// is close enough to be a likely typo.
    public static func unknownPage(_ key: String, among keys: [String]) -> FormStoreError {
        .unknownPage(key: key, suggestion: KeySuggestion.nearest(to: key, in: keys))
    }

    /// `unknownField` for `key`, suggesting the nearest of `keys` when one
    /// is close enough to be a likely typo.
    public static func unknownField(_ key: String, among keys: [String]) -> FormStoreError {
        .unknownField(key: key, suggestion: KeySuggestion.nearest(to: key, in: keys))
    }

    /// The message for the user: what happened and what to do about it.
    public var description: String {
        switch self {
        case .noDatabase(let path):
            "no form database at \(path): the file does not exist (ask for it to be created to start from the seed form)"
        case .noFolder(let path, let folder):
            "no form database at \(path): the folder \(folder) does not exist (create it, or choose another --db)"
        case .notADatabase(let path):
            "\(path) is not a SQLite database, or it is damaged; it was left untouched"
        case .notAFormDatabase(let path):
            "\(path) is a SQLite database but not a formctl one (it holds tables or views formctl does not make, lacks formctl's, or another program's schema_migration); it was left untouched"
        case .damagedSchema(let path, let difference, let sqliteMessage):
            "\(path) is damaged: its schema is not the one formctl made\(difference.map { " (\($0))" } ?? ""), and SQLite says: \(sqliteMessage). "
                + "It was left untouched; restore it from a copy (sqlite3 \(path) .schema shows its schema)"
        case .unusableValue(let path, let table, let column, let row, let value, let expected, let fix):
            "\(path): \(table).\(column) is \(value) where \(row), which formctl cannot use: it must be \(expected). Fix it with sqlite3, for example: sqlite3 \(path) \"\(fix)\""
        case .invalidPath(let path, let reason):
            "cannot use '\(path)' as the form database: \(reason)"
        case .unreachablePath(let path, let reason):
            "no form database at \(path): \(reason)"
        case .permissionDenied(let path):
            "cannot read \(path): permission denied (a folder on the way cannot be searched, or the file cannot be read); check its permissions or choose another --db"
        case .busy(let path):
            "\(path) is locked by another program (a sqlite3 shell with an open transaction, another formctl…); try again once it has finished"
        case .schemaTooNew(let found, let known):
            if found > known {
                "the database was written by a newer formctl (schema version \(found), this formctl knows up to \(known)); upgrade formctl. The file was left untouched"
            } else {
                "the database has migrations this formctl does not know (this formctl knows schema versions up to \(known)); use the formctl that wrote it. The file was left untouched"
            }
        case .readOnly(let path):
            "cannot write \(path): the file or its folder is read-only (formctl also writes \(path)-wal and \(path)-shm beside it); make both writable (chmod u+w) or work on a copy. The file was left untouched"
        case .unknownField(let key, let suggestion):
            if let suggestion {
                "no field named '\(key)'; did you mean '\(suggestion)'?"
            } else {
                "no field named '\(key)'"
            }
        case .duplicateField(let key):
            "a field named '\(key)' already exists; choose another key or remove that field first"
        case .unknownRow(let number):
            "the form has no row \(number)"
        case .rowNotEmpty(let number, let keys):
            "row \(number) still holds \(keys.joined(separator: ", ")); move them to another row (formctl field move KEY --row N) or remove them first"
        case .outOfRange(let row, let width, let range):
            "row \(row) cannot be \(Points.format(width)) wide: its width must be within \(Points.format(range.lowerBound))…\(Points.format(range.upperBound))"
        case .unknownPage(let key, let suggestion):
            if let suggestion {
                "no page named '\(key)'; did you mean '\(suggestion)'? (formctl page list shows them)"
            } else {
                "no page named '\(key)' (formctl page list shows the pages)"
            }
        case .duplicatePage(let key):
            "a page named '\(key)' already exists; choose another key"
        case .pageNotEmpty(let key, let keys):
            "page '\(key)' still holds \(keys.joined(separator: ", ")); move them to another page's row (formctl field move KEY --row N), or remove the page with its fields (--with-fields; their values stay in history)"
        case .lastPage(let key):
            "page '\(key)' is the form's only page, and a form keeps at least one; add another page first"
        case .rowOnOtherPage(let number, let page, let asked):
            "row \(number) is on page '\(page)', not '\(asked)'; leave out --page or --row, or name a row of that page (formctl row list)"
        case .rowInGroup(let number, let group):
            "row \(number) is part of '\(group)', whose rows and fields the form file declares (a field inside is named by its path); change it there: formctl export > form.yaml, edit, formctl apply form.yaml"
        case .fieldsHoldValues(let fields):
            "the file leaves out \(fields.count == 1 ? "a field that holds a value" : "\(fields.count) fields that hold values"): \(fields.map(\.description).joined(separator: ", ")); nothing was changed. Keep \(fields.count == 1 ? "it" : "them") in the file, clear \(fields.count == 1 ? "it" : "them") first (formctl set KEY ''), or apply with --prune to remove \(fields.count == 1 ? "it" : "them") (the values stay in history)"
        case .valuesNotKept(let key, let reasons, let valueNotKept, let responses):
            "\(key): the change would leave \(reasons.joined(separator: "; ")); nothing was changed. "
                + (valueNotKept ? "Change the value first (formctl set \(key) …), or give" : "Give")
                + " --force to make the change anyway ("
                + (valueNotKept ? "such values are then invalid, and answers keep what they were given" : "answers keep what they were given, with the type they had")
                + (responses.isEmpty || valueNotKept ? ")" : "), or delete \(responses.count == 1 ? "that response" : "those responses") first (formctl responses delete ID)")
        case .tabBarHeightOutOfRange(let height, let range):
            "the tab bar cannot be \(Points.format(height)) points high: its height must be within \(Points.format(range.lowerBound))…\(Points.format(range.upperBound))"
        case .invalidValue(let key, let reason):
            "invalid input for '\(key)': \(reason)"
        case .instancesRefused(let path, let reason):
            "\(path): \(reason)"
        case .unknownRepeat(let path, let repeats):
            repeats.isEmpty
                ? "\(path): not a repeat; the form has no repeats"
                : "\(path): not a repeat of the form; its repeats are \(repeats.joined(separator: ", ")) (a nested one by its declared path, without instance numbers)"
        case .readOnlyField(let key):
            "\(key) is read-only (read_only: true): it holds the form owner's value or its default; nothing was changed. Give --force to change it anyway (formctl set \(key) VALUE --force)"
        case .unknownResponse(let id, let existing):
            if let existing {
                existing.lowerBound == existing.upperBound
                    ? "no response \(id); the only response is \(existing.lowerBound) (formctl responses lists it)"
                    : "no response \(id); the responses are numbered \(existing.lowerBound) to \(existing.upperBound) (formctl responses lists them)"
            } else {
                "no response \(id); there are no responses yet (formctl submit stores one)"
            }
        case .responseNotDraft(let id):
            "response \(id) is complete, and only a draft can be opened for editing (formctl responses --status draft lists the drafts)"
        case .unsavedValues(let keys):
            "the form holds values that were not submitted (\(keys.joined(separator: ", "))); submit them first (formctl submit, or submit --draft to keep them as a draft), clear them (formctl values --clear), or open the response anyway with --force"
        case .diskFull(let path):
            "database error: the disk holding \(path) is full; nothing of this write was stored (free some space and try again)"
        case .alreadySubmitted:
            "this form takes one response per person, and yours has been submitted"
        case .tooManyDrafts(let limit):
            "the form has \(limit) answers in progress, its limit; try again later"
        case .underlying(let message):
            "database error: \(message)"
        case .responseStore(let failure):
            failure.message
        }
    }
}
