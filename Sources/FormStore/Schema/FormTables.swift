import FormModel
import GRDB

/// Reads and writes the form's tables (`form`, `page`, `form_row`, `field`,
/// `minimap_rect`) as FormModel values. No validation here: callers check
/// their input first.
enum FormTables {
    /// The field columns, in the order `field(from:)` reads them
    /// (`FieldColumn`): a column is found by name from the one after the
    /// last read (`ColumnIndex`), so that reading in this order compares
    /// one name a column.
    static let fieldColumns = FieldColumn.list(FieldColumn.allCases)
    /// `ORDER BY position, key` for `SELECT id, \(fieldColumns)`, by the
    /// columns' numbers (`id` is 1): SQLite resolves a named term again, a
    /// call of GRDB's authorizer more (see `fields`). FormStoreTests check them.
    static let fieldColumnsOrder = [FieldColumn.position, .key]
        .map { column in String((FieldColumn.allCases.firstIndex(of: column) ?? 0) + 2) }.joined(separator: ", ")
    /// The field columns before 0008_typed_questions.
    static let fieldColumnsBeforeTypes = FieldColumn.list(FieldColumn.present(atVersion: typesVersion - 1))
    /// The field columns before 0005_length_unit.
    static let fieldColumnsBeforeLengthUnit = FieldColumn.list(FieldColumn.present(atVersion: lengthUnitVersion - 1))
    /// The field columns before 0004_field_conditions.
    static let fieldColumnsBeforeConditions = FieldColumn.list(FieldColumn.present(atVersion: conditionsVersion - 1))
    /// The migration that adds `short_below`, `message` and `show_if_*` (0004_field_conditions).
    static let conditionsVersion = 4
    /// The migration that adds `length_unit` (0005_length_unit).
    static let lengthUnitVersion = 5
    /// The migration that adds types, bounds, choices, hints and defaults (0008_typed_questions).
    static let typesVersion = 8
    /// The migration that adds `read_only` (0014_read_only).
    static let readOnlyVersion = 14

    /// The field columns a database of `schemaVersion` has.
    static func fieldColumns(atVersion schemaVersion: Int) -> String {
        // Today's list itself when the database has every column (the
        // usual case, and `fields` tells it by this string).
        let present = FieldColumn.present(atVersion: schemaVersion)
        return present.count == FieldColumn.allCases.count ? fieldColumns : FieldColumn.list(present)
    }

    // MARK: Reading
    //
    // Every row is decoded through `StoredRow`, which throws
    // `UnusableValue` for a value formctl cannot use instead of trapping:
    // the checks mirror migration 0002's CHECKs, and also guard files
    // written before it or tables rebuilt by hand.

    /// The widest row (and minimap) formctl accepts, in points.
    static let widestWidth = 100_000.0

    /// The whole form. A missing `form` row (deleted in the sqlite3 shell)
    /// reads as the seed's title and minimap width; a refresh puts it back.
    ///
    /// `schemaVersion` is the database's when it may be older than this
    /// build's (the check before a migration): before 0003 there are no
    /// pages, and the form reads as one page, `main`.
    ///
    /// With `firstRow`, only the rows from that number on and their fields
    /// are read (every group still): the end of a long form, for a change
    /// made there (`appendInstance`).
    static func definition(_ db: Database, schemaVersion: Int = EmbeddedMigration.latestVersion,
                           fromRow firstRow: Int? = nil) throws -> FormDefinition {
        let fieldColumns = fieldColumns(atVersion: schemaVersion)
        guard schemaVersion >= pagesVersion else {
            let (template, minimapWidth) = try formRow(db)
            return FormDefinition(titleTemplate: template, rows: try rows(db, columns: rowColumnsBeforePages),
                                  fields: try fields(db, columns: fieldColumns), minimapWidth: minimapWidth)
        }
        // The `form` row is read once for all its settings (each statement
        // costs a one-shot command a prepare; a program that keeps the
        // database open prepares each of these once, cached), and decoded in the order
        // the separate reads had, so that the first unusable value named
        // is the same.
        let hasDirection = schemaVersion >= directionVersion
        let hasLanguage = schemaVersion >= languageVersion
        let form = try Row.fetchOne(db.cachedStatement(
            sql: "SELECT \(formColumns), \(pageSettingsColumns)\(hasDirection ? ", direction" : "")\(hasLanguage ? ", language" : "") FROM form WHERE id = 1"))
        let (template, minimapWidth) = try formRow(from: form)
        var rows = try rows(db, from: firstRow)
        let (selectedPage, tabBar) = try pageSettings(from: form)
        // A flat form's one extra read: its empty `form_group`.
        let groups = schemaVersion >= GroupTable.version ? try GroupTable.groups(db) : []
        if !groups.isEmpty {
            let rowGroups = try GroupTable.rowGroups(db, from: firstRow)
            for index in rows.indices { rows[index].group = rowGroups[rows[index].number] }
        }
        return FormDefinition(
            titleTemplate: template, rows: rows, fields: try fields(db, columns: fieldColumns, fromRow: firstRow), minimapWidth: minimapWidth,
            pages: try pages(db, rows: rows), selectedPage: selectedPage, tabBar: tabBar,
            direction: hasDirection ? try direction(from: form) : .leftToRight,
            language: hasLanguage ? try language(from: form) : FormDefinition.defaultLanguage, groups: groups)
    }

