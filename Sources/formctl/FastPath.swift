import ArgumentParser
import CLISupport
import FormKit

/// The calls scripts make most — `get KEY`, `set KEY VALUE` and
/// `minimap [--format F] [--width N]`, each with `--db PATH` — answered
/// without the argument parser. Describing the command tree costs more than
/// the command: about 14M instructions for `set` and 17M for `minimap`
/// (callgrind), nearly all of it the Swift runtime looking up the
/// conformances of every option's type, against about 4M for the whole
/// `sqlite3` shell. Anything else (another option, a value that starts with
/// `-`, a missing or extra argument, a value the parser would refuse, help)
/// goes to the parser, so errors and help read the same either way; what
/// the fast path accepts runs the same code as the parsed command.
enum FastPath {
    /// The options `command` may take here (nil: not a fast command).
    /// A switch, not a dictionary: a `[String: Set<String>]` would cost
    /// the process its first look-ups of those generic types.
    private static func options(of command: String) -> [String]? {
        switch command {
        case "get", "set": ["db"]
        case "minimap": ["db", "format", "width"]
        default: nil
        }
    }

    /// Whether `command` is one the fast path answers: a command without
    /// subcommands, so that `GlobalOptions` can move options past its
    /// name without reading the command tree.
    static func answers(_ command: String) -> Bool { options(of: command) != nil }

    /// The exit code when `arguments` (with global options already moved
    /// after the command's name) are one of the calls above, nil otherwise.
    static func run(_ arguments: [String]) -> Int32? {
        guard let name = arguments.first, let allowed = options(of: name),
              let (positionals, values) = split(arguments.dropFirst(), allowed: allowed) else { return nil }
        let form = StoredForm(path: StoredForm.resolvedPath(values["db"]))
        let work: () throws -> Void
        switch (name, positionals.count) {
        case ("get", 1):
            work = { try GetCommand.printValue(key: positionals[0], json: false, form: form) }
        case ("set", 2):
            work = { try SetCommand.store(key: positionals[0], value: positionals[1], in: form) }
        case ("minimap", 0):
            var format: RenderFormat?
            if let text = values["format"] {
                guard let parsed = RenderFormat(parsing: text) else { return nil }
                format = parsed
            }
            var width: Int?
            if let text = values["width"] {
                guard let number = Int(text), MinimapCommand.widths.contains(number) else { return nil }
                width = number
            }
            work = { try MinimapCommand.printMinimap(format: format ?? MinimapCommand.defaultFormat(.auto), width: width, page: nil, of: form) }
        default:
            return nil
        }
        do {
            try work()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            Terminal.printError(String(describing: error))
            return 70
        }
    }

    /// The options given, by name (a handful: a list, not a dictionary).
    private struct Options {
        private var pairs: [(name: String, value: String)] = []

        subscript(name: String) -> String? {
            get { pairs.first { $0.name == name }?.value }
            set { if let newValue { pairs.append((name, newValue)) } }
        }
    }

    /// The positional arguments and the `--name VALUE` / `--name=VALUE`
    /// options in `arguments`; nil when an option is not in `allowed`, is
    /// given twice, lacks its value, or anything else starts with `-`.
    private static func split(_ arguments: ArraySlice<String>, allowed: [String]) -> ([String], Options)? {
        var positionals: [String] = []
        var values = Options()
        var rest = arguments
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { return nil }
            let body = argument.dropFirst(2)
            let name: String
            let value: String
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                value = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                // A path may start with `-`; for the other options the
                // parser decides what `--width -5` means.
                guard let next = rest.popFirst(), name == "db" || !next.hasPrefix("-") else { return nil }
                value = next
            }
            guard allowed.contains(name), values[name] == nil else { return nil }
            values[name] = value
        }
        return (positionals, values)
    }
}
