/// One set of answers to the form, stored by `formctl submit`: a row of the
/// `response` table and its rows of `answer`.
///
/// A response records the form as it was when it was submitted: each
/// answer carries its field's key and label of that moment, in that
/// moment's form order, so a field added, relabelled or removed later does
/// not change it. Every field is recorded, shown or not; `Answer.isShown`
/// tells an answer from the kept value of a field that was not shown.
public struct FormResponse: Hashable, Sendable, Identifiable {
    /// Whether the respondent finished.
    public enum Status: String, Hashable, Codable, Sendable, CaseIterable {
        /// Submitted after the form passed `check`.
        case complete
        /// Saved unfinished (`submit --draft`), whatever `check` said; it
        /// can be opened for editing and submitted again.
        case draft
    }

    /// One field's value in a response.
    public struct Answer: Hashable, Sendable {
        /// The field's key when the response was submitted.
        public var key: String
        /// The field's label then.
        public var label: String
        /// The value, exactly as it was stored.
        public var value: String
        /// Whether the field was shown (not hidden, its `show_if` holding);
        /// the value of a field that was not shown is only kept, not answered.
        public var isShown: Bool
        /// The field's type when it was answered: a response exports as it
        /// was answered after the form changes.
        public var type: FieldType

        /// An answer as given.
        public init(key: String, label: String, value: String, isShown: Bool, type: FieldType = .text) {
            self.key = key
            self.label = label
            self.value = value
            self.isShown = isShown
            self.type = type
        }
    }

    /// Increases with every response stored, never reused.
    public var id: Int64
    /// Complete or draft.
    public var status: Status
    /// When it was first stored, as ISO 8601 UTC text with milliseconds
    /// (`2026-11-25T18:00:00.123Z`).
    public var createdAt: String
    /// When it was last submitted, in the same form; a draft submitted
    /// again keeps its id and `createdAt` and gets a new `submittedAt`.
    public var submittedAt: String
    /// One answer per field of the form at submission, in form order.
    public var answers: [Answer]

    /// A response as given.
    public init(id: Int64, status: Status, createdAt: String, submittedAt: String, answers: [Answer]) {
        self.id = id
        self.status = status
        self.createdAt = createdAt
        self.submittedAt = submittedAt
        self.answers = answers
    }

    /// The answers of `form`'s fields as they are now (values, labels, and
    /// whether each is shown), in form order: what a submission records.
    public static func answers(of form: FormDefinition) -> [Answer] {
        zip(form.fields, form.shownFlags).map { field, shown in
            Answer(key: field.key, label: field.label, value: field.value, isShown: shown, type: field.rules.type)
        }
    }
}
