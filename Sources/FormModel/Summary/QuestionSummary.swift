/// How one question was answered over a set of responses (`formctl
/// summary`; DECISIONS, "Results at a glance"): its counts, and the figures
/// its type has. Every figure that is a number is given as canonical decimal
/// text (`24.5`, `-3`), never through binary floating point.
public struct QuestionSummary: Hashable, Sendable {
    /// The declared path (`age`, `children.age`, `children` for a repeat).
    public var path: String
    /// The label a respondent sees (a repeat's title).
    public var label: String
    /// The field type's name, or `repeat`.
    public var type: String
    /// Answers shown and not empty (in every instance of a repeat).
    public var answered: Int
    /// Answers shown and empty.
    public var unanswered: Int
    /// Answers of a field that was not shown (hidden, or its `show_if`
    /// not holding).
    public var notShown: Int
    /// What the type adds.
    public var figures: Figures

    public init(path: String, label: String, type: String, answered: Int, unanswered: Int, notShown: Int, figures: Figures) {
        (self.path, self.label, self.type) = (path, label, type)
        (self.answered, self.unanswered, self.notShown, self.figures) = (answered, unanswered, notShown, figures)
    }

    /// The figures of a question's type.
    public enum Figures: Hashable, Sendable {
        /// Integers and decimals; nil when no answer is a usable number.
        case numbers(NumberFigures?)
        /// Choices and booleans, in the choices' order.
        case choices([ChoiceCount])
        /// Dates and date-times; nil when no answer is a usable date.
        case dates(DateFigures?)
        /// Text (and times): distinct answers and the most common.
        case text(TextFigures)
        /// A repeat: its instances.
        case instances(InstanceFigures)
    }
}

/// A number question's figures: `q1`, `median` and `q3` are
/// `percentile_cont` of the usable answers, `mean` has at most 15
/// significant digits.
public struct NumberFigures: Hashable, Sendable {
    public var min: String, q1: String, median: String, q3: String, max: String, mean: String
    /// At most 20 bins `[from, to)` of one round width, the last closed.
    public var histogram: [NumberBin]
}

/// One bin of a histogram.
public struct NumberBin: Hashable, Sendable {
    public var from: String, to: String
    public var count: Int
}

/// One choice of a choice question.
public struct ChoiceCount: Hashable, Sendable {
    public var value: String, label: String
    public var count: Int
    /// `count / answered`, rounded to 4 places (`0.3361`; `0` with no answers).
    public var share: String
}

/// A date question's figures.
public struct DateFigures: Hashable, Sendable {
    /// The earliest and latest usable answers, as stored.
    public var earliest: String, latest: String
    /// What one bin spans: `day`, `week` (from Monday), `month`, or, past 30
    /// months, `year`, `decade`, `century`.
    public var bin: String
    /// The bins from the earliest answer's to the latest's, each `from` its
    /// first day `to` its last.
    public var bins: [DateBin]
}

/// One bin of a date question.
public struct DateBin: Hashable, Sendable {
    public var from: String, to: String
    public var count: Int
}

/// A text question's figures.
public struct TextFigures: Hashable, Sendable {
    /// How many different answers there are.
    public var distinct: Int
    /// The 10 most common answers, most common first (ties in code point order).
    public var common: [ValueCount]
}

/// An answer and how many gave it.
public struct ValueCount: Hashable, Sendable {
    public var value: String
    public var count: Int
}

/// A repeat's instances over the responses.
public struct InstanceFigures: Hashable, Sendable {
    /// Instances in all the responses.
    public var instances: Int
    /// Instances in one response: the fewest, the median (`percentile_cont`
    /// 0.5) and the most.
    public var min: Int, median: String, max: Int
}