    /// The migration that adds the form's language (0011_form_language).
    static let languageVersion = 11

    /// The language of a read of the `form` row (English when it is gone).
    private static func language(from row: Row?) throws -> String {
        guard let row else { return FormDefinition.defaultLanguage }
        let stored = StoredRow(row, table: "form", identity: "id = 1")
        let text = try stored.text("language", replacement: "'en'")
        guard FormDefinition.isLanguageTag(text) else {
            try stored.mismatch("language", expected: "a BCP 47 language tag such as 'en' or 'he'", replacement: "'en'")
        }
        return text
    }

    /// The migration that adds pages (0003_pages).
    static let pagesVersion = 3
    /// The migration that adds the form's direction (0007_form_direction).
    static let directionVersion = 7

    /// The form's direction (left to right when the `form` row is gone).
    static func direction(_ db: Database) throws -> FormDirection {
        try direction(from: try Row.fetchOne(db, sql: "SELECT direction FROM form WHERE id = 1"))
    }

    /// The direction of a read of the `form` row (nil: the row is gone).
    private static func direction(from row: Row?) throws -> FormDirection {
        guard let row else { return .leftToRight }
        let stored = StoredRow(row, table: "form", identity: "id = 1")
        let text = try stored.text("direction", replacement: "'ltr'")
        guard let direction = FormDirection(rawValue: text) else {
            try stored.mismatch("direction", expected: "'ltr' or 'rtl'", replacement: "'ltr'")
        }
        return direction
    }

    /// The selected page and the tab bar's settings of the `form` row (the
    /// defaults when the row is gone).
    static func pageSettings(_ db: Database) throws -> (selectedPage: String?, tabBar: TabBarSettings) {
        try pageSettings(from: try Row.fetchOne(db, sql: "SELECT \(pageSettingsColumns) FROM form WHERE id = 1"))
    }

    private static let pageSettingsColumns = "selected_page, tab_bar_height, tab_bar_hidden"

    /// The page settings of a read of the `form` row (nil: the row is gone).
    private static func pageSettings(from row: Row?) throws -> (selectedPage: String?, tabBar: TabBarSettings) {
        guard let row else { return (FormPage.mainKey, TabBarSettings()) }
        let stored = StoredRow(row, table: "form", identity: "id = 1")
        let range = TabBarSettings.heightRange
        return (try stored.optionalText("selected_page"),
                TabBarSettings(height: try stored.real("tab_bar_height", in: range, replacement: "\(Int(TabBarSettings.defaultHeight))"),
                               isHidden: try stored.boolean("tab_bar_hidden")))
    }

    /// The pages in tab bar order. A page that rows name but the `page`
    /// table lacks (deleted in the sqlite3 shell, where foreign keys are off
    /// by default) is listed after the others, titled with its key; a
    /// refresh writes it back.
    static func pages(_ db: Database, rows: [FormRow]) throws -> [FormPage] {
        // ORDER BY result columns by number: SQLite resolves a named term
        // again, a call of GRDB's authorizer more (see `fields`).
        let pageRows = try Row.fetchAll(db.cachedStatement(sql: "SELECT key, title, position FROM page ORDER BY 3, 1"))
        let columns = pageRows.first.map(ColumnIndex.init)
        var pages = try pageRows.map { row in
            let unnamed = StoredRow(row, table: "page", identity: "", columns: columns)
            let stored = unnamed.identified(as: "key = \(StoredRow.sql(try unnamed.raw("key")))")
            return FormPage(
                key: try stored.text("key"), title: try stored.text("title", replacement: "key"),
                position: try stored.integer("position", in: 1...2_147_483_647, replacement: "(SELECT max(position) + 1 FROM page)"))
        }
        var known = Set(pages.map(\.key))
        for row in rows where !known.contains(row.page) {
            known.insert(row.page)
            pages.append(FormPage(key: row.page, title: row.page, position: (pages.last?.position ?? 0) + 1))
        }
        return pages
    }

    /// The title template and minimap width of the `form` row (the seed's
    /// when the row is gone).
    static func formRow(_ db: Database) throws -> (titleTemplate: String, minimapWidth: Double) {
        try formRow(from: try Row.fetchOne(db, sql: "SELECT \(formColumns) FROM form WHERE id = 1"))
    }

    private static let formColumns = "title_template, minimap_width"

