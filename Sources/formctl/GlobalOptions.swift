/// `--db PATH` and `--no-create` belong to every command, and, as with
/// `git -C`, they may come before the command's name as well as after it:
/// `formctl --db f.db get first` is `formctl get first --db f.db`.
/// swift-argument-parser only takes them after the command, so the ones
/// written before it are moved to just after the command's name (before any
/// `--`, since they go right after the name).
enum GlobalOptions {
    /// The names of the commands, and of the subcommands of those that have
    /// some, for finding where the command's name ends. Kept here rather
    /// than read from the command tree, which the fast path (FastPath) avoids
    /// describing; the end-to-end tests run every command in both orders.
    static let commands: [String: Set<String>] = [
        "set": [], "get": [], "fields": [], "minimap": [], "title": [], "history": [], "check": [],
        "field": ["show", "hide", "add", "remove", "move", "rule"],
        "row": ["list", "add", "remove", "width"],
        "page": ["list", "add", "remove", "rename", "move", "select"], "tabbar": [], "edit": [],
    ]

    /// `arguments` (without the program name) with the global options that
    /// come before the command's name moved after it. Arguments without
    /// leading global options come back as they are.
    static func reordered(_ arguments: [String]) -> [String] {
        guard let first = arguments.first, first == "--db" || first.hasPrefix("--db=") || first == "--no-create" else {
            return arguments
        }
        var globals: [String] = []
        var path: [String] = []
        var expected: Set<String>? = Set(commands.keys)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--db", index + 1 < arguments.count {
                globals += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--db=") || argument == "--no-create" {
                globals.append(argument)
                index += 1
            } else if let names = expected, names.contains(argument) {
                path.append(argument)
                expected = path.count == 1 ? commands[argument].flatMap { $0.isEmpty ? nil : $0 } : nil
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
