import FormModel

/// What `FormDatabase.submit` stores as a response.
public enum ResponseSubmission: Sendable {
    /// The form's own values (`formctl submit`). When `clearing`, every
    /// value is then cleared for the next respondent, in the same
    /// transaction (history records each value cleared). A draft open in
    /// the form (`responses open`) is replaced rather than a response added.
    case formValues(clearing: Bool)
    /// These values, the form's fields that are not among them empty
    /// (`formctl submit --from FILE`); the values being edited are not
    /// touched, and no open draft is replaced.
    case given([(key: String, value: CheckedValue)])
    /// A form with repeats, expanded with the instances a values file
    /// lists and holding its values (`formctl submit --from FILE` of
    /// nested values): stored as it is, the values being edited untouched.
    case expanded(FormDefinition)
}

/// A response `FormDatabase.submit` stored.
public struct StoredResponse: Hashable, Sendable {
    /// The response, as stored.
    public var response: FormResponse
    /// Whether it replaced the draft open in the form (keeping its id).
    public var replacedDraft: Bool
    /// The fields whose values were cleared afterwards, with their new
    /// (empty) state; empty when nothing was cleared.
    public var cleared: [Field]

    /// A stored response as given.
    public init(response: FormResponse, replacedDraft: Bool, cleared: [Field]) {
        self.response = response
        self.replacedDraft = replacedDraft
        self.cleared = cleared
    }
}