    /// The title template and minimap width of a read of the `form` row
    /// (nil: the row is gone).
    private static func formRow(from row: Row?) throws -> (titleTemplate: String, minimapWidth: Double) {
        guard let row else { return (FormDefinition.seed.titleTemplate, FormDefinition.seed.minimapWidth) }
        let stored = StoredRow(row, table: "form", identity: "id = 1")
        return (try stored.text("title_template"),
                try stored.real("minimap_width", in: 10...widestWidth, lowerOpen: true, replacement: "200"))
    }

    static func rows(_ db: Database, columns: String = rowColumns, from firstRow: Int? = nil) throws -> [FormRow] {
        // `number` is the first of either list of columns. Without a first
        // row, no WHERE: each column a statement names costs a one-shot
        // command GRDB's authorizer (see `fields`).
        let rows = if let firstRow {
            try Row.fetchAll(db.cachedStatement(sql: "SELECT \(columns) FROM form_row WHERE number >= ? ORDER BY 1"), arguments: [firstRow])
        } else {
            try Row.fetchAll(db.cachedStatement(sql: "SELECT \(columns) FROM form_row ORDER BY 1"))
        }
        let columns = rows.first.map(ColumnIndex.init)
        return try rows.map { try formRow(from: StoredRow($0, table: "form_row", identity: "", columns: columns)) }
    }

    static let rowColumns = "number, width, min_width, max_width, page"
    static let rowColumnsBeforePages = "number, width, min_width, max_width"

    static func formRow(from row: Row) throws -> FormRow {
        try formRow(from: StoredRow(row, table: "form_row", identity: ""))
    }

    /// The row of a row of `form_row` (its identity is filled in here).
    private static func formRow(from unnamed: StoredRow) throws -> FormRow {
        // `number` is the rowid, so it is always an integer.
        let number = StoredRow.sql(try unnamed.raw("number"))
        let stored = unnamed.identified(as: "number = \(number)")
        let widths = 0...widestWidth
        let width = try stored.real("width", in: widths, lowerOpen: true, replacement: "min_width")
        let minWidth = try stored.real("min_width", in: widths, lowerOpen: true, replacement: "width")
        let maxWidth = try stored.real("max_width", in: widths, lowerOpen: true, replacement: "width")
        if minWidth > maxWidth {
            try stored.mismatch("max_width", expected: "at least min_width (\(StoredRow.format(minWidth)))", replacement: "min_width")
        }
        if !(minWidth...maxWidth).contains(width) {
            try stored.mismatch(
                "width", expected: "within min_width…max_width (\(StoredRow.format(minWidth))…\(StoredRow.format(maxWidth)))",
                replacement: "min_width")
        }
        return FormRow(
            number: try stored.integer("number", in: 1...1_000_000, replacement: "(SELECT max(number) + 1 FROM form_row)"),
            width: width, minWidth: minWidth, maxWidth: maxWidth,
            page: stored.has("page") ? try pageKey(stored) : FormPage.mainKey)
    }

    /// A row's page key: a row naming no page is listed on a page of that
    /// key, so it must be one a page could have.
    private static func pageKey(_ stored: StoredRow) throws -> String {
        let replacement = "(SELECT key FROM page ORDER BY position LIMIT 1)"
        let key = try stored.text("page", replacement: replacement)
        guard FieldInput.isKey(key) else {
            try stored.mismatch("page", expected: "a page key (1 to 64 ASCII letters, digits, '_' or '-', starting with a letter)", replacement: replacement)
        }
        return key
    }

    static func row(_ number: Int, _ db: Database) throws -> FormRow? {
        try Row.fetchOne(db, sql: "SELECT \(rowColumns) FROM form_row WHERE number = ?", arguments: [number])
            .map(formRow(from:))
    }

    /// The columns `field(from:)` reads.
    private static let fieldSelection = "id, " + fieldColumns

    /// Every field in form order (`columns`: `fieldColumnsBeforeConditions`
    /// for a file not yet migrated to 0004).
    static func fields(_ db: Database, columns: String = fieldColumns, fromRow firstRow: Int? = nil) throws -> [Field] {
        // Ordered by position, then key; for today's columns by their
        // numbers, since SQLite resolves a named ORDER BY term again, and
        // GRDB's authorizer costs about 16,000 instructions for each
        // column a statement names (issue 35).
        let order = columns == fieldColumns ? fieldColumnsOrder : "position, key"
        let rows = if let firstRow {
            try Row.fetchAll(db.cachedStatement(sql: "SELECT id, \(columns) FROM field WHERE \"row\" >= ? ORDER BY \(order)"),
                             arguments: [firstRow])
        } else {
            try Row.fetchAll(db.cachedStatement(sql: "SELECT id, \(columns) FROM field ORDER BY \(order)"))
        }
        guard let first = rows.first else { return [] }
        let columns = ColumnIndex(first)
        let stored = rows.map { StoredRow($0, table: "field", identity: "", columns: columns) }
        // Choices are read only when a field has them: a form of text
        // fields costs no query more than before types.
        var choices: [DatabaseValue: [FieldChoice]] = [:]
        if firstRow == nil {
            if stored.contains(where: hasChoices) { choices = try allChoices(db) }
        } else {
            // A few fields: their own choices, not the whole form's.
            for row in stored where hasChoices(row) {
                let id = try row.raw("id")
                choices[id] = try allChoices(db, fieldID: id)[id]
            }
        }
        return try stored.map { row in try field(from: row, choices: choices[try row.raw("id")] ?? []) }
    }

