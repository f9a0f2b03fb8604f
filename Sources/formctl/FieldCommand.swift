import ArgumentParser
import CLISupport
import FormKit

/// `formctl field …`: the form's shape and rules.
struct FieldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "field",
        abstract: "Show, hide, add, remove, move fields and set their rules.",
        subcommands: [Show.self, Hide.self, ReadOnly.self, Add.self, Remove.self, Move.self, Rule.self, ShowIf.self, TypeCommand.self, Choices.self])

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

    struct ReadOnly: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "read-only",
            abstract: "Make a field read-only: set refuses it without --force, respondents cannot change it.",
            discussion: "Its value is kept. A new or cleared form gives it its default.")
        @Argument(help: "The field's key.") var key: String
        @Flag(help: "Make it writable again.") var off = false
        @OptionGroup var database: DatabaseOptions
        func run() throws {
            let field = try database.run { form throws(FormKitError) in try form.setReadOnly(key, !off) }
            Terminal.write("\(field.key): \(field.isReadOnly ? "read-only (set --force changes it)" : "writable")\n")
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
        @Option(help: "A number's, date's or time's lowest value, itself allowed ('' removes it).") var min: String?
        @Option(help: "The value must be above this ('' removes it).") var above: String?
        @Option(help: "The highest value, itself allowed ('' removes it).") var max: String?
        @Option(help: "The value must be below this ('' removes it).") var below: String?
        @Option(help: "A number must be a whole multiple of this ('' removes it).") var step: String?
        @Option(help: "A select_multiple answer holds at least this many choices.") var minSelected: Int?
        @Option(help: "A select_multiple answer holds at most this many choices.") var maxSelected: Int?
        @Flag(help: "Remove every rule first.") var clear = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            try OptionRange.check(minLength, "--min-length", in: OptionRange.length)
            try OptionRange.check(maxLength, "--max-length", in: OptionRange.length)
            try OptionRange.check(shortBelow, "--short-below", in: OptionRange.length)
            if message != nil && noMessage { throw ValidationError("Give --message or --no-message, not both.") }
            if message == "" { throw ValidationError("A message cannot be empty; --no-message removes it.") }
            if min != nil && above != nil { throw ValidationError("Give --min or --above, not both: they are two ways to give one bound.") }
            if max != nil && below != nil { throw ValidationError("Give --max or --below, not both: they are two ways to give one bound.") }
            try OptionRange.check(minSelected, "--min-selected", in: OptionRange.length)
            try OptionRange.check(maxSelected, "--max-selected", in: OptionRange.length)
        }

        func run() throws {
            var change = RuleChange.bounds(min: min, above: above, max: max, below: below, step: step,
                                           minSelected: minSelected, maxSelected: maxSelected)
            (change.clear, change.requirement, change.minLength, change.maxLength) = (clear, requirement, minLength, maxLength)
            (change.pattern, change.email, change.shortBelow) = (pattern, email, shortBelow)
            (change.message, change.lengthUnit) = (noMessage ? "" : message, lengthUnit)
            let field = try database.run { form throws(FormKitError) in try form.changeRules(of: key, change) }
            Terminal.write(field.stateLine + "\n")
        }
    }
}

extension FieldCommand {
    struct ShowIf: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show-if",
            abstract: "Show a field only while another field equals a value, is filled, or compares so; its value is kept while hidden.",
            discussion: "Values are read as the other field's type (18, true, 2026-06-30). A form file combines conditions with all, any and not (docs/form-files.md).")
        @Argument(help: "The field's key.") var key: String
        @Option(help: "The field the condition reads.") var field: String?
        @Option(help: "Shown while that field's value equals this (as its type compares).") var equals: String?
        @Flag(help: "Shown while that field is not empty.") var filled = false
        @Option(name: .customLong("in"), help: "Shown while that field's value is one of these (repeat the option).") var among: [String] = []
        @Option(help: "Shown while that select_multiple field includes this choice.") var includes: String?
        @Option(help: "Shown while that field's number, date or time is this or later.") var atLeast: String?
        @Option(help: "Shown while that field's number, date or time is this or earlier.") var atMost: String?
        @Flag(help: "Remove the condition: the field is shown unless hidden.") var clear = false
        @OptionGroup var database: DatabaseOptions

        /// How many comparisons the options give.
        private var comparisons: Int {
            [equals != nil, filled, !among.isEmpty, includes != nil, atLeast != nil, atMost != nil].filter { $0 }.count
        }

        func validate() throws {
            if clear {
                guard field == nil, comparisons == 0 else { throw ValidationError("--clear takes no --field or comparison.") }
                return
            }
            guard field != nil else { throw ValidationError("Give --field KEY with one of --equals, --filled, --in, --includes, --at-least, --at-most; or --clear.") }
            guard comparisons == 1 else {
                throw ValidationError("Give one of --equals VALUE, --filled, --in VALUE…, --includes VALUE, --at-least VALUE and --at-most VALUE.")
            }
        }

        /// The condition the options spell, nil for `--clear`.
        var condition: ShowCondition? {
            guard !clear, let field else { return nil }
            if let equals { return .equals(field: field, value: equals) }
            if !among.isEmpty { return .isIn(field: field, values: among) }
            if let includes { return .includes(field: field, value: includes) }
            if let atLeast { return .atLeast(field: field, value: atLeast) }
            if let atMost { return .atMost(field: field, value: atMost) }
            return .filled(field: field)
        }

        func run() throws {
            let field = try database.run { form throws(FormKitError) in try form.setCondition(of: key, condition) }
            guard let stored = field.showIf else { return Terminal.write("\(field.key): shown without a condition\n") }
            let words = switch stored {
            case .equals(let other, let value): "\(other) is \"\(DisplayText.escaped(value))\""
            case .filled(let other): "\(other) is filled"
            case .isIn(let other, let values): "\(other) is one of " + values.map { "\"\(DisplayText.escaped($0))\"" }.joined(separator: ", ")
            case .includes(let other, let value): "\(other) includes \"\(DisplayText.escaped(value))\""
            case .atLeast(let other, let value): "\(other) is at least \(DisplayText.escaped(value))"
            case .atMost(let other, let value): "\(other) is at most \(DisplayText.escaped(value))"
            case .all, .any, .not: "its condition holds"
            }
            Terminal.write("\(field.key): shown while \(words)\n")
        }
    }
}

