/// One file of the package's top-level `migrations` folder, compiled into
/// the module by the EmbedMigrations build-tool plugin (see
/// `EmbeddedMigrations.swift` in the plugin's output; `all` is generated).
struct EmbeddedMigration: Hashable, Sendable {
    /// The `NNNN` of `NNNN_name.sql`; migrations run 1, 2, 3… and the last
    /// applied number is the schema version (`PRAGMA user_version`).
    var number: Int
    /// The file name without `.sql`, recorded in `schema_migration.name`.
    var name: String
    /// The file's text, run as one script inside the migration's transaction.
    var sql: String

    /// The schema version this build knows: the highest migration number.
    static var latestVersion: Int { all.last?.number ?? 0 }
}