    static func field(_ key: String, _ db: Database) throws -> Field? {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(fieldSelection) FROM field WHERE key = ?", arguments: [key]) else { return nil }
        let stored = StoredRow(row, table: "field", identity: "", columns: ColumnIndex(row))
        var choices: [FieldChoice] = []
        if hasChoices(stored) {
            let id = try stored.raw("id")
            choices = try allChoices(db, fieldID: id)[id] ?? []
        }
        return try field(from: stored, choices: choices)
    }

    /// Whether a stored field is of a select type (its row's `type`).
    private static func hasChoices(_ row: StoredRow) -> Bool {
        guard row.has("type"), case .string(let type)? = try? row.raw("type").storage else {
            return false
        }
        // Numbers may have choices too; text, dates and booleans never do.
        return type == FieldType.selectOne.rawValue || type == FieldType.selectMultiple.rawValue
            || type == FieldType.integer.rawValue || type == FieldType.decimal.rawValue
    }

    /// The choices of every field (or of one), by field id, in order.
    private static func allChoices(_ db: Database, fieldID: DatabaseValue? = nil) throws -> [DatabaseValue: [FieldChoice]] {
        let select = "SELECT field_id, position, value, label FROM field_choice"
        let rows = if let fieldID {
            try Row.fetchAll(db.cachedStatement(sql: select + " WHERE field_id = ? ORDER BY position"), arguments: [fieldID])
        } else {
            try Row.fetchAll(db.cachedStatement(sql: select + " ORDER BY 1, 2"))
        }
        var choices: [DatabaseValue: [FieldChoice]] = [:]
        for row in rows {
            // By column number, and without a message prepared while the
            // value and label are text, as the STRICT table keeps them: a
            // form may hold thousands of choices, and a look-up by name
            // lowercases every column name up to the one asked for.
            let id = try row.decode(DatabaseValue.self, atIndex: 0)
            if case .string(let value) = try row.decode(DatabaseValue.self, atIndex: 2).storage,
               case .string(let label) = try row.decode(DatabaseValue.self, atIndex: 3).storage {
                choices[id, default: []].append(FieldChoice(value: value, label: label))
                continue
            }
            let place = StoredRow.sql(try row.decode(DatabaseValue.self, atIndex: 1))
            let stored = StoredRow(row, table: "field_choice", identity: "field_id = \(StoredRow.sql(id)) AND position = \(place)")
            choices[id, default: []].append(FieldChoice(value: try stored.text("value"), label: try stored.text("label", replacement: "value")))
        }
        return choices
    }

    /// The field with `key`, or `unknownField` with the nearest key.
    static func existingField(_ key: String, _ db: Database) throws -> Field {
        if let field = try field(key, db) { return field }
        throw try unknownField(key, db)
    }

    static func unknownField(_ key: String, _ db: Database) throws -> FormStoreError {
        let keys = try Row.fetchAll(db, sql: "SELECT key FROM field ORDER BY position").compactMap { row -> String? in
            if case .string(let key) = try row.decode(DatabaseValue.self, forColumn: "key").storage { return key }
            return nil
        }
        return .unknownField(key: key, suggestion: KeySuggestion.nearest(to: key, in: keys))
    }

    static func field(from row: Row, choices: [FieldChoice] = []) throws -> Field {
        try field(from: StoredRow(row, table: "field", identity: ""), choices: choices)
    }

