import GRDB

/// Tells a damaged schema from formctl's own fault, once an error has
/// happened.
///
/// formctl runs only fixed statements of its own on the schema its
/// migrations make, and the tests run every one of them on such a schema.
/// So when SQLite refuses one of them, or a row it reads does not decode,
/// either formctl has a bug (exit 70) or the file's schema is not the one
/// formctl made: a bit flipped on the disk turned a trigger's
/// `needs_refresh` into `needc_refresh`, or someone rewrote a table in
/// `sqlite3`. That file is damaged (exit 74), and the user can do something
/// about it (restore a copy); a report of a bug in formctl would be wrong.
///
/// The two are told apart by comparing the schema, not by SQLite's message.
/// A damaged schema fails in too many ways for a list of messages ever to
/// be complete: a trigger naming a column or table that does not exist
/// (`no such column: needc_refresh`, `no such table: main.fosm`), a CHECK
/// that no longer holds for formctl's values (`CHECK constraint failed:
/// color IN ('red', 'yellow', 'gregn', 'orange')`), an INSERT whose column
/// list lost a name (`3 columns assigned 2 values`)… and the same messages
/// from a pristine schema would be formctl's bug. So every entry of the
/// file's `sqlite_master` (type, name, table and SQL; not the root page,
/// which depends on the file's history) is compared with what formctl's
/// migrations make, up to the file's `user_version`, in an in-memory
/// database: if they differ, the file is damaged (`damagedSchema`, naming
/// the first entry that differs and what SQLite said); if they are the
/// same, the error stays formctl's (`underlying`).
///
/// This runs only after an error, so a command that succeeds pays nothing
/// (`get` and `set` are held to an instruction budget). Comparing at every
/// open instead would cost every command a read of the whole schema, and
/// would refuse files that work today (an index a user added). A schema
/// SQLite cannot parse at all needs no comparison: SQLite says
/// `malformed database schema` (`SQLITE_CORRUPT`), mapped to
/// `damagedSchema` directly.
enum SchemaDamage {
    /// `mapped` (what `error` maps to), or `damagedSchema` when `mapped` is
    /// `underlying` for an error a damaged schema can cause and the schema
    /// of the file at `path` is not formctl's.
    static func explaining(_ error: any Error, as mapped: FormStoreError, path: String) -> FormStoreError {
        guard case .underlying(let message) = mapped, mayComeFromSchema(error),
              let difference = difference(inFileAt: path) else { return mapped }
        return .damagedSchema(path: path, difference: difference, sqliteMessage: message)
    }

    /// Whether `error` may come from the schema: any SQLite error but the
    /// system's failures (I/O, memory, a full disk, a file that cannot be
    /// opened, an interrupt), whose own message is the one to give, and any
    /// error that is not SQLite's (a row that does not decode), except the
    /// store's own.
    static func mayComeFromSchema(_ error: any Error) -> Bool {
        if error is FormStoreError { return false }
        guard let error = error as? DatabaseError else { return true }
        return ![.SQLITE_IOERR, .SQLITE_NOMEM, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_INTERRUPT].contains(error.resultCode)
    }

    /// The first entry of the schema of the file at `path` that is not as
    /// formctl's migrations make it (`trigger field_changed differs from
    /// formctl's`, `index mine is not one formctl makes`, `view
    /// field_estimate is missing`), or nil
    /// when the schema is formctl's, or cannot be read to tell (then the
    /// error keeps its own meaning). Reads through a connection that
    /// cannot change the file or create one beside it.
    static func difference(inFileAt path: String) -> String? {
        do {
            let connection = try DatabaseFile(path: path).readOnlyConnection(busyTimeout: 1)
            defer { connection.close() }
            let (version, found) = try connection.queue.read { db in
                (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0, try entries(db))
            }
            guard (1...EmbeddedMigration.latestVersion).contains(version) else { return nil }
            let expected = try expectedEntries(version: version)
            return difference(found: found, expected: expected)
        } catch {
            return nil
        }
    }

    /// One row of `sqlite_master`, each column as stored (a flipped bit
    /// can make any of them a number or a blob).
    struct Entry: Hashable {
        var type: DatabaseValue
        var name: DatabaseValue
        var table: DatabaseValue
        var sql: DatabaseValue

        /// `table field_estimate`, for a message.
        var label: String { "\(Self.text(type)) \(Self.text(name))" }

        private static func text(_ value: DatabaseValue) -> String {
            if case .string(let text) = value.storage { return text }
            return value.description
        }
    }

    /// The schema's entries in the order SQLite keeps them, leaving out
    /// `sqlite_stat*` (made by `ANALYZE`, which a user may run).
    static func entries(_ db: Database) throws -> [Entry] {
        try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY rowid").map { row in
            Entry(type: try row.decode(DatabaseValue.self, forColumn: "type"),
                  name: try row.decode(DatabaseValue.self, forColumn: "name"),
                  table: try row.decode(DatabaseValue.self, forColumn: "tbl_name"),
                  sql: try row.decode(DatabaseValue.self, forColumn: "sql"))
        }
    }

    /// The entries formctl's migrations make, up to `version`, in memory.
    static func expectedEntries(version: Int) throws -> [Entry] {
        let memory = try DatabaseQueue()
        try MigrationRunner.migrate(memory, path: ":memory:", through: version)
        return try memory.read(entries)
    }

    /// The first entry of `found` that is not in `expected` (one of the
    /// same name differs, or none has its name), else the first of
    /// `expected` missing from `found`; nil when they hold the same.
    static func difference(found: [Entry], expected: [Entry]) -> String? {
        let expectedSet = Set(expected), foundSet = Set(found)
        let expectedNames = Set(expected.map(\.name))
        if let extra = found.first(where: { !expectedSet.contains($0) }) {
            return expectedNames.contains(extra.name) ? "\(extra.label) differs from formctl's" : "\(extra.label) is not one formctl makes"
        }
        if let missing = expected.first(where: { !foundSet.contains($0) }) {
            return "\(missing.label) is missing"
        }
        return nil
    }
}
