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

    /// Every table a formctl database holds from its first schema version,
    /// and the one view. A database with any other table or view is someone
    /// else's, whatever its `user_version`.
    static let formTables: Set<String> = ["form", "form_row", "field", "minimap_rect", "history", migrationTable]
    /// The tables later migrations add, with the migration number that adds
    /// them. A list, not a `[Int: Set<String>]`: every open reads it, and a
    /// dictionary keyed by Int would cost the process a first look-up of
    /// that generic type (~150k instructions).
    static let addedTables: [(version: Int, tables: Set<String>)] = [(3, ["page"]), (6, ["response", "answer"]), (8, ["field_choice"]), (13, ["form_group"])]

    /// The tables a formctl database of schema `version` holds.
    static func formTables(version: Int) -> Set<String> {
        addedTables.filter { $0.version <= version }.reduce(formTables) { $0.union($1.tables) }
    }
    static let formViews: Set<String> = ["field_estimate", "form_values", "response_values"]

    /// A row of `schema_migration`.
    struct Applied: Hashable {
        var number: Int
        var name: String
    }

    /// `PRAGMA user_version`, set by each migration to its number.
    var userVersion: Int
    /// `PRAGMA application_id`.
    var applicationID: Int32
    /// Names of the user tables (not `sqlite_…`).
    var tables: Set<String>
    /// Names of the views.
    var views: Set<String>
    /// The migrations recorded as applied; nil when `schema_migration`
    /// holds rows formctl cannot have written (a NULL name, a text
    /// version): another program's table of the same name.
    var applied: [Applied]?

    /// The schema version: the highest applied migration number.
    var version: Int { max(userVersion, (applied ?? []).map(\.number).max() ?? 0) }

    /// The known migrations not applied yet, in order.
    var pending: [EmbeddedMigration] {
        let done = (applied ?? []).map(\.number)
        return EmbeddedMigration.all.filter { !done.contains($0.number) }
    }

    static func read(_ db: Database) throws -> SchemaFacts {
        let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        var tables: Set<String> = [], views: Set<String> = []
        for row in try Row.fetchAll(db, sql: "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view')") {
            guard case .string(let type) = try row.decode(DatabaseValue.self, forColumn: "type").storage,
                  case .string(let name) = try row.decode(DatabaseValue.self, forColumn: "name").storage,
                  !name.hasPrefix("sqlite_") else { continue }
            if type == "table" { tables.insert(name) } else { views.insert(name) }
        }
        var applied: [Applied]? = []
        if tables.contains(migrationTable) {
            applied = try readApplied(db)
        }
        return SchemaFacts(userVersion: userVersion, applicationID: applicationID, tables: tables, views: views, applied: applied)
    }

    /// The rows of `schema_migration`, or nil when one is not a whole
    /// version from 1 with a text name (decoded without trapping).
    private static func readApplied(_ db: Database) throws -> [Applied]? {
        var applied: [Applied] = []
        for row in try Row.fetchAll(db, sql: "SELECT * FROM \(migrationTable) ORDER BY 1") {
            guard row.hasColumn("version"), row.hasColumn("name"),
                  case .int64(let number) = try row.decode(DatabaseValue.self, forColumn: "version").storage,
                  number >= 1, let version = Int(exactly: number),
                  case .string(let name) = try row.decode(DatabaseValue.self, forColumn: "name").storage
            else { return nil }
            applied.append(Applied(number: version, name: name))
        }
        return applied
    }

    /// What the database is, for formctl.
    enum Verdict: Equatable {
        /// No tables and no views, and nothing in the header naming another
        /// program: formctl may make it a form.
        case empty
        /// A formctl database at this schema version (≤ the known one).
        case form(version: Int)
        /// A formctl database from a newer formctl (or one whose migrations
        /// this build does not know).
        case tooNew(found: Int)
        /// Someone else's database.
        case foreign
    }

    /// Whether this schema is formctl's, and of which version. A file is
    /// formctl's only when every table and view in it is formctl's, its
    /// `schema_migration` records migration 1 under formctl's name, and its
    /// header names formctl or no application. A formctl file from a newer
    /// formctl (its application id, or formctl's first migration, plus a
    /// migration or `user_version` this build does not know) is `tooNew`
    /// before the table check, since newer versions may add tables.
    var verdict: Verdict {
        guard applicationID == 0 || applicationID == Self.applicationID else { return .foreign }
        if tables.isEmpty && views.isEmpty {
            return userVersion == 0 ? .empty : .foreign
        }
        guard let applied, tables.contains(Self.migrationTable) else { return .foreign }
        let first = EmbeddedMigration.all.first.map { Applied(number: $0.number, name: $0.name) }
        let claimsFormctl = applicationID == Self.applicationID || first.map(applied.contains) == true
        guard claimsFormctl, !applied.isEmpty else { return .foreign }
        let known = Set(EmbeddedMigration.all.map { Applied(number: $0.number, name: $0.name) })
        if userVersion > EmbeddedMigration.latestVersion || applied.contains(where: { !known.contains($0) }) {
            return .tooNew(found: version)
        }
        let expected = Self.formTables(version: version)
        guard tables == expected, views.isSubset(of: Self.formViews) else { return .foreign }
        return .form(version: version)
    }

    /// Throws unless the verdict is `empty` or `form`: `notAFormDatabase`
    /// for someone else's database, `schemaTooNew` for a newer formctl's.
    func checkUsable(path: String) throws(FormStoreError) {
        switch verdict {
        case .empty, .form: return
        case .foreign: throw .notAFormDatabase(path: path)
        case .tooNew(let found): throw .schemaTooNew(found: found, known: EmbeddedMigration.latestVersion)
        }
    }
}
