import ArgumentParser

/// `--db PATH` and `--no-create` belong to every command, and, as with
/// `git -C`, they may come before the command's name as well as after it:
/// `formctl --db f.db get first` is `formctl get first --db f.db`.
/// swift-argument-parser only takes them after the command, so the ones
/// written before it are moved to just after the command's name (before any
/// `--`, since they go right after the name).
enum GlobalOptions {
    /// The names of the commands, and of the subcommands of those that have
    /// some, for finding where the command's name ends: read from the
    /// command tree (`Formctl.configuration`), so that a new command or
    /// subcommand needs no second list. A static `let` is initialised on
    /// first use, and only `reordered` uses it, after it has found a global
    /// option before the command: a call with none (every call the fast
    /// path answers, `FastPath`) never builds it. Only the names are read,
    /// not the commands' arguments, whose description is what costs.
    static let commands: [String: Set<String>] = names(of: Formctl.configuration.subcommands)

    /// Each command's name and the names of its own subcommands, as the
    /// parser matches them (`_commandName`: the configured name, else the
    /// one derived from the type's).
    static func names(of commands: [any ParsableCommand.Type]) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        for command in commands {
            names[command._commandName] = Set(command.configuration.subcommands.map { $0._commandName })
        }
        return names
    }

    /// The names of `name`'s subcommands (empty for a command without
    /// any), or nil when `name` is no command. A command the fast path
    /// answers has none, and is known without reading the tree:
    /// `formctl --db f.db get first` is answered by the fast path once
    /// reordered, and building the tree's names would cost it 0.17M
    /// instructions (callgrind: 6.20M instead of 6.03M, release build).
    private static func subcommands(ofCommand name: String) -> Set<String>? {
        FastPath.answers(name) ? [] : commands[name]
    }

    /// `arguments` (without the program name) with the global options that
    /// come before the command's name moved after it. Arguments without
    /// leading global options come back as they are.
    static func reordered(_ arguments: [String]) -> [String] {
        guard let first = arguments.first, first == "--db" || first.hasPrefix("--db=") || first == "--no-create" else {
            return arguments
        }
        var globals: [String] = []
        var path: [String] = []
        // The subcommand names the next word may be, once the command's
        // name is found (nil: none).
        var expected: Set<String>? = nil
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--db", index + 1 < arguments.count {
                globals += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--db=") || argument == "--no-create" {
                globals.append(argument)
                index += 1
            } else if path.isEmpty, let subcommands = subcommands(ofCommand: argument) {
                path.append(argument)
                expected = subcommands.isEmpty ? nil : subcommands
                index += 1
            } else if let names = expected, names.contains(argument) {
                path.append(argument)
                expected = nil
                index += 1
            } else {
                break
            }
        }
        // Without a command (`formctl --db f.db --help`) the options have
        // nothing to apply to: leave them out so that help and version work.
        return path + (path.isEmpty ? [] : globals) + arguments[index...]
    }
}
