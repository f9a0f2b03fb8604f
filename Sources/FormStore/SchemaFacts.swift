import GRDB

/// What a database says about its schema: enough to tell an empty database,
/// a formctl one (and its version), someone else's, and one from a newer
/// formctl apart.
struct SchemaFacts {
    /// `PRAGMA application_id` of formctl databases ("FRMC"): SQLite's own
    /// field for naming a file format, read from the header without SQLite.
    static let applicationID: Int32 = 0x4652_4D43

    /// The table recording applied migrations, one row per file.
    static let migrationTable = "schema_migration"

    /// A row of `schema_migration`.
    struct Applied: Hashable {
        var number: Int
        var name: String
    }

    /// `PRAGMA user_version`, set by each migration to its number.
    var userVersion: Int
    /// Names of the user tables (not `sqlite_…`).
    var tables: Set<String>
    /// The migrations recorded as applied.
    var applied: [Applied]

    /// The schema version: the highest applied migration number.
    var version: Int { max(userVersion, applied.map(\.number).max() ?? 0) }

    /// The known migrations not applied yet, in order.
    var pending: [EmbeddedMigration] {
        let done = Set(applied.map(\.number))
        return EmbeddedMigration.all.filter { !done.contains($0.number) }
    }

    static func read(_ db: Database) throws -> SchemaFacts {
        let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"))
        var applied: [Applied] = []
        if tables.contains(migrationTable) {
            applied = try Row.fetchAll(db, sql: "SELECT version, name FROM \(migrationTable) ORDER BY version").map {
                Applied(number: $0["version"], name: $0["name"])
            }
        }
        return SchemaFacts(userVersion: userVersion, tables: tables, applied: applied)
    }

    /// Throws `schemaTooNew` when the database records a migration this
    /// build does not carry (a number it does not know, or a known number
    /// under another name) or a higher `user_version`.
    func checkKnown() throws(FormStoreError) {
        let known = Set(EmbeddedMigration.all.map { Applied(number: $0.number, name: $0.name) })
        let latest = EmbeddedMigration.latestVersion
        if userVersion > latest || applied.contains(where: { !known.contains($0) }) {
            throw .schemaTooNew(found: version, known: latest)
        }
    }
}
