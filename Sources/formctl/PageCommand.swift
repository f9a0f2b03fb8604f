import ArgumentParser
import CLISupport
import FormKit

/// `formctl page …`: the form's pages and the tab bar's order (seeds 000,
/// 001, 003).
struct PageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "List, add, remove, rename, move and select the form's pages.",
        discussion: """
            A form in two or more pages is drawn with a tab bar at the bottom; from six \
            pages on the bar shows the first four and More, which lists the others. \
            A field's page is its row's page.
            """,
        subcommands: [List.self, Add.self, Remove.self, Rename.self, Move.self, Select.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The pages in tab bar order, with their rows and fields; * marks the page shown.")
        @Flag(help: "Print the pages as JSON.") var json = false
        @OptionGroup var database: DatabaseOptions

        struct Output: Encodable {
            let key: String, title: String, position: Int
            let rows: [Int], fields: [String]
            let selected: Bool, behindMore: Bool
        }

        func run() throws {
            let (pages, selection) = try database.run { form throws(FormKitError) in try form.pagesAndSelection() }
            if json {
                let output = pages.map {
                    Output(key: $0.page.key, title: $0.page.title, position: $0.page.position, rows: $0.rows,
                           fields: $0.fields.map(\.key), selected: $0.isSelected, behindMore: $0.isBehindMore)
                }
                Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(output) })
                return
            }
            let rows = pages.map { listing in
                [String(listing.page.position), (listing.isSelected ? "* " : "  ") + DisplayText.cell(listing.page.key, limit: 24),
                 DisplayText.cell(listing.page.title, limit: 24), listing.isBehindMore ? "More" : "bar",
                 listing.rows.isEmpty ? "-" : listing.rows.map(String.init).joined(separator: " "),
                 listing.fields.isEmpty ? "-" : DisplayText.cell(listing.fields.map { $0.isVisible ? $0.key : "(\($0.key))" }.joined(separator: " "), limit: 60)]
            }
            var text = DisplayText.table(header: ["PLACE", "  KEY", "TITLE", "TAB", "ROWS", "FIELDS"], rows: rows)
            if case .more = selection { text += "the More list is shown\n" }
            Terminal.write(text)
            if let note = selection.note, selection != .more { Terminal.printError(note) }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a page without rows (add fields with field add KEY LABEL --page PAGE).")
        @Argument(help: "A new key: letters, digits, _ or -, starting with a letter.") var key: String
        @Argument(help: "The title its tab shows.") var title: String
        @Option(help: "Place in the tab bar, from 1 (default: last).") var index: Int?
        @OptionGroup var database: DatabaseOptions
        func validate() throws { try OptionRange.check(index, "--index", in: OptionRange.index) }
        func run() throws {
            let pages = try database.run { form throws(FormKitError) in try form.addPage(key: key, title: title, index: index) }
            let place = pages.first { $0.key == key }?.position ?? pages.count
            Terminal.write("\(DisplayText.escaped(key)): added at place \(place) of \(pages.count)\n")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a page and its rows; refused while it holds fields unless --with-fields.")
        @Argument(help: "The page's key.") var key: String
        @Flag(help: "Remove the page's fields too (their values stay in history).") var withFields = false
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let removed = try database.run { form throws(FormKitError) in try form.removePage(key, withFields: withFields) }
            let fields = removed.isEmpty ? "" : " with \(removed.map(DisplayText.escaped).joined(separator: ", "))"
            Terminal.write("\(DisplayText.escaped(key)): removed\(fields)\n")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Give a page a new title (its key stays).")
        @Argument(help: "The page's key.") var key: String
        @Argument(help: "The new title.") var title: String
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let page = try database.run { form throws(FormKitError) in try form.renamePage(key, title: title) }
            Terminal.write("\(DisplayText.escaped(page.key)): titled \(DisplayText.escaped(page.title))\n")
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move a page to another place in the tab bar (kept in the database).")
        @Argument(help: "The page's key.") var key: String
        @Argument(help: "The place, from 1 (past the end: last).") var place: Int
        @OptionGroup var database: DatabaseOptions
        func validate() throws { try OptionRange.check(place, "PLACE", in: OptionRange.index) }
        func run() throws {
            let pages = try database.run { form throws(FormKitError) in try form.movePage(key, to: place) }
            let at = pages.first { $0.key == key }?.position ?? place
            Terminal.write("\(DisplayText.escaped(key)): at place \(at); order: \(pages.map { DisplayText.escaped($0.key) }.joined(separator: " "))\n")
        }
    }

    struct Select: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "select",
            abstract: "Show a page (or, with --more, the More list); selecting the shown page writes nothing.")
        @Argument(help: "The page's key.") var key: String?
        @Flag(help: "Show the More list (from six pages on).") var more = false
        @OptionGroup var database: DatabaseOptions
        func validate() throws {
            if (key == nil) == !more { throw ValidationError("Give a page key or --more, not both.") }
        }
        func run() throws {
            let changed = try database.run { form throws(FormKitError) in try form.selectPage(more ? nil : key) }
            let name = more ? "More" : DisplayText.escaped(key ?? "")
            Terminal.write(changed ? "\(name): shown\n" : "\(name): already shown (nothing written)\n")
        }
    }
}
