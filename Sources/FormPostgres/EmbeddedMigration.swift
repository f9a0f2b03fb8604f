/// One file of `migrations/postgresql`, compiled into the module by the
/// EmbedMigrations build-tool plugin (`all` is generated), as FormStore
/// carries the SQLite ones.
struct EmbeddedMigration: Hashable, Sendable {
    /// The `NNNN` of `NNNN_name.sql`; migrations run 1, 2, 3…
    var number: Int
    /// The file name without `.sql`, recorded in `schema_migration.name`.
    var name: String
    /// The file's text: statements separated by `;`.
    var sql: String

    /// The schema version this build knows: the highest migration number.
    static var latestVersion: Int { all.last?.number ?? 0 }
}
