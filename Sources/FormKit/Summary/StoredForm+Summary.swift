import FormModel
import FormStore

/// How the responses answered each question (`formctl summary`,
/// `/owner/summary`; DECISIONS, "Results at a glance").
public struct ResponseSummary: Hashable, Sendable {
    /// How many responses the figures cover.
    public var responses: Int
    /// The questions, in form order; a repeat before its fields.
    public var questions: [QuestionSummary]
}

/// A question of the summary: a field by its declared path, or a repeat.
struct SummaryQuestion {
    enum Kind {
        case field(DeclaredField)
        case repeatGroup(DeclaredGroup)
    }

    let path: String
    let kind: Kind

    /// The questions of `spec` in form order: each repeat, then what it
    /// holds; notes hold no answers and are left out.
    static func all(in spec: FormSpec) -> [SummaryQuestion] {
        var fields = spec.declaredFields[...]
        var questions: [SummaryQuestion] = []
        // Declared fields are in form order; a repeat goes before the
        // first of its fields (or where its items would be, when empty).
        var placed: Set<String> = []
        func placeRepeats(upTo path: String) {
            for group in spec.declaredGroups where group.group.isRepeat && !placed.contains(group.path)
                && FieldPath.isWithin(path, group.path) {
                placed.insert(group.path)
                questions.append(SummaryQuestion(path: group.path, kind: .repeatGroup(group)))
            }
        }
        while let field = fields.popFirst() {
            placeRepeats(upTo: field.path)
            if field.field.rules.type != .note { questions.append(SummaryQuestion(path: field.path, kind: .field(field))) }
        }
        // Repeats with no field at all still have instances to count.
        for group in spec.declaredGroups where group.group.isRepeat && !placed.contains(group.path) {
            questions.append(SummaryQuestion(path: group.path, kind: .repeatGroup(group)))
        }
        return questions
    }

    /// Where the answers' keys of a field in `repeats` start: its first
    /// repeat's path and a dot (`children.` for `children.age`); nil
    /// outside repeats, where the key is the path.
    static func keyPrefix(repeats: [String]) -> String? {
        repeats.first.map { $0 + "." }
    }
}

extension StoredForm {
    /// The summary of the responses `filter` chooses, for every question
    /// or only those at `paths` (a group's or a repeat's path names what it
    /// holds too). A path that names no question is `unknownField` (64).
    public func summary(of paths: [String] = [], _ filter: ResponseFilter) throws(FormKitError) -> ResponseSummary {
        try summaryTallies(of: paths, filter).summary
    }

    /// The counts `summary(of:_:)` works its figures out from; with
    /// `keepingUpToDate`, also which responses they count, so that
    /// `update(_:)` adds later ones to them instead of counting again.
    public func summaryTallies(of paths: [String] = [], _ filter: ResponseFilter, keepingUpToDate: Bool = false)
        throws(FormKitError) -> SummaryTallies {
        let spec = FormSpec(definition: try definition())
        var questions = SummaryQuestion.all(in: spec)
        if !paths.isEmpty {
            let known = questions.map(\.path) + spec.declaredGroups.map(\.path)
            for path in paths where !known.contains(path) {
                throw .store(.unknownField(key: path, suggestion: KeySuggestion.nearest(to: path, in: known)))
            }
            questions = questions.filter { question in paths.contains { FieldPath.isWithin(question.path, $0) } }
        }
        var tallies = SummaryTallies(spec: spec, paths: paths, questions: questions, filter: filter)
        guard keepingUpToDate else { return try counting(tallies, filter: filter) }
        // Each read is a transaction of its own, and responses keep coming:
        // tallies to be kept up to date count those submitted before the
        // latest one seen now, and remember that moment; the rest are then
        // added from their answers alone, as `update(_:)` adds later ones.
        // So none is counted twice or missed.
        let stamps = try reading { db throws(FormStoreError) in try db.responseStamps(filter, since: nil) }.stamps
        guard let boundary = stamps.map(\.submittedAt).max() else {
            tallies.remember([], latest: nil)
            return tallies
        }
        var bounded = filter
        bounded.submittedBefore = min(boundary, filter.submittedBefore ?? boundary)
        tallies.remember(stamps.filter { $0.submittedAt < boundary }, latest: boundary)
        tallies = try counting(tallies, filter: bounded)
        // When one went meanwhile, the next update counts again.
        _ = try addingNewResponses(to: &tallies)
        return tallies
    }

    /// Brings `tallies` up to date: the responses submitted since they were
    /// counted are added to them, reading only their answers; when one was
    /// deleted, submitted again or no longer chosen, or the form's questions
    /// changed, they are counted again from scratch. Returns whether only
    /// the new responses were read.
    @discardableResult
    public func update(_ tallies: inout SummaryTallies) throws(FormKitError) -> Bool {
        let spec = FormSpec(definition: try definition())
        if spec == tallies.spec, try addingNewResponses(to: &tallies) { return true }
        tallies = try summaryTallies(of: tallies.paths, tallies.filter, keepingUpToDate: true)
        return false
    }

    /// Adds to `tallies` the responses submitted since they were counted,
    /// reading only their answers; false (nothing changed) when one they
    /// counted was deleted, submitted again or is no longer chosen.
    private func addingNewResponses(to tallies: inout SummaryTallies) throws(FormKitError) -> Bool {
        guard let counted = tallies.counted else { return false }
        let filter = tallies.filter
        let (total, stamps) = try reading { db throws(FormStoreError) in
            try db.responseStamps(filter, since: counted.latest, known: counted.atLatest)
        }
        var new: [(id: Int64, submittedAt: String)] = []
        for stamp in stamps {
            if let known = counted.times[stamp.id] {
                guard known == stamp.submittedAt else { return false }
            } else {
                new.append(stamp)
            }
        }
        guard total == counted.times.count + new.count else { return false }
        guard !new.isEmpty else { return true }
        let answers = try reading { db throws(FormStoreError) in try db.answers(ofResponses: new.map(\.id)) }
        tallies.addResponses(new, answers: answers)
        return true
    }

    /// `tallies` with every question counted over the responses `filter` chooses.
    private func counting(_ tallies: SummaryTallies, filter: ResponseFilter) throws(FormKitError) -> SummaryTallies {
        var tallies = tallies
        try reading { db throws(FormStoreError) in
            tallies.responses = try db.responseCount(filter)
            for question in tallies.questions {
                switch question.kind {
                case .field(let field):
                    let counts: [AnswerTally]
                    if let prefix = SummaryQuestion.keyPrefix(repeats: field.repeats) {
                        counts = try db.answerTallies(filter, key: prefix, keyPrefix: true).filter { FieldPath.declared($0.key) == field.path }
                    } else {
                        counts = try db.answerTallies(filter, key: field.path)
                    }
                    tallies.add(counts, to: field.path)
                case .repeatGroup(let group):
                    let top = (group.repeats.first ?? group.path) + "."
                    tallies.countInstances(of: group.path, in: try db.answerKeysByResponse(filter, keyPrefix: top))
                }
            }
        }
        return tallies
    }
}

extension StoredForm {
    /// How many complete responses there are, the last id and the latest
    /// submission: a change of it says a kept summary may be out of date.
    public func responseStamp() throws(FormKitError) -> ResponseStamp {
        try reading { db throws(FormStoreError) in try db.responseStamp() }
    }
}
