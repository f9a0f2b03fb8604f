import Foundation
import FormModel

/// `summary --format json` (DECISIONS, "Results at a glance"): every
/// figure, numbers written with their exact digits (Foundation's `Decimal`,
/// which `JSONEncoder` writes digit for digit), keys sorted as all of
/// formctl's JSON.
extension ResponseSummary: Encodable {
    private enum Keys: String, CodingKey { case responses, questions }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(responses, forKey: .responses)
        try container.encode(questions.map(QuestionJSON.init), forKey: .questions)
    }
}

/// One question of the summary's JSON.
private struct QuestionJSON: Encodable {
    let question: QuestionSummary

    init(_ question: QuestionSummary) { self.question = question }

    private struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(question.path, forKey: Key("path"))
        try container.encode(question.type, forKey: Key("type"))
        if case .instances(let figures) = question.figures {
            try container.encode(figures.instances, forKey: Key("instances"))
            try container.encode(PerResponse(figures), forKey: Key("per_response"))
            return
        }
        try container.encode(question.answered, forKey: Key("answered"))
        try container.encode(question.unanswered, forKey: Key("unanswered"))
        try container.encode(question.notShown, forKey: Key("not_shown"))
        switch question.figures {
        case .numbers(let figures?):
            for (name, value) in [("min", figures.min), ("q1", figures.q1), ("median", figures.median), ("q3", figures.q3),
                                  ("max", figures.max), ("mean", figures.mean)] {
                try container.encode(ExactNumber(value), forKey: Key(name))
            }
            try container.encode(figures.histogram.map(NumberBinJSON.init), forKey: Key("histogram"))
        case .choices(let choices):
            try container.encode(choices.map(ChoiceJSON.init), forKey: Key("choices"))
        case .dates(let figures?):
            try container.encode(figures.earliest, forKey: Key("earliest"))
            try container.encode(figures.latest, forKey: Key("latest"))
            try container.encode(figures.bin, forKey: Key("bin"))
            try container.encode(figures.bins.map(DateBinJSON.init), forKey: Key("bins"))
        case .text(let figures):
            try container.encode(figures.distinct, forKey: Key("distinct"))
            try container.encode(figures.common.map(ValueCountJSON.init), forKey: Key("common"))
        case .numbers(nil), .dates(nil), .instances:
            break
        }
    }

    private struct PerResponse: Encodable {
        let min: Int, median: ExactNumber, max: Int
        init(_ figures: InstanceFigures) { (min, median, max) = (figures.min, ExactNumber(figures.median), figures.max) }
    }

    private struct NumberBinJSON: Encodable {
        let from: ExactNumber, to: ExactNumber, count: Int
        init(_ bin: NumberBin) { (from, to, count) = (ExactNumber(bin.from), ExactNumber(bin.to), bin.count) }
    }

    private struct ChoiceJSON: Encodable {
        let value: String, label: String, count: Int, share: ExactNumber
        init(_ choice: ChoiceCount) { (value, label, count, share) = (choice.value, choice.label, choice.count, ExactNumber(choice.share)) }
    }

    private struct DateBinJSON: Encodable {
        let from: String, to: String, count: Int
        init(_ bin: DateBin) { (from, to, count) = (bin.from, bin.to, bin.count) }
    }

    private struct ValueCountJSON: Encodable {
        let value: String, count: Int
        init(_ entry: ValueCount) { (value, count) = (entry.value, entry.count) }
    }
}

/// A figure's canonical decimal text as a JSON number, digit for digit.
private struct ExactNumber: Encodable {
    let text: String
    init(_ text: String) { self.text = text }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        // Every figure has at most 33 significant digits, within Decimal's 38.
        if let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
            try container.encode(number)
        } else {
            try container.encode(text)
        }
    }
}
