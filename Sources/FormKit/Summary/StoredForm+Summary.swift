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
        let form = try definition()
        let spec = FormSpec(definition: form)
        var questions = SummaryQuestion.all(in: spec)
        if !paths.isEmpty {
            let known = questions.map(\.path) + spec.declaredGroups.map(\.path)
            for path in paths where !known.contains(path) {
                throw .store(.unknownField(key: path, suggestion: KeySuggestion.nearest(to: path, in: known)))
            }
            questions = questions.filter { question in paths.contains { FieldPath.isWithin(question.path, $0) } }
        }
        return try reading { db throws(FormStoreError) in
            let responses = try db.responseCount(filter)
            var summaries: [QuestionSummary] = []
            for question in questions {
                switch question.kind {
                case .field(let field):
                    summaries.append(try Self.summary(of: field, filter, db))
                case .repeatGroup(let group):
                    summaries.append(try Self.summary(of: group, in: spec, responses: responses, filter, db))
                }
            }
            return ResponseSummary(responses: responses, questions: summaries)
        }
    }

    /// A field's answers, in every instance of the repeats it is in.
    private static func summary(of field: DeclaredField, _ filter: ResponseFilter, _ db: FormDatabase) throws(FormStoreError) -> QuestionSummary {
        let tallies: [AnswerTally]
        if let prefix = SummaryQuestion.keyPrefix(repeats: field.repeats) {
            tallies = try db.answerTallies(filter, key: prefix, keyPrefix: true).filter { FieldPath.declared($0.key) == field.path }
        } else {
            tallies = try db.answerTallies(filter, key: field.path)
        }
        // One tally per value however many instances gave it.
        var shown: [[UInt8]: (value: String, count: Int)] = [:]
        var notShown = 0
        for tally in tallies {
            if tally.isShown {
                shown[Array(tally.value.utf8), default: (tally.value, 0)].count += tally.count
            } else {
                notShown += tally.count
            }
        }
        return QuestionSummary(path: field.path, label: field.field.label, rules: field.field.rules,
                               shown: Array(shown.values), notShown: notShown)
    }

    /// A repeat's instances in each response.
    private static func summary(of group: DeclaredGroup, in spec: FormSpec, responses: Int, _ filter: ResponseFilter,
                                _ db: FormDatabase) throws(FormStoreError) -> QuestionSummary {
        let repeats = Set(spec.declaredGroups.filter(\.group.isRepeat).map(\.path))
        let top = (group.repeats.first ?? group.path) + "."
        let keys = try db.answerKeysByResponse(filter, keyPrefix: top)
        // Each response's keys, then its instances of this repeat (of
        // every outer instance, for a nested one).
        var keysByResponse: [Int64: [String]] = [:]
        for (response, key) in keys { keysByResponse[response, default: []].append(key) }
        var perResponse: [Int] = []
        perResponse.reserveCapacity(responses)
        for responseKeys in keysByResponse.values {
            let counts = FieldPath.instanceCounts(in: responseKeys, repeats: repeats)
            perResponse.append(counts.reduce(0) { total, entry in FieldPath.declared(entry.key) == group.path ? total + entry.value : total })
        }
        perResponse += Array(repeating: 0, count: max(0, responses - keysByResponse.count))
        return QuestionSummary(repeatPath: group.path, label: group.group.title ?? FieldPath.last(of: group.path),
                               instancesPerResponse: perResponse)
    }
}
