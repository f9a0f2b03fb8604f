import FormModel
import GRDB

/// Keeps the derived columns and tables (`field.state`, `color`, `length`,
/// `minimap_rect`, positions 1…n) exact.
///
/// The triggers of `0001_initial.sql` only approximate them when someone
/// edits the database outside formctl, and raise `form.needs_refresh`; the
/// store checks that flag before every read and recomputes with
/// `Validator` (grapheme clusters, patterns, email syntax) and the injected
/// minimap layout, then clears it.
enum DerivedState {
    /// True when the derived data may be stale: the flag is raised or the
    /// `form` row is gone.
    static func needsRefresh(_ db: Database) throws -> Bool {
        try needsRefresh(flag: try refreshFlag(db))
    }

    /// `needs_refresh` as stored, raw; nil when the `form` row is gone.
    static func refreshFlag(_ db: Database) throws -> DatabaseValue? {
        // Prepared once per connection: a `set` reads it when the file
        // opens and again before its plan (issue 35).
        try Row.fetchOne(db.cachedStatement(sql: "SELECT needs_refresh FROM form WHERE id = 1"))?.decode(DatabaseValue.self, atIndex: 0)
    }

    /// Whether `flag` (`refreshFlag`) means "refresh": anything but a
    /// stored 0 (a missing row, or a value an old file let a user store).
    static func needsRefresh(flag: DatabaseValue?) -> Bool {
        flag != 0.databaseValue
    }

    /// Recomputes everything derived, writing only what differs, and clears
    /// `needs_refresh`. Runs inside the caller's write transaction.
    static func refresh(_ db: Database, geometry: any MinimapGeometry) throws {
        if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM form") == 0 {
            try FormTables.insertForm(
                titleTemplate: FormDefinition.seed.titleTemplate, minimapWidth: FormDefinition.seed.minimapWidth, db)
        }
        // Form order is rows first, then left to right, whatever positions
        // an edit in the sqlite3 shell left behind. The form is read once
        // (a form of ten thousand fields takes a while to decode), and again
        // only when positions had to be rewritten.
        var definition = try FormTables.definition(db)
        let order = definition.fields
            .sorted { ($0.row, $0.position, $0.key) < ($1.row, $1.position, $1.key) }
            .map(\.key)
        if try FormTables.assignPositions(inOrder: order, current: definition.fields, db) {
            definition = try FormTables.definition(db)
        }
        // Pages that rows name but the table lost (see FormTables.pages).
        let storedPages = Set(try String.fetchAll(db, sql: "SELECT key FROM page"))
        for page in definition.pages where !storedPages.contains(page.key) {
            try FormTables.insertPage(page, db)
        }
        for field in definition.fields {
            try store(field.validation, ofField: field.key, db)
        }
        try storeMinimap(geometry.minimapRects(of: definition, after: .any), replacing: try FormTables.minimapRects(db), db)
        try clearRefreshFlag(db)
    }

    /// Saves a field's state, colour and length, writing only when they
    /// differ from what is stored: the one place those columns are written.
    static func store(_ validation: FieldValidation, ofField key: String, _ db: Database) throws {
        let (state, color, length) = (validation.state.rawValue, validation.color.rawValue, validation.length)
        // Prepared once per connection: a refresh stores every field's.
        try db.cachedStatement(sql: """
                UPDATE field SET state = ?, color = ?, length = ?
                WHERE key = ? AND (state IS NOT ? OR color IS NOT ? OR length IS NOT ?)
                """)
            .execute(arguments: [state, color, length, key, state, color, length])
    }

    /// Saves the minimap `rects` over `stored` (what `minimap_rect` holds),
    /// writing only the rectangles that changed.
    static func storeMinimap(_ rects: [MinimapRect], replacing stored: [MinimapRect], _ db: Database) throws {
        guard rects != stored else { return }
        try FormTables.updateMinimapRects(from: stored, to: rects, db)
    }

    /// Marks the derived data as exact.
    static func clearRefreshFlag(_ db: Database) throws {
        try db.execute(sql: "UPDATE form SET needs_refresh = 0 WHERE needs_refresh <> 0")
    }
}
