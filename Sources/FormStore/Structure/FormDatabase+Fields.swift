import FormModel
import GRDB

extension FormDatabase {
    /// Shows a hidden field (seed 002's Twitter toggle), keeping its value.
    @discardableResult
    public func showField(key: String) throws(FormStoreError) -> Field {
        try setVisible(true, key: key)
    }

    /// Hides a field: it keeps its value but is neither laid out nor drawn.
    @discardableResult
    public func hideField(key: String) throws(FormStoreError) -> Field {
        try setVisible(false, key: key)
    }

    private func setVisible(_ visible: Bool, key: String) throws(FormStoreError) -> Field {
        try write { db in try FormTables.updateField(key, set: "visible = ?", [visible], db) }
    }

    /// Makes a field read-only (`read_only: true`: `set` refuses it without
    /// `--force`, respondents cannot change it) or not; its value is kept.
    @discardableResult
    public func setReadOnly(_ readOnly: Bool, key: String) throws(FormStoreError) -> Field {
        try write { db in
            if readOnly, try !FormTables.existingField(key, db).rules.type.holdsValue {
                throw FormStoreError.invalidValue(key: key, reason: "a `note` holds no value: it cannot be read-only")
            }
            return try FormTables.updateField(key, set: "read_only = ?", [readOnly], db)
        }
    }

    /// Replaces a field's rules and returns the field with its state under
    /// them. Throws `invalidValue` for rules that cannot work (a minimum
    /// above the maximum, a pattern that is not a regular expression).
    @discardableResult
    public func setRules(key: String, rules: FieldRules) throws(FormStoreError) -> Field {
        try FieldInput.checkRules(rules, key: key)
        return try write { db in
            _ = try FormTables.existingField(key, db)
            try FormTables.writeRules(rules, key: key, db)
            return try FormTables.existingField(key, db)
        }
    }

