import FormModel
import FormStore

/// The counts a summary's figures are worked out from
/// (`StoredForm.summaryTallies`): for each field by its declared path, each
/// distinct answer where it was shown with how many gave it, and how many
/// were not shown; for each repeat, its instances in each response. Kept
/// by a program that shows a summary as responses arrive (the owner's
/// summary page), which adds each new response's answers
/// (`StoredForm.update(_:)`) instead of counting every question again.
public struct SummaryTallies: Sendable {
    /// The form the questions are of: another form counts again.
    let spec: FormSpec
    /// The paths asked for (none: every question).
    let paths: [String]
    let questions: [SummaryQuestion]
    /// Which responses are counted.
    let filter: ResponseFilter
    /// How many responses are counted.
    var responses = 0
    /// Each field's answers, by declared path.
    private var fields: [String: FieldTally] = [:]
    /// Each repeat's instances in each response that has some, by
    /// declared path and response id.
    private var instances: [String: [Int64: Int]] = [:]
    /// The responses counted, with when each was submitted; nil when the
    /// tallies were not made to be kept up to date.
    private(set) var counted: Counted?

    /// A field's answers.
    struct FieldTally: Sendable {
        var shown: [[UInt8]: (value: String, count: Int)] = [:]
        var notShown = 0
    }

    /// The responses counted.
    struct Counted: Sendable {
        var times: [Int64: String] = [:]
        /// The latest `submitted_at` among them.
        var latest: String?
        /// How many of them were submitted at `latest`, and the sum of
        /// their ids (wrapping: a sum that wrapped only misses the shortcut
        /// it is for, `FormDatabase.responseStamps(_:since:known:)`).
        var atLatest = (count: 0, idSum: Int64(0))
    }

    init(spec: FormSpec, paths: [String], questions: [SummaryQuestion], filter: ResponseFilter) {
        (self.spec, self.paths, self.questions, self.filter) = (spec, paths, questions, filter)
    }

    /// The summary of what is counted.
    public var summary: ResponseSummary {
        let summaries = questions.map { question -> QuestionSummary in
            switch question.kind {
            case .field(let field):
                let tally = fields[field.path] ?? FieldTally()
                return QuestionSummary(path: field.path, label: field.field.label, rules: field.field.rules,
                                       shown: Array(tally.shown.values), notShown: tally.notShown)
            case .repeatGroup(let group):
                let counts = instances[group.path] ?? [:]
                let perResponse = Array(counts.values) + Array(repeating: 0, count: max(0, responses - counts.count))
                return QuestionSummary(repeatPath: group.path, label: group.group.title ?? FieldPath.last(of: group.path),
                                       instancesPerResponse: perResponse)
            }
        }
        return ResponseSummary(responses: responses, questions: summaries)
    }

    /// Counts `tallies` (answers of field `path`, in any instance).
    mutating func add(_ tallies: [AnswerTally], to path: String) {
        var field = fields[path] ?? FieldTally()
        for tally in tallies {
            if tally.isShown {
                // One entry per value, byte for byte, however many instances gave it.
                field.shown[Array(tally.value.utf8), default: (tally.value, 0)].count += tally.count
            } else {
                field.notShown += tally.count
            }
        }
        fields[path] = field
    }

    /// Counts the instances of repeat `path` in each response from its
    /// answers' keys (the highest number after the repeat, summed over the
    /// outer instances of a nested one).
    mutating func countInstances(of path: String, in keys: [(response: Int64, key: String)]) {
        var keysByResponse: [Int64: [String]] = [:]
        for (response, key) in keys { keysByResponse[response, default: []].append(key) }
        var counts = instances[path] ?? [:]
        let repeats = repeatPaths
        for (response, responseKeys) in keysByResponse {
            let count = Self.instanceCount(of: path, in: responseKeys, repeats: repeats)
            if count > 0 { counts[response, default: 0] += count }
        }
        instances[path] = counts
    }

    /// Notes which responses are counted, and from which `submitted_at` on
    /// (nil: the latest of `stamps`, or the one noted before) later ones
    /// are looked for.
    mutating func remember(_ stamps: [(id: Int64, submittedAt: String)], latest: String? = nil) {
        var counted = self.counted ?? Counted()
        for stamp in stamps {
            counted.times[stamp.id] = stamp.submittedAt
            if counted.latest.map({ stamp.submittedAt > $0 }) ?? true {
                counted.latest = stamp.submittedAt
                counted.atLatest = (1, stamp.id)
            } else if stamp.submittedAt == counted.latest {
                counted.atLatest = (counted.atLatest.count + 1, counted.atLatest.idSum &+ stamp.id)
            }
        }
        if let latest {
            counted.latest = latest
            counted.atLatest = (0, 0)
            for (id, time) in counted.times where time == latest {
                counted.atLatest = (counted.atLatest.count + 1, counted.atLatest.idSum &+ id)
            }
        }
        self.counted = counted
    }

    /// Adds the responses `stamps`, whose answers are `answers`.
    mutating func addResponses(_ stamps: [(id: Int64, submittedAt: String)], answers: [(response: Int64, tally: AnswerTally)]) {
        remember(stamps)
        responses += stamps.count
        var byPath: [String: [AnswerTally]] = [:]
        var keysByResponse: [(response: Int64, key: String)] = []
        for (response, tally) in answers {
            byPath[FieldPath.declared(tally.key), default: []].append(tally)
            keysByResponse.append((response, tally.key))
        }
        for question in questions {
            switch question.kind {
            case .field(let field):
                add(byPath[field.path] ?? [], to: field.path)
            case .repeatGroup(let group):
                let top = (group.repeats.first ?? group.path) + "."
                countInstances(of: group.path, in: keysByResponse.filter { $0.key.hasPrefix(top) })
            }
        }
    }

    private var repeatPaths: Set<String> { Set(spec.declaredGroups.filter(\.group.isRepeat).map(\.path)) }

    /// The instances of repeat `path` that `keys` (one response's) name.
    private static func instanceCount(of path: String, in keys: [String], repeats: Set<String>) -> Int {
        FieldPath.instanceCounts(in: keys, repeats: repeats).reduce(0) { total, entry in
            FieldPath.declared(entry.key) == path ? total + entry.value : total
        }
    }
}
