import ArgumentParser
import CLISupport
import FormKit

/// `formctl row …`: the rows' widths (seed 002's slider).
struct RowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "row",
        abstract: "List, add, remove and resize the form's rows.",
        subcommands: [List.self, Width.self, Add.self, Remove.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The rows, top to bottom, with their widths, ranges and fields.")
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let rows = try database.run { form throws(FormKitError) in try form.rows() }
            var text = ""
            for listing in rows {
                let row = listing.row
                let keys = listing.fields.map { $0.isVisible ? $0.key : "(\($0.key))" }
                text += "row \(row.number): \(Points.format(row.width)) points (\(Points.format(row.minWidth))…\(Points.format(row.maxWidth)))"
                text += keys.isEmpty ? ", empty\n" : ": \(keys.map(DisplayText.escaped).joined(separator: " "))\n"
            }
            Terminal.write(text)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an empty row below the others of a page.")
        @Option(help: "The page (default: the page shown).") var page: String?
        @Option(help: "The row's width in points.") var width: Double = 540
        @Option(help: "The narrowest width `row width` accepts (default: --width).") var minWidth: Double?
        @Option(help: "The widest width `row width` accepts (default: --width).") var maxWidth: Double?
        @OptionGroup var database: DatabaseOptions
        func validate() throws {
            try OptionRange.checkFinite(width, "--width")
            try OptionRange.checkFinite(minWidth, "--min-width")
            try OptionRange.checkFinite(maxWidth, "--max-width")
        }
        func run() throws {
            let row = try database.run { form throws(FormKitError) in
                try form.addRow(width: width, minWidth: minWidth, maxWidth: maxWidth, page: page)
            }
            let onPage = page == nil ? "" : " to page \(DisplayText.escaped(row.page))"
            Terminal.write("row \(row.number): added\(onPage), \(Points.format(row.width)) points wide\n")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an empty row; the rows below move up.")
        @Argument(help: "The row, numbered from 1.") var row: Int
        @OptionGroup var database: DatabaseOptions
        func validate() throws { try OptionRange.check(row, "ROW", in: OptionRange.row) }
        func run() throws {
            try database.run { form throws(FormKitError) in try form.removeRow(row) }
            Terminal.write("row \(row): removed\n")
        }
    }

    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "width",
            abstract: "Set a row's width in points, within the row's range (row 2: 360 to 540).")
        @Argument(help: "The row, numbered from 1.") var row: Int
        @Argument(help: "The width in points.") var points: Double
        @OptionGroup var database: DatabaseOptions
        func validate() throws {
            try OptionRange.check(row, "ROW", in: OptionRange.row)
            try OptionRange.checkFinite(points, "POINTS")
        }
        func run() throws {
            let updated = try database.run { form throws(FormKitError) in try form.setRowWidth(row, to: points) }
            Terminal.write("row \(updated.number): \(Points.format(updated.width)) points wide\n")
        }
    }
}
