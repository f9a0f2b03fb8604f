import FormModel
import GRDB

extension FormDatabase {
    /// The whole form: title template, rows, every field (hidden ones too)
    /// in form order with its value and rules.
    public func definition() throws(FormStoreError) -> FormDefinition {
        try read { db in try FormTables.definition(db) }
    }

    /// Every field in form order. A field's `state` and `length` are
    /// computed from its value and rules, exactly as in the `field` table.
    public func fields() throws(FormStoreError) -> [Field] {
        try read { db in try FormTables.fields(db) }
    }

    /// The field with `key`; throws `unknownField` (with the nearest key as
    /// a suggestion) when there is none.
    public func field(_ key: String) throws(FormStoreError) -> Field {
        try read { db in try FormTables.existingField(key, db) }
    }

    /// The minimap's rectangles in drawing order, as saved in `minimap_rect`.
    public func minimapRects() throws(FormStoreError) -> [MinimapRect] {
        try read { db in try currentMinimapRects(db) }
    }

    /// The minimap's rectangles and the width of the area they are drawn
    /// in, in one read (what `formctl minimap` needs, and nothing more).
    public func minimapDrawing() throws(FormStoreError) -> (rects: [MinimapRect], width: Double) {
        try read { db in
            (try currentMinimapRects(db), try FormTables.formRow(db).minimapWidth)
        }
    }

    /// The whole form and the minimap's rectangles as `minimapRects()` gives
    /// them, in one read: neither is newer than the other, as two reads
    /// could be when a change commits between them.
    public func definitionWithMinimap() throws(FormStoreError) -> (form: FormDefinition, rects: [MinimapRect]) {
        // A shared database's last value write, when nobody wrote since (a
        // look at the writer's counters; no read of a large form).
        if let written, !written.isEmpty, let kept = try readOnWriter({ db in try written.form(unchangedOn: db) }) {
            return (kept.form, kept.rects)
        }
        return try read { db in (try FormTables.definition(db), try currentMinimapRects(db)) }
    }

    /// The stored rectangles, or, for a read-only database that is stale,
    /// the ones computed in memory.
    private func currentMinimapRects(_ db: Database) throws -> [MinimapRect] {
        if isReadOnly, try DerivedState.needsRefresh(db) {
            return geometry.minimapRects(of: try FormTables.definition(db), after: .any)
        }
        return try FormTables.minimapRects(db)
    }

    /// The database's schema version (its last applied migration number).
    public func schemaVersion() throws(FormStoreError) -> Int {
        try mappingErrors(path: path) {
            try queue.read { db in try SchemaFacts.read(db).version }
        }
    }

    /// Re-validates every field and rewrites `minimap_rect`, whether or not
    /// anything looks stale (reads already do this when needed).
    public func refreshDerived() throws(FormStoreError) {
        try write { _ in }
    }
}
