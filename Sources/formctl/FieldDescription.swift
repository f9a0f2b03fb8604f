import CLISupport
import FormKit

extension Field {
    /// `first: short (yellow), 2 characters` (`code points` for a field
    /// that counts them), plus the broken rule for invalid values.
    var stateLine: String {
        var line = "\(key): \(state.rawValue) (\(state.color.rawValue))"
        // A length means something for text; a number's or a date's does not.
        if rules.type.isText { line += ", \(rules.lengthUnit.counted(length))" }
        // A violation quotes the user's pattern, so it is escaped like any user text.
        if let brokenRule { line += ": \(DisplayText.escaped(brokenRule))" }
        return line
    }
}