extension FieldCommand {
    /// `formctl field type KEY TYPE`.
    struct TypeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "type",
            abstract: "Change a field's type: text, long_text, integer, decimal, select_one, select_multiple, boolean, date, time or datetime.",
            discussion: "Rules the new type does not take go (a text's lengths and pattern, a number's bounds). A present value or a stored answer the new type could not keep is refused (exit 64, naming it) unless --force.")
        @Argument(help: "The field's key.") var key: String
        @Argument(help: "The new type.") var type: FieldType
        @Option(parsing: .upToNextOption, help: "A select's choices: values, separated by spaces or commas (repeat or list), or a JSON array for values that hold them.")
        var choices: [String] = []
        @Flag(help: "Make the change even when the present value or stored answers could not keep it.") var force = false
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let values = choices.flatMap { SelectionValue.values(ofInput: $0) }
            let given = values.isEmpty ? nil : values.map { FieldChoice(value: $0) }
            let field = try database.run { form throws(FormKitError) in try form.changeType(of: key, to: type, choices: given, force: force) }
            Terminal.write("\(field.key): \(field.rules.type.rawValue)" + ChoicesText.of(field) + "; " + field.stateLine.drop { $0 != " " }.dropFirst() + "\n")
        }
    }

    /// `formctl field choices KEY add|remove|rename|move …`.
    struct Choices: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "choices",
            abstract: "Add, remove, rename or move a select field's choices.",
            discussion: "add VALUE [--label L] [--at N]; remove VALUE; rename VALUE NEW [--label L]; move VALUE --at N. Removing or renaming a choice the present value or a stored answer holds is refused (exit 64) unless --force; a rename moves the present value along.")
        enum Action: String, ExpressibleByArgument, CaseIterable { case add, remove, rename, move }
        @Argument(help: "The field's key.") var key: String
        @Argument(help: "add, remove, rename or move.") var action: Action
        @Argument(help: "The choice's value.") var value: String
        @Argument(help: "rename: the new value.") var newValue: String?
        @Option(help: "add, rename: the label shown (default: the value).") var label: String?
        @Option(help: "add, move: the place, from 1 (default for add: last).") var at: Int?
        @Flag(help: "Make the change even when the present value or stored answers hold the choice.") var force = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if (action == .rename) != (newValue != nil) { throw ValidationError(action == .rename ? "rename needs the NEW value." : "Only rename takes a second value.") }
            if action == .move && at == nil { throw ValidationError("move needs --at N.") }
            if label != nil && (action == .remove || action == .move) { throw ValidationError("--label is for add and rename.") }
            try OptionRange.check(at, "--at", in: OptionRange.index)
        }

        func run() throws {
            let change: ChoiceChange = switch action {
            case .add: .add(FieldChoice(value: value, label: label), position: at)
            case .remove: .remove(value: value)
            case .rename: .rename(value: value, to: newValue ?? value, label: label)
            case .move: .move(value: value, to: at ?? 1)
            }
            let field = try database.run { form throws(FormKitError) in try form.changeChoices(of: key, change, force: force) }
            Terminal.write("\(field.key): " + ChoicesText.list(field) + "\n")
        }
    }
}

/// A select field's choices in a line: ` (red, green "Green!", blue)`;
/// empty for any other field.
enum ChoicesText {
    static func of(_ field: Field) -> String {
        field.rules.type.isSelect ? " (" + list(field) + ")" : ""
    }

    /// `red, green "Green!", blue`.
    static func list(_ field: Field) -> String {
        field.rules.choices.map { $0.label == $0.value ? $0.value : "\($0.value) \"\(DisplayText.escaped($0.label))\"" }.joined(separator: ", ")
    }
}

extension FieldType: ExpressibleByArgument {}

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
