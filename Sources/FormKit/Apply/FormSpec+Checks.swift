import FormModel
import FormStore

extension FormSpec {
    /// Throws what the store would refuse in this form, before anything is
    /// written: keys, titles and labels it cannot hold, duplicate keys,
    /// widths and tab bar heights out of range, rules that cannot work
    /// (patterns are compiled here, outside the write lock), conditions
    /// naming no field, the field itself, or closing a cycle.
    ///
    /// A form file's reader reports these with the file's line and column;
    /// this is the check for a form built any other way, and the store's
    /// own rules in one place.
    func checkForStore() throws(FormStoreError) {
        try FieldInput.checkValue(title, key: "title")
        if let tabBar, !(tabBar.height.isFinite && TabBarSettings.heightRange.contains(tabBar.height)) {
            throw .tabBarHeightOutOfRange(height: tabBar.height, range: TabBarSettings.heightRange)
        }
        guard !pages.isEmpty else { throw .invalidValue(key: "pages", reason: "a form has at least one page") }
        var pageKeys: Set<String> = []
        var rowCount = 0
        for page in pages {
            try FieldInput.checkKey(page.key, kind: "page")
            guard pageKeys.insert(page.key).inserted else { throw .duplicatePage(key: page.key) }
            try FieldInput.checkTitle(page.title, key: page.key)
            for (index, row) in page.rows.enumerated() {
                try Self.checkWidths(row, name: "\(page.key) row \(index + 1)")
            }
            rowCount += page.rows.count
        }
        guard rowCount <= 1_000_000 else { throw .invalidValue(key: "rows", reason: "a form has at most 1000000 rows") }
        let fields = self.fields
        var keys: Set<String> = []
        keys.reserveCapacity(fields.count)
        for field in fields {
            try FieldInput.checkKey(field.key)
            guard keys.insert(field.key).inserted else { throw .duplicateField(key: field.key) }
            try FieldInput.checkValue(field.label, key: field.key)
            try FieldInput.checkRules(field.rules, key: field.key)
        }
        try checkConditions(fields, keys: keys)
    }

    /// A row's widths as `formctl row add` takes them: points in (0, 100000],
    /// the width within the range.
    private static func checkWidths(_ row: RowSpec, name: String) throws(FormStoreError) {
        for value in [row.width, row.minWidth, row.maxWidth] where !(value.isFinite && value > 0 && value <= 100_000) {
            throw .invalidValue(key: name, reason: "widths must be points between 0 and 100000, not \(Points.format(value))")
        }
        guard row.minWidth <= row.width, row.width <= row.maxWidth else {
            throw .invalidValue(key: name, reason: "the width \(Points.format(row.width)) must lie within \(Points.format(row.minWidth))…\(Points.format(row.maxWidth))")
        }
    }

    /// Conditions as `formctl field show-if` takes them, and no cycles:
    /// each field names at most one other, so following the names from
    /// every field once, marking what has been seen, finds every cycle in
    /// time linear in the fields (a check per condition would be quadratic).
    private func checkConditions(_ fields: [FieldSpec], keys: Set<String>) throws(FormStoreError) {
        var reads: [String: [String]] = [:]
        for field in fields {
            guard let condition = field.showIf else { continue }
            if condition.reads(field.key) {
                throw .invalidValue(key: field.key, reason: "a field cannot be shown on a condition of its own value")
            }
            if case .equals(_, let value) = condition { try FieldInput.checkValue(value, key: field.key) }
            for read in condition.fields where !keys.contains(read) {
                throw FormStoreError.unknownField(read, among: fields.map(\.key))
            }
            reads[field.key] = condition.fields
        }
        // A field found on no cycle is settled, and so is every field a
        // search from it reached: each field is searched from at most once
        // as a start, so a chain of many conditions stays linear.
        var done: Set<String> = []
        for field in fields where reads[field.key] != nil && !done.contains(field.key) {
            if let cycle = FieldVisibility.cycle(from: field.key, reads: reads) {
                throw .invalidValue(
                    key: field.key, reason: "the conditions would form a cycle (\(cycle.joined(separator: " → "))), so none of them could hold")
            }
            done.insert(field.key)
        }
    }
}
