extension FieldRules {
    /// The answers of a question answered by picking one of a list, as
    /// stored text with the label a respondent sees: a `select_one`'s
    /// choices in order, or a `boolean`'s `true` (Yes) and `false` (No).
    /// Empty for the other types. The terminal editor steps through these
    /// and plain mode numbers them.
    public var answerOptions: [FieldChoice] {
        switch type {
        case .boolean: [FieldChoice(value: "true", label: "Yes"), FieldChoice(value: "false", label: "No")]
        case .selectOne: choices
        default: []
        }
    }
}