    /// The field of a row of `field` (its identity is filled in here).
    private static func field(from unnamed: StoredRow, choices: [FieldChoice]) throws -> Field {
        // `id` is the rowid, so it is always an integer; the key is named
        // in messages when it is usable text.
        let id = StoredRow.sql(try unnamed.raw("id"))
        var identity = "id = \(id)"
        if case .string(let key) = try unnamed.raw("key").storage, !key.isEmpty {
            identity = "key = \(StoredRow.literal(key))"
        }
        let stored = unnamed.identified(as: identity)
        let key = try stored.text("key", replacement: "'field\(id)'")
        if key.isEmpty { try stored.mismatch("key", expected: "text of at least one character", replacement: "'field\(id)'") }
        let lengths: ClosedRange<Int64> = 0...Int64.max
        let minLength = try stored.optionalInteger("min_length", in: lengths)
        let maxLength = try stored.optionalInteger("max_length", in: lengths)
        if let minLength, let maxLength, minLength > maxLength {
            try stored.mismatch("min_length", expected: "NULL or at most max_length (\(maxLength))", replacement: "NULL")
        }
        var shortBelow = ValidationState.minimumValidLength
        var message: String?
        var showIf: ShowCondition?
        if stored.has("short_below") {
            shortBelow = try stored.integer("short_below", in: 0...Int64(Int.max), replacement: "\(ValidationState.minimumValidLength)")
            message = try stored.optionalText("message")
            if message == "" { try stored.mismatch("message", expected: "NULL or text of at least one character", replacement: "NULL") }
            showIf = try condition(stored, key: key)
        }
        var lengthUnit = LengthUnit.characters
        if stored.has("length_unit") {
            let text = try stored.text("length_unit", replacement: "'characters'")
            guard let unit = LengthUnit(rawValue: text) else {
                try stored.mismatch("length_unit", expected: "'characters' or 'code_points'", replacement: "'characters'")
            }
            lengthUnit = unit
        }
        var rules = FieldRules(
            required: try stored.boolean("required"),
            minLength: minLength,
            maxLength: maxLength,
            pattern: try stored.optionalText("pattern"),
            email: try stored.boolean("email"),
            shortBelow: shortBelow,
            message: message,
            lengthUnit: lengthUnit)
        var hint: String?, defaultValue: String?
        if stored.has("type") {
            try readTypedRules(stored, into: &rules, choices: choices)
            hint = try stored.optionalText("hint")
            defaultValue = try stored.optionalText("default_value")
        }
        let isReadOnly = stored.has("read_only") ? try stored.boolean("read_only") : false
        return Field(
            key: key,
            label: try stored.text("label"),
            value: try stored.text("value"),
            row: try stored.integer("row", in: 1...1_000_000, replacement: "(SELECT min(number) FROM form_row)"),
            position: try stored.integer("position", in: 1...2_147_483_647, replacement: "(SELECT max(position) + 1 FROM field)"),
            isVisible: try stored.boolean("visible", replacement: "1"),
            rules: rules,
            showIf: showIf, hint: hint, defaultValue: defaultValue, isReadOnly: isReadOnly)
    }

    /// The type, bounds, step, choices and selection counts of 0008, added
    /// to `rules`; rules that cannot work together (an edit in the sqlite3
    /// shell: a `min_value` that is not a number of an integer field) are
    /// refused naming the column, as other unusable values are.
    private static func readTypedRules(_ stored: StoredRow, into rules: inout FieldRules, choices: [FieldChoice]) throws {
        let typeName = try stored.text("type", replacement: "'text'")
        guard let type = FieldType(rawValue: typeName) else {
            let names = FieldType.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            try stored.mismatch("type", expected: "one of \(names)", replacement: "'text'")
        }
        rules.type = type
        if let min = try stored.optionalText("min_value") {
            rules.lowerBound = ValueBound(min, inclusive: true)
        } else if let above = try stored.optionalText("above_value") {
            rules.lowerBound = ValueBound(above, inclusive: false)
        }
        if let max = try stored.optionalText("max_value") {
            rules.upperBound = ValueBound(max, inclusive: true)
        } else if let below = try stored.optionalText("below_value") {
            rules.upperBound = ValueBound(below, inclusive: false)
        }
        rules.step = try stored.optionalText("step")
        rules.minSelected = try stored.optionalInteger("min_selected", in: 0...Int64(FieldChoice.mostChoices))
        rules.maxSelected = try stored.optionalInteger("max_selected", in: 0...Int64(FieldChoice.mostChoices))
        rules.choices = choices
        if let (property, reason) = rules.inconsistency, let column = FieldProperty.named(property)?.column {
            try stored.mismatch(column, expected: "rules that work together: \(reason)", replacement: "NULL")
        }
    }

    /// A field's `show_if_*` columns as a condition: nil when
    /// `show_if_field` is NULL, which the other two must then be too; else
    /// exactly one of `show_if_equals` and `show_if_filled`. A condition
    /// naming the field itself never holds, so it is refused as the CHECK of
    /// 0004 does; one naming no field is read as it is (it never holds).
    private static func condition(_ stored: StoredRow, key: String) throws -> ShowCondition? {
        let clear = "NULL, show_if_equals = NULL, show_if_filled = 0"
        let field = try stored.optionalText("show_if_field")
        let equals = try stored.optionalText("show_if_equals")
        let filled = try stored.boolean("show_if_filled")
        if stored.has("show_if"), let json = try stored.optionalText("show_if") {
            guard field == nil, let condition = StoredCondition.condition(from: json) else {
                try stored.mismatch("show_if", expected: "NULL, or a condition as JSON ({\"field\":\"KEY\",\"at_least\":\"18\"}) while show_if_field is NULL",
                                    replacement: "NULL")
            }
            if condition.reads(key) { try stored.mismatch("show_if", expected: "a condition that reads other fields", replacement: "NULL") }
            return condition
        }
        guard let field else {
            if equals != nil || filled { try stored.mismatch("show_if_field", expected: "a field key when show_if_equals or show_if_filled is set", replacement: clear) }
            return nil
        }
        if field == key { try stored.mismatch("show_if_field", expected: "another field's key", replacement: clear) }
        switch (equals, filled) {
        case (let value?, false): return .equals(field: field, value: value)
        case (nil, true): return .filled(field: field)
        default:
            try stored.mismatch("show_if_equals", expected: "text when show_if_filled is 0, NULL when it is 1", replacement: "NULL, show_if_filled = 1")
        }
    }

