extension QuestionSummary {
    /// The summary of a field's answers from their tallies: `shown` holds
    /// each distinct answer given where the field was shown (the empty
    /// answer too) with how many gave it; `notShown` counts the answers
    /// where it was not. An answer that does not parse as the type, or
    /// breaks a bound, counts as answered and goes into no figure but
    /// `common` for text.
    public init(path: String, label: String, rules: FieldRules, shown: [(value: String, count: Int)], notShown: Int) {
        var answered = 0, unanswered = 0
        var given: [(value: String, count: Int)] = []
        given.reserveCapacity(shown.count)
        for tally in shown where tally.count > 0 {
            if tally.value.isEmpty { unanswered += tally.count } else { answered += tally.count; given.append(tally) }
        }
        let figures: Figures
        switch rules.type {
        case .integer, .decimal:
            figures = .numbers(NumberFigures(given.compactMap { tally in
                Self.isUsable(tally.value, rules) ? ScaledDecimal.parse(tally.value, type: rules.type).map { ($0, tally.count) } : nil
            }, integers: rules.type == .integer))
        case .selectOne, .selectMultiple, .boolean:
            figures = .choices(Self.choiceCounts(given, rules: rules, answered: answered))
        case .date, .datetime:
            figures = .dates(DateFigures(given.filter { Self.isUsable($0.value, rules) }, type: rules.type))
        case .text, .longText, .time, .note:
            figures = .text(TextFigures(given))
        }
        self.init(path: path, label: label, type: rules.type.rawValue, answered: answered, unanswered: unanswered,
                  notShown: notShown, figures: figures)
    }

    /// The summary of a repeat from its instance count in each response.
    public init(repeatPath path: String, label: String, instancesPerResponse counts: [Int]) {
        let sorted = counts.sorted()
        let total = counts.reduce(0, +)
        let median = sorted.isEmpty ? "0"
            : ScaledDecimal.quartile(2, of: sorted.map { (Int128($0) * ScaledDecimal.unit, 1) }, total: sorted.count)
        self.init(path: path, label: label, type: "repeat", answered: 0, unanswered: 0, notShown: 0,
                  figures: .instances(InstanceFigures(instances: total, min: sorted.first ?? 0, median: median, max: sorted.last ?? 0)))
    }

    /// Whether a non-empty answer parses as its type and keeps its bounds.
    private static func isUsable(_ value: String, _ rules: FieldRules) -> Bool {
        guard case .canonical = rules.type.canonicalValue(of: value) else { return false }
        return Validator.boundViolation(of: value, rules: rules) == nil
    }

    /// Each choice's count in the choices' order; a `select_multiple`
    /// answer counts for each choice it holds. An answer that is not one
    /// of the choices (or not a selection of them within its counts)
    /// counts for none.
    private static func choiceCounts(_ given: [(value: String, count: Int)], rules: FieldRules, answered: Int) -> [ChoiceCount] {
        let options = rules.type == .selectMultiple ? rules.choices : rules.answerOptions
        var counts = [Int](repeating: 0, count: options.count)
        for tally in given where Validator.typedViolation(of: tally.value, rules: rules) == nil {
            let values = rules.type == .selectMultiple ? SelectionValue.decode(tally.value) ?? [] : [tally.value]
            for value in values {
                if let index = options.firstIndex(where: { $0.hasValue(value) }) { counts[index] += tally.count }
            }
        }
        return options.indices.map { index in
            ChoiceCount(value: options[index].value, label: options[index].label, count: counts[index],
                        share: ScaledDecimal.share(counts[index], of: answered))
        }
    }
}

extension TextFigures {
    /// The distinct answers and the 10 most common of `given`.
    init(_ given: [(value: String, count: Int)]) {
        // Told apart by Unicode scalars, as values are everywhere (a
        // String key would merge `é` and `e` + U+0301).
        var counts: [[UInt8]: (value: String, count: Int)] = [:]
        for tally in given { counts[Array(tally.value.utf8), default: (tally.value, 0)].count += tally.count }
        distinct = counts.count
        let ordered = counts.values.sorted { a, b in
            a.count != b.count ? a.count > b.count : a.value.unicodeScalars.lexicographicallyPrecedes(b.value.unicodeScalars)
        }
        common = ordered.prefix(10).map { ValueCount(value: $0.value, count: $0.count) }
    }
}
