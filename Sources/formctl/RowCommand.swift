import ArgumentParser
import FormStore

/// `formctl row …`: the rows' widths (seed 002's slider).
struct RowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "row",
        abstract: "Change a row of the form.",
        subcommands: [Width.self])

    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "width",
            abstract: "Set a row's width in points, within the row's range (row 2: 360…540).")
        @Argument(help: "The row, numbered from 1.") var row: Int
        @Argument(help: "The width in points.") var points: Double
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let updated = try database.withDatabase { db throws(FormStoreError) in try db.setRowWidth(row: row, width: points) }
            let width = updated.width == updated.width.rounded() ? String(Int(updated.width)) : String(updated.width)
            Terminal.write("row \(updated.number): \(width) points wide\n")
        }
    }
}
