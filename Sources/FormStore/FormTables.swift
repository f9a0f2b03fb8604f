import FormModel
import GRDB

/// Reads and writes the form's tables (`form`, `form_row`, `field`,
/// `minimap_rect`) as FormModel values. No validation here: callers check
/// their input first.
enum FormTables {
    static let fieldColumns = "key, label, value, \"row\", position, visible, required, min_length, max_length, pattern, email"

    // MARK: Reading

    /// The whole form. A missing `form` row (deleted in the sqlite3 shell)
    /// reads as the seed's title and minimap width; a refresh puts it back.
    static func definition(_ db: Database) throws -> FormDefinition {
        let form = try Row.fetchOne(db, sql: "SELECT title_template, minimap_width FROM form WHERE id = 1")
        return FormDefinition(
            titleTemplate: form?["title_template"] ?? FormDefinition.seed.titleTemplate,
            rows: try rows(db),
            fields: try fields(db),
            minimapWidth: form?["minimap_width"] ?? FormDefinition.seed.minimapWidth)
    }

    static func rows(_ db: Database) throws -> [FormRow] {
        try Row.fetchAll(db, sql: "SELECT number, width, min_width, max_width FROM form_row ORDER BY number").map {
            FormRow(number: $0["number"], width: $0["width"], minWidth: $0["min_width"], maxWidth: $0["max_width"])
        }
    }

    static func row(_ number: Int, _ db: Database) throws -> FormRow? {
        try rows(db).first { $0.number == number }
    }

    /// Every field in form order.
    static func fields(_ db: Database) throws -> [Field] {
        try Row.fetchAll(db, sql: "SELECT \(fieldColumns) FROM field ORDER BY position, key").map(field(from:))
    }

    static func field(_ key: String, _ db: Database) throws -> Field? {
        try Row.fetchOne(db, sql: "SELECT \(fieldColumns) FROM field WHERE key = ?", arguments: [key]).map(field(from:))
    }

    /// The field with `key`, or `unknownField` with the nearest key.
    static func existingField(_ key: String, _ db: Database) throws -> Field {
        if let field = try field(key, db) { return field }
        throw try unknownField(key, db)
    }

    static func unknownField(_ key: String, _ db: Database) throws -> FormStoreError {
        let keys = try String.fetchAll(db, sql: "SELECT key FROM field ORDER BY position")
        return .unknownField(key: key, suggestion: KeySuggestion.nearest(to: key, in: keys))
    }

    static func field(from row: Row) -> Field {
        Field(
            key: row["key"],
            label: row["label"],
            value: row["value"] ?? "",
            row: row["row"],
            position: row["position"],
            isVisible: row["visible"],
            rules: FieldRules(
                required: row["required"],
                minLength: row["min_length"],
                maxLength: row["max_length"],
                pattern: row["pattern"],
                email: row["email"]))
    }

    static func minimapRects(_ db: Database) throws -> [MinimapRect] {
        try Row.fetchAll(db, sql: "SELECT z, key, kind, color, x, y, width, height FROM minimap_rect ORDER BY z").map { row in
            let kind: String = row["kind"], color: String = row["color"]
            return MinimapRect(
                z: row["z"], key: row["key"],
                kind: MinimapRect.Kind(rawValue: kind) ?? .field,
                color: FieldColor(rawValue: color) ?? .gray,
                x: row["x"], y: row["y"], width: row["width"], height: row["height"])
        }
    }

    /// True when the form has no `form` row, no rows and no fields: a new
    /// database that still needs the seed form.
    static func isEmpty(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM form) + (SELECT COUNT(*) FROM form_row) + (SELECT COUNT(*) FROM field)") == 0
    }

    // MARK: Writing

    /// Inserts a whole form into empty tables (the seed, for a new file).
    static func insert(_ definition: FormDefinition, _ db: Database) throws {
        try insertForm(titleTemplate: definition.titleTemplate, minimapWidth: definition.minimapWidth, db)
        for row in definition.rows {
            try db.execute(
                sql: "INSERT INTO form_row (number, width, min_width, max_width) VALUES (?, ?, ?, ?)",
                arguments: [row.number, row.width, row.minWidth, row.maxWidth])
        }
        for field in definition.fields {
            try insert(field, db)
        }
    }

    /// Inserts the single `form` row (id 1).
    static func insertForm(titleTemplate: String, minimapWidth: Double, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO form (id, title_template, minimap_width) VALUES (1, ?, ?)",
            arguments: [titleTemplate, minimapWidth])
    }

    static func insert(_ field: Field, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO field (\(fieldColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                field.key, field.label, field.value, field.row, field.position, field.isVisible,
                field.rules.required, field.rules.minLength, field.rules.maxLength, field.rules.pattern, field.rules.email,
            ])
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
        for rect in rects {
            try db.execute(
                sql: "INSERT INTO minimap_rect (z, key, kind, color, x, y, width, height) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [rect.z, rect.key, rect.kind.rawValue, rect.color.rawValue, rect.x, rect.y, rect.width, rect.height])
        }
    }

    /// Gives the fields positions 1…n in the order of `keys` (which must
    /// list every field once). Positions are unique, so everything first
    /// moves above the current maximum, where nothing can collide.
    static func assignPositions(inOrder keys: [String], _ db: Database) throws {
        let current = try Row.fetchAll(db, sql: "SELECT key, position FROM field ORDER BY position")
        let now = Dictionary(uniqueKeysWithValues: current.map { ($0["key"] as String, $0["position"] as Int) })
        guard keys.enumerated().contains(where: { now[$1] != $0 + 1 }) else { return }
        let highest = now.values.max() ?? 0
        try db.execute(sql: "UPDATE field SET position = position + ?", arguments: [highest])
        for (index, key) in keys.enumerated() {
            try db.execute(sql: "UPDATE field SET position = ? WHERE key = ?", arguments: [index + 1, key])
        }
    }
}
