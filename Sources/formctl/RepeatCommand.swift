import ArgumentParser
import CLISupport
import FormKit

/// `formctl repeat …`: a repeat's instances ("add a child").
struct RepeatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repeat",
        abstract: "Add, remove and list the instances of a repeat (\"add another child\").",
        discussion: """
            A repeat is a group of fields filled in once per instance. Its fields are named by \
            path: the repeat's key, the instance's number, the field's key (children.2.name), \
            and set and get take those paths. A refusal (a path that is no repeat, a number no \
            instance has, past max_count or below min_count) exits 64 with nothing written.
            """,
        subcommands: [List.self, Add.self, Remove.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The instances of a repeat: path, title, and how many of their fields hold values.")
        @Argument(help: "The repeat's path (children, households.1.members).") var path: String
        @Flag(help: "Print the instances as JSON: [{\"path\", \"number\", \"title\", \"filled\", \"fields\"}].") var json = false
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let instances = try database.run { form throws(FormKitError) in try form.instances(of: path) }
            if json {
                Terminal.write(try reportingErrors { () throws(FormKitError) in try JSONText.encode(instances) })
                return
            }
            if instances.isEmpty {
                Terminal.write("\(path) has no instances (formctl repeat add \(path) adds one)\n")
                return
            }
            let rows = instances.map { [DisplayText.escaped($0.path), DisplayText.cell($0.title, limit: 40), "\($0.filled)/\($0.fields)"] }
            Terminal.write(DisplayText.table(header: ["PATH", "TITLE", "FILLED"], rows: rows))
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an instance at the end of a repeat and print its path (children.3).")
        @Argument(help: "The repeat's path (children, households.1.members).") var path: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let added = try database.run { form throws(FormKitError) in try form.addInstance(to: path) }
            Terminal.write(added + "\n")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an instance (children.2); later instances move up a number.",
            discussion: "The values of the instance removed stay in history (formctl history).")
        @Argument(help: "The instance's path: the repeat's path and the number (children.2).") var path: String
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            try database.run { form throws(FormKitError) in try form.removeInstance(path) }
        }
    }
}
