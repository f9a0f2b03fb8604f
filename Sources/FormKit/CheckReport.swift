/// The outcome of `StoredForm.check()`: every shown field that keeps the form
/// from being complete, with the reason in words.
///
/// A shown field is a problem when it is empty and required, short (fewer
/// than its `shortBelow` characters: seed 002's yellow under 3) or invalid
/// (it breaks one of its rules). An empty optional field passes, although
/// its state stays `empty` and its colour red. Fields that are not shown
/// (hidden, or their `show_if` condition does not hold) are never checked.
/// A field's `message`, when it has one, is the reason given for any of
/// its problems.
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

    /// Checks `fields` (in form order; those not shown are skipped, their
    /// conditions read among `fields`).
    public init(fields: [Field]) {
        self.init(fields: fields, shown: FieldVisibility.shown(fields), pageOfRow: [:])
    }

    /// Checks every page of `form`: the fields in page order (the tab bar's,
    /// which the user may have changed), each problem naming its page.
    public init(form: FormDefinition) {
        let pageOfRow = form.pageOfRow
        let place = Dictionary(form.pages.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        // A stable sort: within a page, form order.
        let shownFlags = form.shownFlags
        let order = form.fields.indices.sorted { a, b in
            let pa = pageOfRow[form.fields[a].row].flatMap { place[$0] } ?? Int.max
            let pb = pageOfRow[form.fields[b].row].flatMap { place[$0] } ?? Int.max
            return (pa, a) < (pb, b)
        }
        self.init(fields: order.map { form.fields[$0] }, shown: order.map { shownFlags[$0] }, pageOfRow: pageOfRow)
        pageCount = form.pages.count
        // A repeat with too few, too many or equal instances fails as a
        // whole, named by its path.
        for problem in form.repeatProblems {
            problems.append(Problem(key: problem.path, page: problem.page, state: .invalid, reason: problem.reason))
        }
    }

    private init(fields: [Field], shown shownFlags: [Bool], pageOfRow: [Int: String]) {
        let shown = zip(fields, shownFlags).compactMap { $1 ? $0 : nil }
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
    /// are worded. The field's `message`, when set, replaces each of them.
    public static func problem(with field: Field) -> Problem? {
        let state = field.state
        let reason: String
        switch state {
        case .valid:
            return nil
        case .empty:
            guard field.rules.required else { return nil }
            reason = "is required"
        case .short:
            reason = ValidationState.shortReason(below: field.rules.shortBelow, unit: field.rules.lengthUnit)
        case .invalid:
            reason = field.brokenRule ?? "breaks a rule"
        }
        return Problem(key: field.key, state: state, reason: field.rules.message ?? reason)
    }
}
