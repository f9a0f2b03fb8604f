import ArgumentParser
import CLISupport
import FormKit

/// `formctl field …`: the form's shape and rules.
struct FieldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "field",
        abstract: "Show, hide, add, remove, move fields and set their rules.",
        subcommands: [Show.self, Hide.self, Add.self, Remove.self, Move.self, Rule.self, ShowIf.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a hidden field (seed 002's Twitter toggle on).")
        @Argument(help: "The field's key.") var key: String
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let field = try database.run { form throws(FormKitError) in try form.showField(key) }
            Terminal.write("\(field.key): shown in row \(field.row)\n")
        }
    }

    struct Hide: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hide", abstract: "Hide a field; its value is kept.")
        @Argument(help: "The field's key.") var key: String
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let field = try database.run { form throws(FormKitError) in try form.hideField(key) }
            Terminal.write("\(field.key): hidden (value kept)\n")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a field to a row.")
        @Argument(help: "A new key: letters, digits, _ or -.") var key: String
        @Argument(help: "The label shown above the field.") var label: String
        @Option(help: "The row, numbered from 1 (default: the page's last row, else row 1).") var row: Int?
        @Option(help: "The page (default: the row's); without --row, its last row, added if it has none.") var page: String?
        @Option(help: "Place in the row, from 1 (default: last).") var index: Int?
        @OptionGroup var database: DatabaseOptions
        func validate() throws {
            try OptionRange.check(row, "--row", in: OptionRange.row)
            try OptionRange.check(index, "--index", in: OptionRange.index)
        }
        func run() throws {
            let field = try database.run { form throws(FormKitError) in
                try form.addField(key: key, label: label, row: row, page: page, index: index)
            }
            Terminal.write("\(field.key): added to row \(field.row)\(page.map { " on page \(DisplayText.escaped($0))" } ?? "")\n")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a field (its history is kept).")
        @Argument(help: "The field's key.") var key: String
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            try database.run { form throws(FormKitError) in try form.removeField(key) }
            Terminal.write("\(key): removed\n")
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move a field to another row or place.")
        @Argument(help: "The field's key.") var key: String
        @Option(help: "The row to move to.") var row: Int?
        @Option(help: "Place in the row, from 1.") var index: Int?
        @OptionGroup var database: DatabaseOptions
        func validate() throws {
            if row == nil && index == nil { throw ValidationError("Give --row, --index or both.") }
            try OptionRange.check(row, "--row", in: OptionRange.row)
            try OptionRange.check(index, "--index", in: OptionRange.index)
        }
        func run() throws {
            let field = try database.run { form throws(FormKitError) in
                try form.moveField(key, toRow: row, index: index)
            }
            Terminal.write("\(field.key): row \(field.row), position \(field.position) in the form\n")
        }
    }

    struct Rule: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rule",
            abstract: "Set a field's rules; a value that breaks one is invalid (orange).")
        @Argument(help: "The field's key.") var key: String
        @Flag var requirement: RuleChange.Requirement?
        @Option(help: "Fewest characters.") var minLength: Int?
        @Option(help: "Most characters.") var maxLength: Int?
        @Option(help: "A regular expression the whole value must match.") var pattern: String?
        @Flag(inversion: .prefixedNo, help: "Whether the value must be an email address (--email) or not (--no-email).") var email: Bool?
        @Option(help: "The length under which a value is short (yellow); 0 for no short state (default 3, seed 002's).")
        var shortBelow: Int?
        @Option(help: "Your words for check to give when any rule of the field is broken.") var message: String?
        @Flag(help: "Remove the message: check gives its own reasons.") var noMessage = false
        @Option(help: "What the lengths count: characters (as a reader sees them; the default) or code-points (as JSON Schema's minLength and maxLength count).")
        var lengthUnit: LengthUnit?
        @Flag(help: "Remove every rule first.") var clear = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            try OptionRange.check(minLength, "--min-length", in: OptionRange.length)
            try OptionRange.check(maxLength, "--max-length", in: OptionRange.length)
            try OptionRange.check(shortBelow, "--short-below", in: OptionRange.length)
            if message != nil && noMessage { throw ValidationError("Give --message or --no-message, not both.") }
            if message == "" { throw ValidationError("A message cannot be empty; --no-message removes it.") }
        }

        func run() throws {
            let change = RuleChange(clear: clear, requirement: requirement, minLength: minLength, maxLength: maxLength,
                                    pattern: pattern, email: email, shortBelow: shortBelow, message: noMessage ? "" : message,
                                    lengthUnit: lengthUnit)
            let field = try database.run { form throws(FormKitError) in try form.changeRules(of: key, change) }
            Terminal.write(field.stateLine + "\n")
        }
    }
}

extension FieldCommand {
    struct ShowIf: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show-if",
            abstract: "Show a field only while another field equals a value or is filled; its value is kept while hidden.")
        @Argument(help: "The field's key.") var key: String
        @Option(help: "The field the condition reads.") var field: String?
        @Option(help: "Shown while that field's value is exactly this text.") var equals: String?
        @Flag(help: "Shown while that field is not empty.") var filled = false
        @Flag(help: "Remove the condition: the field is shown unless hidden.") var clear = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if clear {
                guard field == nil, equals == nil, !filled else { throw ValidationError("--clear takes no --field, --equals or --filled.") }
                return
            }
            guard field != nil else { throw ValidationError("Give --field KEY with --equals VALUE or --filled, or --clear.") }
            guard (equals != nil) != filled else { throw ValidationError("Give one of --equals VALUE and --filled.") }
        }

        /// The condition the options spell, nil for `--clear`.
        var condition: ShowCondition? {
            guard !clear, let field else { return nil }
            if let equals { return .equals(field: field, value: equals) }
            return .filled(field: field)
        }

        func run() throws {
            let condition = condition
            let field = try database.run { form throws(FormKitError) in try form.setCondition(of: key, condition) }
            switch condition {
            case nil:
                Terminal.write("\(field.key): shown without a condition\n")
            case .equals(let other, let value):
                Terminal.write("\(field.key): shown while \(other) is \"\(DisplayText.escaped(value))\"\n")
            case .filled(let other):
                Terminal.write("\(field.key): shown while \(other) is filled\n")
            }
        }
    }
}

/// `--length-unit characters|code-points` (the database and `fields --json`
/// write `code_points`; a command line spells it with a hyphen, as the
/// options do).
extension LengthUnit: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "characters": self = .characters
        case "code-points", "code_points": self = .codePoints
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["characters", "code-points"] }

    public var defaultValueDescription: String { self == .characters ? "characters" : "code-points" }
}

extension RuleChange.Requirement: EnumerableFlag {
    /// `--required` and `--optional`, with what each means for `check`.
    public static func help(for value: Self) -> ArgumentHelp? {
        switch value {
        case .required: "`formctl check` fails while the field is empty."
        case .optional: "The field may stay empty: `formctl check` passes it (it stays empty, red)."
        }
    }
}
