import ArgumentParser
import CLISupport
import FormKit

/// `formctl tabbar`: the tab bar's height and visibility (seed 003).
struct TabBarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabbar",
        abstract: "Show or set the tab bar's height and whether it is hidden.",
        discussion: """
            The bar is drawn below the page when the form has two or more pages. Its \
            height is 49 points by default and may be 30 to 120; a hidden bar gives its \
            height back to the page. Without options, prints the settings.
            """)

    @Option(help: ArgumentHelp("The bar's height in points, 30 to 120.", valueName: "points")) var height: Double?
    @Flag(help: "Hide the bar.") var hide = false
    @Flag(help: "Show the bar.") var show = false
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if hide && show { throw ValidationError("Give --hide or --show, not both.") }
        try OptionRange.checkFinite(height, "--height")
    }

    func run() throws {
        let hidden: Bool? = hide ? true : show ? false : nil
        let (settings, pageCount) = try database.run { form throws(FormKitError) in
            let settings = height == nil && hidden == nil ? try form.tabBar() : try form.setTabBar(height: height, hidden: hidden)
            return (settings, try form.pages().count)
        }
        var line = "tab bar: \(Points.format(settings.height)) points, \(settings.isHidden ? "hidden" : "shown")"
        if pageCount < 2 { line += " (drawn from two pages on; the form has one)" }
        Terminal.write(line + "\n")
    }
}
