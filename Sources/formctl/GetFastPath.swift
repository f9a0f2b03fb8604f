import ArgumentParser
import FormKit

/// `formctl get KEY [--db PATH]`, the call scripts make most, answered
/// without the argument parser: describing the command tree costs more
/// (about 20M instructions, mostly type metadata look-ups) than reading the
/// value. Anything else, help and errors included, goes to the parser.
enum GetFastPath {
    /// The exit code when `arguments` (with global options already moved
    /// after the command's name) are a plain `get`, nil otherwise.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.first == "get" else { return nil }
        var key: String?
        var db: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "--db", db == nil, let value = rest.popFirst() {
                db = value
            } else if argument.hasPrefix("--db="), db == nil {
                db = String(argument.dropFirst(5))
            } else if argument.hasPrefix("-") || key != nil {
                return nil
            } else {
                key = argument
            }
        }
        guard let key else { return nil }
        do {
            try GetCommand.printValue(key: key, json: false, form: FormFile(path: FormFile.resolvedPath(db)))
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            Terminal.printError(String(describing: error))
            return 70
        }
    }
}