    /// The stored minimap. A rectangle formctl cannot use is reported with
    /// `DELETE FROM minimap_rect` as the fix: the table is derived, and the
    /// next formctl command draws it again.
    static func minimapRects(_ db: Database, fromZ firstZ: Int? = nil) throws -> [MinimapRect] {
        let select = "SELECT z, key, kind, color, x, y, width, height FROM minimap_rect"
        // Without a first z, no WHERE (see `rows`).
        let rows = if let firstZ {
            try Row.fetchAll(db.cachedStatement(sql: select + " WHERE z >= ? ORDER BY 1"), arguments: [firstZ])
        } else {
            try Row.fetchAll(db.cachedStatement(sql: select + " ORDER BY 1"))
        }
        guard let first = rows.first else { return [] }
        let columns = ColumnIndex(first)
        return try rows.map { row in
            let unnamed = StoredRow(row, table: "minimap_rect", identity: "", fix: "DELETE FROM minimap_rect", columns: columns)
            let stored = unnamed.identified(as: "z = \(StoredRow.sql(try unnamed.raw("z")))")
            let kindName = try stored.text("kind")
            let colorName = try stored.text("color")
            guard let kind = MinimapRect.Kind(rawValue: kindName) else {
                try stored.mismatch("kind", expected: "'title', 'field' or 'fieldContainer'", replacement: "'field'")
            }
            guard let color = FieldColor(rawValue: colorName) else {
                try stored.mismatch("color", expected: "a colour name such as 'gray'", replacement: "'gray'")
            }
            let points = -1e15...1e15, sizes = 0...1e15
            return MinimapRect(
                z: try stored.integer("z", in: 0...Int64(Int32.max), replacement: "0"), key: try stored.text("key"),
                kind: kind, color: color,
                x: try stored.real("x", in: points, replacement: "0"), y: try stored.real("y", in: points, replacement: "0"),
                width: try stored.real("width", in: sizes, replacement: "0"),
                height: try stored.real("height", in: sizes, replacement: "0"))
        }
    }

    /// Every history row, decoded (`key`: only that field's).
    static func history(key: String?, _ db: Database) throws -> [HistoryEntry] {
        let rows = if let key {
            try Row.fetchAll(db, sql: "SELECT id, key, old_value, new_value, changed_at, source FROM history WHERE key = ? ORDER BY id", arguments: [key])
        } else {
            try Row.fetchAll(db, sql: "SELECT id, key, old_value, new_value, changed_at, source FROM history ORDER BY id")
        }
        return try rows.map { row in
            let idValue = try row.decode(DatabaseValue.self, forColumn: "id")
            let stored = StoredRow(row, table: "history", identity: "id = \(StoredRow.sql(idValue))")
            let id: Int64
            if case .int64(let number) = idValue.storage { id = number } else {
                try stored.mismatch("id", expected: "a whole number", replacement: "NULL")
            }
            let sourceName = try stored.text("source", replacement: "'sql'")
            guard let source = HistoryEntry.Source(rawValue: sourceName) else {
                try stored.mismatch("source", expected: "'formctl' or 'sql'", replacement: "'sql'")
            }
            return HistoryEntry(
                id: id, key: try stored.text("key"), oldValue: try stored.optionalText("old_value"),
                newValue: try stored.optionalText("new_value"),
                changedAt: try stored.text("changed_at", replacement: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"), source: source)
        }
    }

    /// True when the form has no `form` row, no rows and no fields: a new
    /// database that still needs the seed form.
    static func isEmpty(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM form) + (SELECT COUNT(*) FROM form_row) + (SELECT COUNT(*) FROM field)") == 0
    }

    // MARK: Writing

    /// Inserts a whole form into empty tables (the seed, or a form file's
    /// form, for a new file); its pages replace those that exist (the
    /// migration's `main`, which no row names yet in empty tables).
    static func insert(_ definition: FormDefinition, _ db: Database) throws {
        try insertForm(titleTemplate: definition.titleTemplate, minimapWidth: definition.minimapWidth, db)
        try db.execute(
            sql: "UPDATE form SET selected_page = ?, tab_bar_height = ?, tab_bar_hidden = ?, direction = ?, language = ? WHERE id = 1",
            arguments: [definition.selectedPage, definition.tabBar.height, definition.tabBar.isHidden, definition.direction.rawValue,
                        definition.language])
        // Positions are unique: `main` at 1 would collide with a form whose
        // first page is another.
        try db.execute(sql: "DELETE FROM page")
        for page in definition.pages {
            try insertPage(page, db)
        }
        for row in definition.rows {
            try insert(row, db)
        }
        for field in definition.fields {
            try insert(field, db)
        }
        if !definition.groups.isEmpty {
            try GroupTable.write(definition.groups, db)
            try GroupTable.writeRowGroups(definition.rows, db)
        }
    }

    /// Inserts `row` with its number.
    static func insert(_ row: FormRow, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO form_row (number, width, min_width, max_width, page) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [row.number, row.width, row.minWidth, row.maxWidth, row.page])
    }