    /// Adds an empty field to row `row`, at place `index` among that row's
    /// fields (1 = leftmost; nil or past the end = rightmost). Keys are
    /// checked by `FieldInput.checkKey`; a key in use throws
    /// `duplicateField`, a row that does not exist `unknownRow`.
    ///
    /// With `page`, the row must be on that page (`rowOnOtherPage`); a nil
    /// `row` then means the page's last row, added (540 points wide) when
    /// the page has none. A nil `row` without `page` means row 1.
    @discardableResult
    public func addField(key: String, label: String, row: Int?, page: String? = nil, index: Int? = nil,
                         rules: FieldRules = .none) throws(FormStoreError) -> Field {
        try FieldInput.checkKey(key)
        try FieldInput.checkValue(label, key: key)
        try FieldInput.checkRules(rules, key: key)
        return try write { db in
            if try FormTables.field(key, db) != nil { throw FormStoreError.duplicateField(key: key) }
            let row = try Self.targetRow(row, page: page, db)
            if let group = try GroupTable.group(ofRow: row, db) { throw FormStoreError.rowInGroup(number: row, group: group) }
            let last = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) FROM field") ?? 0
            try FormTables.insert(Field(key: key, label: label, row: row, position: last + 1, rules: rules), db)
            try place(key, inRow: row, at: index, db)
            return try FormTables.existingField(key, db)
        }
    }

    /// The row a new field goes in (see `addField`).
    private static func targetRow(_ number: Int?, page: String?, _ db: Database) throws -> Int {
        if let number {
            guard let row = try FormTables.row(number, db) else { throw FormStoreError.unknownRow(number: number) }
            if let page, row.page != page {
                try existingPage(page, db)
                throw FormStoreError.rowOnOtherPage(number: number, page: row.page, asked: page)
            }
            return number
        }
        // Rows in groups and repeats are the form file's: a new field goes
        // in a top-level row.
        guard let page else {
            guard try FormTables.row(1, db) != nil else { throw FormStoreError.unknownRow(number: 1) }
            return try Int.fetchOne(db, sql: "SELECT MIN(number) FROM form_row WHERE group_path IS NULL") ?? 1
        }
        try existingPage(page, db)
        if let last = try Int.fetchOne(db, sql: "SELECT MAX(number) FROM form_row WHERE page = ? AND group_path IS NULL", arguments: [page]) {
            return last
        }
        return try insertRow(FormRow(number: 0, width: 540, minWidth: 540, maxWidth: 540, page: page), db).number
    }

    /// Moves a field to row `row` (nil = its current row), at place `index`
    /// among that row's fields (1 = leftmost; nil or past the end =
    /// rightmost). Positions are renumbered so the form reads rows first,
    /// then left to right.
    @discardableResult
    public func moveField(key: String, toRow row: Int? = nil, index: Int? = nil) throws(FormStoreError) -> Field {
        try write { db in
            let field = try FormTables.existingField(key, db)
            let target = row ?? field.row
            guard try FormTables.row(target, db) != nil else { throw FormStoreError.unknownRow(number: target) }
            for number in [field.row, target] {
                if let group = try GroupTable.group(ofRow: number, db) { throw FormStoreError.rowInGroup(number: number, group: group) }
            }
            try db.execute(sql: "UPDATE field SET \"row\" = ? WHERE key = ?", arguments: [target, key])
            try place(key, inRow: target, at: index, db)
            return try FormTables.existingField(key, db)
        }
    }

    /// Removes a field and its value (the value stays in `history`). The
    /// conditions that read it go with it: the fields they governed are
    /// shown without a condition (a condition naming no field would hide
    /// them for good).
    public func removeField(key: String) throws(FormStoreError) {
        try write { db in
            _ = try FormTables.existingField(key, db)
            try db.execute(
                sql: "UPDATE field SET \(FormTables.conditionAssignments) WHERE show_if_field = ?",
                arguments: FormTables.conditionArguments(nil) + [key])
            try db.execute(sql: "DELETE FROM field WHERE key = ?", arguments: [key])
        }
    }

    /// Sets or clears (nil) the condition under which field `key` is shown
    /// (`show_if`), keeping its value. Throws `unknownField` for a key or a
    /// condition's field that does not exist, and `invalidValue` for a
    /// condition that reads the field itself or closes a cycle of conditions
    /// (`a` shown if `b` is filled, `b` if `a` is), which could never hold.
    @discardableResult
    public func setCondition(key: String, _ condition: ShowCondition?) throws(FormStoreError) -> Field {
        if let condition {
            if condition.reads(key) {
                throw .invalidValue(key: key, reason: "a field cannot be shown on a condition of its own value")
            }
            if case .equals(_, let value) = condition { try FieldInput.checkValue(value, key: key) }
        }
        return try write { db in
            let fields = try FormTables.fields(db)
            guard fields.contains(where: { $0.key == key }) else { throw try FormTables.unknownField(key, db) }
            var condition = condition
            if let given = condition {
                for read in given.fields where !fields.contains(where: { $0.key == read }) {
                    throw try FormTables.unknownField(read, db)
                }
                // Values as the fields compared read them (`18`, `true`).
                switch given.canonical(reading: { read in fields.first { $0.key == read }?.rules }) {
                case .success(let canonical): condition = canonical
                case .failure(let problem): throw FormStoreError.invalidValue(key: key, reason: "on \(problem.key): \(problem.problem)")
                }
            }
            if let condition {
                if let cycle = FieldVisibility.cycle(setting: condition, on: key, in: fields) {
                    throw FormStoreError.invalidValue(
                        key: key, reason: "the conditions would form a cycle (\(cycle.joined(separator: " → "))), so none of them could hold")
                }
            }
            return try FormTables.updateField(key, set: FormTables.conditionAssignments, FormTables.conditionArguments(condition), db)
        }
    }

    /// Renumbers every position so that `key` sits at `index` (1-based)
    /// among the fields of `row`, and the form reads rows first.
    private func place(_ key: String, inRow row: Int, at index: Int?, _ db: Database) throws {
        let fields = try FormTables.fields(db)
        var inRow = fields.filter { $0.row == row && $0.key != key }.map(\.key)
        // No arithmetic on the index as given: any Int is a place.
        let wanted = index ?? Int.max
        let place = wanted <= 1 ? 0 : min(wanted - 1, inRow.count)
        inRow.insert(key, at: place)
        let rows = Set(fields.map(\.row)).sorted()
        let order = rows.flatMap { number in
            number == row ? inRow : fields.filter { $0.row == number }.map(\.key)
        }
        try FormTables.assignPositions(inOrder: order, db)
    }
}
