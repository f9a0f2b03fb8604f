import ArgumentParser
import CLISupport
import FormKit

/// `formctl minimap`: the whole form at a glance.
struct MinimapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "minimap",
        abstract: "Print the form's minimap.",
        discussion: """
            Colours: red empty, yellow under 3 characters, green valid, orange invalid, \
            purple the title, gray (".") field containers. On a terminal the minimap is \
            drawn in 24-bit colour with half blocks; otherwise, with NO_COLOR set or \
            --color never, as one letter per colour. svg shows the form and its minimap \
            side by side (with the tab bar of a form in pages); json lists the rectangles \
            (the minimap_rect table). The minimap is the shown page's, or --page's.
            """)

    enum ColorMode: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

    @Option(help: "ansi, text, json or svg (default: ansi on a terminal, else text).")
    var format: RenderFormat?

    @Option(help: "When to use colour: auto, always or never.")
    var color: ColorMode = .auto

    @Option(help: "Width in terminal columns (default: the terminal's, at most 80).")
    var width: Int?

    @Option(help: "The page whose minimap to print (default: the page shown; nothing is written).")
    var page: String?

    @Flag(help: "Keep running: draw the minimap again whenever the database changes (Ctrl-C stops).")
    var watch = false

    @OptionGroup var database: DatabaseOptions

    /// The widths `--width` accepts, in terminal columns.
    static let widths = 1...4096

    func validate() throws {
        if let width, !Self.widths.contains(width) { throw ValidationError("--width must be between 1 and 4096 columns.") }
    }

    func run() throws {
        let chosen = format ?? Self.defaultFormat(color)
        if watch {
            // Keeps running, holding the file open in a session.
            StoredForm.keepsClosedConnections = false
            let columns = Self.columns(width)
            let render = { @Sendable (form: StoredForm) throws(FormKitError) -> String in try form.minimap(format: chosen, columns: columns) }
            let inPlace = chosen == .ansi && Terminal.outputIsTerminal
            try reportingErrors { () throws(FormKitError) in try MinimapWatch(file: database.form, render: render, inPlace: inPlace).run() }
        }
        try Self.printMinimap(format: chosen, width: width, page: page, of: database.form)
    }

    /// Prints the minimap of `page` (nil: the page shown), `width` columns
    /// wide (nil: the terminal's, at most 80), and the note that explains
    /// an empty one on standard error.
    static func printMinimap(format: RenderFormat, width: Int?, page: String?, of form: StoredForm) throws {
        let (picture, note) = try reportingErrors { () throws(FormKitError) in
            try form.minimapExplained(format: format, columns: columns(width), page: page)
        }
        Terminal.write(picture)
        if let note { Terminal.printError(note) }
    }

    private static func columns(_ width: Int?) -> Int { width ?? min(Terminal.columns ?? 80, 80) }

    /// The format without `--format`: ANSI colour on a terminal (unless
    /// NO_COLOR or `--color never`), else text.
    static func defaultFormat(_ color: ColorMode) -> RenderFormat {
        switch color {
        case .always: .ansi
        case .never: .text
        case .auto: Terminal.outputIsTerminal && !Terminal.noColorRequested ? .ansi : .text
        }
    }
}

extension RenderFormat: ExpressibleByArgument {
    /// Lets `--format` take any name `RenderFormat(parsing:)` accepts (any case; `txt`/`plain` for text).
    public init?(argument: String) { self.init(parsing: argument) }
}
