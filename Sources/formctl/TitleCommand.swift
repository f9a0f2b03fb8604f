import ArgumentParser
import FormModel
import FormStore

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
        let form: FormDefinition
        if let template {
            form = try database.withDatabase { db throws(FormStoreError) in try db.setTitleTemplate(template) }
        } else {
            form = try database.readingDatabase { db throws(FormStoreError) in try db.definition() }
        }
        Terminal.write("template: \(DisplayText.escaped(form.titleTemplate))\ntitle:    \(DisplayText.escaped(form.title))\n")
    }
}
