import FormModel

/// How a respondent's form is made from the form's structure and the
/// answers of their draft (none: the blank form). The store reads the
/// answers; what the form looks like with them is the caller's to say,
/// since a form with repeats is expanded to the respondent's own
/// instances, not the owner's, and expanding a form file is FormKit's
/// work, a layer above.
public struct RespondentShape: Sendable {
    /// The form holding `answers` (by field path), each field without an
    /// answer at its `default`; the values `form` holds are not used.
    public let form: @Sendable (_ form: FormDefinition, _ answers: [String: String]) throws(FormStoreError) -> FormDefinition

    /// A shape made by `form`.
    public init(_ form: @escaping @Sendable (_ form: FormDefinition, _ answers: [String: String]) throws(FormStoreError) -> FormDefinition) {
        self.form = form
    }

    /// The answers put on the fields the form has: right for a form
    /// without repeats, whose fields are the same for every respondent.
    public static let fields = RespondentShape { form, answers in answered(form, answers) }

    /// `form` with `answers` as its fields' values; a field without an
    /// answer (one added since the draft began, or any on the blank form)
    /// holds its `default`, else nothing.
    public static func answered(_ form: FormDefinition, _ answers: [String: String]) -> FormDefinition {
        var result = form
        for index in result.fields.indices {
            let value = answers[result.fields[index].key] ?? result.fields[index].defaultValue ?? ""
            if !result.fields[index].value.isScalarEqual(to: value) { result.fields[index].value = value }
        }
        return result
    }
}
