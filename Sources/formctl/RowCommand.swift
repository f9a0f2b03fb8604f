import ArgumentParser
import FormStore

/// `formctl row …`: the rows' widths (seed 002's slider).
struct RowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "row",
        abstract: "List, add, remove and resize the form's rows.",
        subcommands: [List.self, Width.self, Add.self, Remove.self])

    /// Whole points print without a fraction.
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The rows, top to bottom, with their widths, ranges and fields.")
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let form = try database.readingDatabase { db throws(FormStoreError) in try db.definition() }
            var text = ""
            for row in form.rows {
                let keys = form.fields.filter { $0.row == row.number }.map { $0.isVisible ? $0.key : "(\($0.key))" }
                text += "row \(row.number): \(RowCommand.points(row.width)) points (\(RowCommand.points(row.minWidth))…\(RowCommand.points(row.maxWidth)))"
                text += keys.isEmpty ? ", empty\n" : ": \(keys.map(DisplayText.escaped).joined(separator: " "))\n"
            }
            Terminal.write(text)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an empty row below the others.")
        @Option(help: "The row's width in points.") var width: Double = 540
        @Option(help: "The narrowest width `row width` accepts (default: --width).") var minWidth: Double?
        @Option(help: "The widest width `row width` accepts (default: --width).") var maxWidth: Double?
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let row = try database.withDatabase { db throws(FormStoreError) in
                try db.addRow(width: width, minWidth: minWidth, maxWidth: maxWidth)
            }
            Terminal.write("row \(row.number): added, \(RowCommand.points(row.width)) points wide\n")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an empty row; the rows below move up.")
        @Argument(help: "The row, numbered from 1.") var row: Int
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            try database.withDatabase { db throws(FormStoreError) in try db.removeRow(row) }
            Terminal.write("row \(row): removed\n")
        }
    }

    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "width",
            abstract: "Set a row's width in points, within the row's range (row 2: 360…540).")
        @Argument(help: "The row, numbered from 1.") var row: Int
        @Argument(help: "The width in points.") var points: Double
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let updated = try database.withDatabase { db throws(FormStoreError) in try db.setRowWidth(row: row, width: points) }
            Terminal.write("row \(updated.number): \(RowCommand.points(updated.width)) points wide\n")
        }
    }
}
