import Logging
import PostgresNIO

/// Applies `migrations/postgresql` in number order, each in its own
/// transaction that also records it in `schema_migration`, all under a
/// session advisory lock: two instances starting at once against an
/// empty database take turns, and the second finds the work done.
enum PostgresMigrations {
    /// The advisory lock's key: "formctl" in ASCII, so it does not clash
    /// with another program's lock on the same database by chance.
    static let lockKey: Int64 = 0x66_6f72_6d63_746c

    static func apply(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
        do {
            try await migrate(connection, logger: logger)
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
            throw error
        }
        try await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
    }

    private static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS schema_migration (
                version    integer PRIMARY KEY CHECK (version >= 1),
                name       text NOT NULL UNIQUE,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        var applied: Set<Int> = []
        for try await version in try await connection.query("SELECT version FROM schema_migration", logger: logger).decode(Int32.self) {
            applied.insert(Int(version))
        }
        if let newest = applied.max(), newest > EmbeddedMigration.latestVersion {
            throw PostgresStoreError(.schemaTooNew, "the PostgreSQL database's schema is version \(newest), newer than this formctl's \(EmbeddedMigration.latestVersion): use a newer formctl")
        }
        for migration in EmbeddedMigration.all where !applied.contains(migration.number) {
            try await connection.withTransaction(logger: logger) { connection in
                for statement in SQLStatements.split(migration.sql) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                let number = Int32(migration.number)
                let name = migration.name
                try await connection.query("INSERT INTO schema_migration (version, name) VALUES (\(number), \(name))", logger: logger)
            }
        }
    }
}
