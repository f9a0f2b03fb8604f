import ArgumentParser
import FormModel
import FormStore

/// `formctl check`: re-validates every field; exit 1 when one is not valid.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Re-validate every field; exit 1 when a shown field is not valid.")

    @Flag(help: "Print the fields that are not valid as JSON.") var json = false
    @OptionGroup var database: DatabaseOptions

    struct Problem: Encodable { let key: String, state: String, reason: String }

    func run() throws {
        // Reading re-validates: states are computed from the values, and a
        // database changed behind formctl's back is refreshed on the way.
        let fields = try database.readingDatabase { db throws(FormStoreError) in try db.fields() }
        let problems = fields.filter(\.isVisible).compactMap { field -> Problem? in
            switch field.state {
            case .valid: return nil
            case .empty: return Problem(key: field.key, state: "empty", reason: field.rules.required ? "is required" : "is empty")
            case .short: return Problem(key: field.key, state: "short", reason: "has fewer than 3 characters")
            case .invalid: return Problem(key: field.key, state: "invalid", reason: Validator.violation(of: field.value, rules: field.rules) ?? "breaks a rule")
            }
        }
        if json {
            Terminal.write(try JSONOutput.encode(problems))
        } else if problems.isEmpty {
            Terminal.write("all \(fields.filter(\.isVisible).count) shown fields are valid\n")
        } else {
            Terminal.write(problems.map { "\(DisplayText.escaped($0.key)): \($0.state): \(DisplayText.escaped($0.reason))\n" }.joined())
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
