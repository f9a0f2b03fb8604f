import Foundation
import FormModel

/// Plain mode's question for a field answered from a list, as huh's
/// accessible Select asks it: the choices numbered (`1) Red  2) Green`),
/// and an answer read as a number or a choice's value; a yes/no question
/// takes y or n. An answer that names no choice is refused with the
/// reason, and the caller asks again: nothing is stored for it.
public struct NumberedQuestion: Sendable {
    /// The field asked about.
    public let field: Field

    /// The question for `field`; nil when its type is not answered from a
    /// list (text, numbers, dates, times, long text).
    public init?(field: Field) {
        switch field.rules.type {
        case .selectOne, .selectMultiple, .boolean: self.field = field
        default: return nil
        }
    }

    /// What an answer comes to.
    public enum Answer: Equatable, Sendable {
        /// The text to store, as `set` is given it (a choice's value,
        /// `true`/`false`, a `select_multiple`'s JSON array).
        case value(String)
        /// Not an answer: what was wrong and what to type instead.
        case refused(String)
    }

    /// The line under the question listing what to answer:
    /// `1) Red  2) Green  3) Blue`, for several choices followed by how to
    /// give them, `y) Yes  n) No` for yes/no.
    public var menu: String {
        if field.rules.type == .boolean { return "y) Yes  n) No" }
        let choices = field.rules.choices
        guard !choices.isEmpty else { return "(no choices)" }
        let list = choices.enumerated().map { "\($0.offset + 1)) \($0.element.label)" }.joined(separator: "  ")
        return field.rules.type == .selectMultiple ? list + "  (one or more numbers, separated by spaces or commas)" : list
    }

    /// `line` read as an answer (an empty line is the caller's: it keeps
    /// the value). Spaces around are ignored.
    public func read(_ line: String) -> Answer {
        let answer = line.trimmingCharacters(in: [" ", "\t"])
        switch field.rules.type {
        case .boolean:
            guard case .canonical(let text) = FieldType.boolean.canonicalValue(of: answer) else {
                return .refused("\(field.key): \"\(answer)\" is not an answer: type y or n")
            }
            return .value(text)
        case .selectMultiple:
            // A whole answer that names a choice ("Iron, zinc") is that
            // choice, before it is read as words (issue 46); a number
            // stays a choice's number, as below.
            if Int(answer) == nil, let whole = SelectionValue.wholeChoice(answer, in: field.rules.choices) {
                return .value(field.rules.storedText(forSelection: [whole]))
            }
            var chosen: [String] = []
            for word in answer.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
                guard let value = choiceValue(String(word)) else { return .refused(notAChoice(String(word))) }
                if !chosen.contains(where: { $0.isScalarEqual(to: value) }) { chosen.append(value) }
            }
            guard !chosen.isEmpty else { return .refused(notAChoice(answer)) }
            // Past `max_selected` is taken, as `set` takes it: invalid, saying why.
            return .value(field.rules.storedText(forSelection: chosen))
        default:
            guard let value = choiceValue(answer) else { return .refused(notAChoice(answer)) }
            return .value(value)
        }
    }

    /// The value `word` picks: a choice's number, or a value or label as
    /// `set` reads it.
    private func choiceValue(_ word: String) -> String? {
        let choices = field.rules.choices
        if let number = Int(word) {
            return number >= 1 && number <= choices.count ? choices[number - 1].value : nil
        }
        // Scalar for scalar, as `set` reads it (`FieldRules.storedText`).
        if let choice = choices.first(where: { $0.hasValue(word) }) { return choice.value }
        let lowered = word.lowercased()
        return choices.first { $0.label.lowercased().isScalarEqual(to: lowered) }?.value
    }

    private func notAChoice(_ word: String) -> String {
        let count = field.rules.choices.count
        guard count > 0 else { return "\(field.key) has no choices (formctl field choices \(field.key) add VALUE adds one)" }
        let range = count == 1 ? "1" : "a number from 1 to \(count)"
        return "\(field.key): \"\(word)\" is not one of the choices: answer \(range), or a choice's value"
    }
}
