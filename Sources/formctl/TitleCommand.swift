import ArgumentParser
import CLISupport
import FormKit

/// `formctl title`: the form's title template.
struct TitleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "title",
        abstract: "Show the title, or set its template.",
        discussion: "In the template, {key} stands for that field's value: the default is \"Hello {first} {middle} {last}\".")

    @Argument(help: "The new template (leave it out to show the current one).")
    var template: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let title = try database.run { form throws(FormKitError) in
            if let template { return try form.setTitle(template: template) }
            return try form.title()
        }
        Terminal.write("template: \(DisplayText.escaped(title.template))\ntitle:    \(DisplayText.escaped(title.text))\n")
    }
}