    /// Inserts the single `form` row (id 1).
    static func insertForm(titleTemplate: String, minimapWidth: Double, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO form (id, title_template, minimap_width) VALUES (1, ?, ?)",
            arguments: [titleTemplate, minimapWidth])
    }

    /// Inserts `page`, or gives an existing page of that key its title and place.
    static func insertPage(_ page: FormPage, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO page (key, title, position) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET title = excluded.title, position = excluded.position",
            arguments: [page.key, page.title, page.position])
    }

    /// Inserts `field` with its value and position (a statement prepared
    /// once per connection: a form file may add thousands).
    static func insert(_ field: Field, _ db: Database) throws {
        try db.cachedStatement(sql: insertField).execute(arguments: FieldColumn.arguments(insertedColumns, of: field))
        guard !field.rules.choices.isEmpty else { return }
        // The new row's id, known: no look-up of the key per choice (a form
        // file of 10,000 fields may bring tens of thousands of choices).
        let id = db.lastInsertedRowID
        let insert = try db.cachedStatement(sql: "INSERT INTO field_choice (field_id, position, value, label) VALUES (?, ?, ?, ?)")
        for (index, choice) in field.rules.choices.enumerated() {
            try insert.execute(arguments: [id, index + 1, choice.value, choice.label])
        }
    }

    /// The columns a new field fills: all of them.
    private static let insertedColumns = FieldColumn.own + FieldColumn.rules + FieldColumn.conditions
    /// The INSERT of a field (`insert`).
    private static let insertField = "INSERT INTO field (\(FieldColumn.list(insertedColumns))) VALUES ("
        + Array(repeating: "?", count: insertedColumns.count).joined(separator: ", ") + ")"

    /// The assignments of a field's rule columns, for `ruleArguments`;
    /// the choices are written apart (`writeChoices`).
    static let ruleAssignments = FieldColumn.assignments(FieldColumn.rules)

    /// The values of the rule columns for `rules`, in `ruleAssignments`' order.
    static func ruleArguments(_ rules: FieldRules) -> StatementArguments {
        FieldColumn.arguments(FieldColumn.rules, of: Field(key: "", label: "", row: 1, position: 1, rules: rules))
    }

    /// Sets the rule columns and the choices of the field with `key`.
    static func writeRules(_ rules: FieldRules, key: String, _ db: Database) throws {
        try db.execute(sql: "UPDATE field SET \(ruleAssignments) WHERE key = ?", arguments: ruleArguments(rules) + [key])
        try writeChoices(rules.choices, key: key, db)
    }

    /// Writes the choices of the field with `key`, in order, replacing
    /// those it has unless they are the same.
    static func writeChoices(_ choices: [FieldChoice], key: String, _ db: Database) throws {
        let stored = try Row.fetchAll(
            db, sql: "SELECT c.value, c.label FROM field_choice c JOIN field f ON f.id = c.field_id WHERE f.key = ? ORDER BY c.position",
            arguments: [key]).map { FieldChoice(value: $0["value"] ?? "", label: $0["label"] ?? "") }
        guard stored != choices else { return }
        try db.execute(sql: "DELETE FROM field_choice WHERE field_id = (SELECT id FROM field WHERE key = ?)", arguments: [key])
        guard !choices.isEmpty else { return }
        let insert = try db.cachedStatement(
            sql: "INSERT INTO field_choice (field_id, position, value, label) VALUES ((SELECT id FROM field WHERE key = ?), ?, ?, ?)")
        for (index, choice) in choices.enumerated() {
            try insert.execute(arguments: [key, index + 1, choice.value, choice.label])
        }
    }

    /// The assignments of a field's condition columns, for `conditionArguments`.
    static let conditionAssignments = FieldColumn.assignments(FieldColumn.conditions)

    /// The values of `show_if_field`, `show_if_equals`, `show_if_filled`
    /// and `show_if` for `condition` (`FieldColumn.value(of:)`).
    static func conditionArguments(_ condition: ShowCondition?) -> StatementArguments {
        FieldColumn.arguments(FieldColumn.conditions, of: Field(key: "", label: "", row: 1, position: 1, showIf: condition))
    }

    /// Sets columns of the field with `key` (`assignments` is the SQL after
    /// `SET`, `arguments` its values) and returns the field as it then is;
    /// throws `unknownField` when there is no such field.
    static func updateField(_ key: String, set assignments: String, _ arguments: StatementArguments, _ db: Database) throws -> Field {
        _ = try existingField(key, db)
        try db.execute(sql: "UPDATE field SET \(assignments) WHERE key = ?", arguments: arguments + [key])
        return try existingField(key, db)
    }

    static func replaceMinimapRects(with rects: [MinimapRect], _ db: Database) throws {
        try db.execute(sql: "DELETE FROM minimap_rect")
        try insertMinimapRects(rects[...], db)
    }

    static func insertMinimapRects(_ rects: ArraySlice<MinimapRect>, _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO minimap_rect (z, key, kind, color, x, y, width, height) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        for rect in rects {
            try insert.execute(
                arguments: [rect.z, rect.key, rect.kind.rawValue, rect.color.rawValue, rect.x, rect.y, rect.width, rect.height])
        }
    }

    /// Rewrites only the rectangles that differ between `old` and `new`
    /// (both in z order, numbered from 0). When their numbers of
    /// rectangles differ (an instance added, a field shown), the runs
    /// equal at both ends are kept: the middle is replaced and the run at
    /// the end moves to its new z's in SQL, rather than every row being
    /// written again.
    static func updateMinimapRects(from old: [MinimapRect], to new: [MinimapRect], _ db: Database) throws {
        guard old.map(\.z) == new.map(\.z) else { return try spliceMinimapRects(from: old, to: new, db) }
        let update = try db.cachedStatement(sql: "UPDATE minimap_rect SET key = ?, kind = ?, color = ?, x = ?, y = ?, width = ?, height = ? WHERE z = ?")
        for (before, rect) in zip(old, new) where before != rect {
            try update.execute(
                arguments: [rect.key, rect.kind.rawValue, rect.color.rawValue, rect.x, rect.y, rect.width, rect.height, rect.z])
        }
    }

    /// `updateMinimapRects` when the rectangles' z's differ: the rows of
    /// the equal runs at both ends (equal but for z) stay, the middle ones
    /// are deleted and inserted, and the end's run is renumbered in two
    /// statements: first above every z in use, then down to its place, so
    /// that no z is ever held twice. Rectangles not numbered 0…n-1 (a
    /// table someone edited) are written whole.
    private static func spliceMinimapRects(from old: [MinimapRect], to new: [MinimapRect], _ db: Database) throws {
        func numbered(_ rects: [MinimapRect]) -> Bool { rects.indices.allSatisfy { rects[$0].z == $0 } }
        guard numbered(old), numbered(new) else { return try replaceMinimapRects(with: new, db) }
        func same(_ a: MinimapRect, _ b: MinimapRect) -> Bool {
            a.key == b.key && a.kind == b.kind && a.color == b.color && a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
        }
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        // Little kept: writing the whole table is as cheap and simpler.
        guard prefix + suffix >= shorter / 2 else { return try replaceMinimapRects(with: new, db) }
        let oldEnd = old.count - suffix, newEnd = new.count - suffix
        try db.execute(sql: "DELETE FROM minimap_rect WHERE z >= ? AND z < ?", arguments: [prefix, oldEnd])
        if suffix > 0, oldEnd != newEnd {
            let above = old.count + new.count
            try db.execute(sql: "UPDATE minimap_rect SET z = z + ? WHERE z >= ?", arguments: [above, oldEnd])
            try db.execute(sql: "UPDATE minimap_rect SET z = z - ? WHERE z >= ?", arguments: [above + oldEnd - newEnd, above])
        }
        try insertMinimapRects(new[prefix..<newEnd], db)
    }

    /// Gives the fields positions 1…n in the order of `keys` (which must
    /// list every field once). Positions are unique, so everything first
    /// moves above the current maximum, where nothing can collide.
    static func assignPositions(inOrder keys: [String], _ db: Database) throws {
        try assignPositions(inOrder: keys, current: try fields(db), db)
    }

    /// `assignPositions(inOrder:_:)` given the fields as stored, read
    /// already; returns whether any position was written.
    @discardableResult
    static func assignPositions(inOrder keys: [String], current: [Field], _ db: Database) throws -> Bool {
        let now = Dictionary(current.map { ($0.key, $0.position) }, uniquingKeysWith: { first, _ in first })
        guard keys.enumerated().contains(where: { now[$1] != $0 + 1 }) else { return false }
        let highest = now.values.max() ?? 0
        try db.execute(sql: "UPDATE field SET position = position + ?", arguments: [highest])
        let update = try db.cachedStatement(sql: "UPDATE field SET position = ? WHERE key = ?")
        for (index, key) in keys.enumerated() {
            try update.execute(arguments: [index + 1, key])
        }
        return true
    }
}
