import FormModel

extension Field {
    /// `first: short (yellow), 2 characters`, plus the broken rule for invalid values.
    var stateLine: String {
        var line = "\(key): \(state.rawValue) (\(state.color.rawValue)), \(length) character\(length == 1 ? "" : "s")"
        if let violation = Validator.violation(of: value, rules: rules) { line += ": \(violation)" }
        return line
    }
}
