import Foundation
import PackagePlugin

/// Compiles the package's top-level `migrations/NNNN_name.sql` files into
/// the target as Swift string literals, so that the built binary carries its
/// schema: a copy of `formctl` in any folder can still create and migrate a
/// database, with no resource bundle to lose.
///
/// Every `.sql` file is an input, so edits regenerate the file. SwiftPM only
/// runs build-tool plugins (and so learns the input list) when it re-plans
/// the build, which it does when Package.swift or the file list of a
/// target's folder changes; `migrations` is no target's folder, so
/// `Sources/FormStore/migrations-link` (a symlink to it, excluded from the
/// target's sources) makes adding, renaming or removing a migration re-plan
/// the build too. The folder is also an input, which covers additions even
/// without the link.
///
/// The folder is the one the target's `migrations-link` points to: the
/// top-level `migrations` for FormStore (SQLite), `migrations/postgresql`
/// for FormPostgres. Each target gets its own `EmbeddedMigration.all`.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let link = target.directoryURL.appending(path: "migrations-link", directoryHint: .isDirectory)
        let migrations = FileManager.default.fileExists(atPath: link.path)
            ? link.resolvingSymlinksInPath()
            : context.package.directoryURL.appending(path: "migrations", directoryHint: .isDirectory)
        let sqlFiles = ((try? FileManager.default.contentsOfDirectory(at: migrations, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(sqlFiles.count) SQL migration(s) into \(target.name)",
                executable: try context.tool(named: "EmbedMigrationsTool").url,
                arguments: [migrations.path, output.path],
                inputFiles: [migrations] + sqlFiles,
                outputFiles: [output]
            ),
        ]
    }
}
