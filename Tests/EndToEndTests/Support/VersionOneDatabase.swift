import Foundation

/// A formctl database at schema version 1 (migration 0001_initial only), as
/// the formctl of that time created it: the schema of the repository's own
/// `migrations/0001_initial.sql` (read from the file, so it cannot drift
/// from it), recorded in `schema_migration`, the header fields formctl set
/// (application id, user_version, WAL) and the seed form. Loading it with
/// `sqlite3 FILE < script` gives a file that a newer formctl migrates on
/// first use: the SIGKILL test kills formctl while it does.
var versionOneDatabaseScript: String {
    get throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let first = try String(contentsOf: repository.appendingPathComponent("migrations/0001_initial.sql"), encoding: .utf8)
        return """
            PRAGMA application_id = 1179798851;
            PRAGMA user_version = 1;
            BEGIN TRANSACTION;
            \(first)
            CREATE TABLE schema_migration (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL UNIQUE,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            );
            INSERT INTO schema_migration (version, name) VALUES (1, '0001_initial');
            INSERT INTO form (id, title_template, minimap_width) VALUES (1, 'Hello {first} {middle} {last}', 200);
            INSERT INTO form_row VALUES (1, 540, 540, 540), (2, 360, 360, 540);
            INSERT INTO field (key, label, "row", position, visible, required) VALUES
                ('first', 'First Name', 1, 1, 1, 1), ('middle', 'Middle Name', 1, 2, 1, 1),
                ('last', 'Last Name', 1, 3, 1, 1), ('email', 'Email', 2, 4, 1, 1), ('twitter', 'Twitter', 2, 5, 0, 0);
            UPDATE history SET source = 'formctl';
            UPDATE form SET needs_refresh = 0;
            COMMIT;
            PRAGMA journal_mode = WAL;
            """
    }
}
