/// The outcome of `FormFile.check()`: every shown field that keeps the form
/// from being complete, with the reason in words.
///
/// A shown field is a problem when it is empty and required, short (fewer
/// than 3 characters: seed 002's yellow) or invalid (it breaks one of its
/// rules). An empty optional field passes, although its state stays
/// `empty` and its colour red. Hidden fields are never checked.
public struct CheckReport: Hashable, Sendable {
    /// One shown field that is not valid.
    public struct Problem: Hashable, Sendable, Encodable {
        /// The field's key.
        public var key: String
        /// The key of the page the field is on.
        public var page: String?
        /// Its state (`empty`, `short` or `invalid`).
        public var state: ValidationState
        /// Why it fails, in words: `is required`, `has fewer than 3
        /// characters`, or the rule it breaks (`does not match /[0-9]+/`).
        public var reason: String

        /// A problem as given.
        public init(key: String, page: String? = nil, state: ValidationState, reason: String) {
            self.key = key
            self.page = page
            self.state = state
            self.reason = reason
        }
    }

    /// The problems, in form order; empty when the form passes.
    public var problems: [Problem]
    /// How many shown fields were checked.
    public var shownFieldCount: Int
    /// The shown fields that pass although empty, because they are
    /// optional, in form order.
    public var emptyOptionalKeys: [String]

    /// Checks `fields` (in form order; hidden ones are skipped).
    public init(fields: [Field]) {
        self.init(fields: fields, pageOfRow: [:])
    }

    /// Checks every page of `form`: the fields in page order (the tab bar's,
    /// which the user may have changed), each problem naming its page.
    public init(form: FormDefinition) {
        let pageOfRow = form.pageOfRow
        let place = Dictionary(form.pages.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        // A stable sort: within a page, form order.
        let fields = form.fields.enumerated().sorted { a, b in
            let pa = pageOfRow[a.element.row].flatMap { place[$0] } ?? Int.max
            let pb = pageOfRow[b.element.row].flatMap { place[$0] } ?? Int.max
            return (pa, a.offset) < (pb, b.offset)
        }.map(\.element)
        self.init(fields: fields, pageOfRow: pageOfRow)
        pageCount = form.pages.count
    }

    private init(fields: [Field], pageOfRow: [Int: String]) {
        let shown = fields.filter(\.isVisible)
        shownFieldCount = shown.count
        problems = shown.compactMap { field in
            var problem = Self.problem(with: field)
            problem?.page = pageOfRow[field.row]
            return problem
        }
        emptyOptionalKeys = shown.filter { $0.state == .empty && !$0.rules.required }.map(\.key)
    }

    /// How many pages the checked form has (1 when checked from fields alone).
    public var pageCount = 1

    /// Whether every shown field passes.
    public var passes: Bool { problems.isEmpty }

    /// What keeps `field` from passing, or nil: the one place the reasons
    /// are worded.
    public static func problem(with field: Field) -> Problem? {
        switch field.state {
        case .valid:
            return nil
        case .empty:
            return field.rules.required ? Problem(key: field.key, state: .empty, reason: "is required") : nil
        case .short:
            return Problem(key: field.key, state: .short, reason: ValidationState.shortReason)
        case .invalid:
            return Problem(key: field.key, state: .invalid, reason: field.brokenRule ?? "breaks a rule")
        }
    }
}
