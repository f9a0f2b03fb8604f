import GRDB

/// Applies the embedded migrations in number order, each in its own
/// `IMMEDIATE` transaction that also records it in `schema_migration` and
/// sets `PRAGMA user_version`, so a migration is applied entirely or not at
/// all.
///
/// The store runs its own loop rather than GRDB's `DatabaseMigrator` so that
/// the "is this schema newer than me?" check happens inside the very
/// transaction that migrates: two formctl versions opening one file at once
/// cannot interleave a check and a migration.
enum MigrationRunner {
    /// Brings the database up to `version` (`EmbeddedMigration.latestVersion`
    /// unless told: `SchemaDamage` makes the schema of an older version in
    /// memory). Writes nothing when it is already there.
    static func migrate(_ queue: some DatabaseWriter, path: String, through version: Int = EmbeddedMigration.latestVersion) throws {
        let pending = try queue.read { db in
            let facts = try SchemaFacts.read(db)
            try facts.checkUsable(path: path)
            return facts.pending.filter { $0.number <= version }
        }
        guard !pending.isEmpty else { return }
        try queue.writeWithoutTransaction { db in
            for migration in pending {
                try apply(migration, path: path, db)
            }
        }
    }

    private static func apply(_ migration: EmbeddedMigration, path: String, _ db: Database) throws {
        // SQLite's recipe for schema changes: foreign keys off outside the
        // transaction, checked with foreign_key_check before committing.
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        try db.inTransaction(.immediate) {
            let facts = try SchemaFacts.read(db)
            try facts.checkUsable(path: path)
            if (facts.applied ?? []).contains(where: { $0.number == migration.number }) {
                return .rollback // another process applied it meanwhile
            }
            if case .form = facts.verdict {
                // Every row must be one formctl can read before it is copied
                // into stricter tables: a value that would not fit is
                // reported with its table, column and key, and nothing is
                // changed (this transaction rolls back).
                _ = try FormTables.definition(db, schemaVersion: facts.version)
                _ = try FormTables.history(key: nil, db)
            }
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS \(SchemaFacts.migrationTable) (
                    version    INTEGER PRIMARY KEY,
                    name       TEXT NOT NULL UNIQUE,
                    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                )
                """)
            try db.execute(sql: migration.sql)
            try db.execute(
                sql: "INSERT INTO \(SchemaFacts.migrationTable) (version, name) VALUES (?, ?)",
                arguments: [migration.number, migration.name])
            try db.execute(sql: "PRAGMA user_version = \(migration.number)")
            try db.execute(sql: "PRAGMA application_id = \(SchemaFacts.applicationID)")
            if try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") != nil {
                throw FormStoreError.underlying(message: "migration \(migration.name) leaves rows that break a foreign key")
            }
            return .commit
        }
    }
}
