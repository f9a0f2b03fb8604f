/// A question's type: `type:` in a form file (DECISIONS, "Typed questions").
/// A field without one is `text`, and means what every field meant before
/// types.
///
/// Values of every type are kept as text in one canonical form per type
/// (`canonicalValue(of:)`), which `sqlite3` users read and query.
public enum FieldType: String, CaseIterable, Codable, Hashable, Sendable {
    case text
    case longText = "long_text"
    case integer
    case decimal
    case selectOne = "select_one"
    case selectMultiple = "select_multiple"
    case boolean
    case date
    case time
    case datetime
    /// Text shown in the form (its label, and its hint under it), holding
    /// no value: never required, no answer, no column in exports (a JSON
    /// Schema's `"type": "null"`, or a property with only a `title` or a
    /// `description`).
    case note

    /// Whether the field holds a value: every type but `note`.
    public var holdsValue: Bool { self != .note }

    /// Whether length rules and `pattern` apply (text and long text only).
    public var isText: Bool { self == .text || self == .longText }


    /// What a value that does not parse as this type is told: the form
    /// expected (nil for the types every text fits).
    public var expectation: String? {
        switch self {
        case .text, .longText, .selectOne, .selectMultiple: nil
        case .note: "is a note: it holds no value"
        case .integer: "is not a whole number"
        case .decimal: "is not a decimal number (digits, with at most one point)"
        case .boolean: "is not yes or no"
        case .date: "is not a date (YYYY-MM-DD)"
        case .time: "is not a time (HH:MM, 00:00 to 23:59)"
        case .datetime: "is not a date and time (YYYY-MM-DDTHH:MM:SS with an offset such as Z or +01:00)"
        }
    }
}

/// A value read as its field's type: its canonical text, or why it is not
/// one of that type's values.
public enum TypedValue: Equatable, Sendable {
    /// The canonical text of a value of the type.
    case canonical(String)
    /// Not a value of the type: the reason, naming what was expected.
    case unparsable(reason: String)

    /// The canonical text, if the value parsed.
    public var canonicalText: String? {
        if case .canonical(let text) = self { return text }
        return nil
    }
}

extension FieldType {
    /// `input` as this type reads it (DECISIONS' canonical texts and the
    /// other input forms each type takes). Choices are not checked here: a
    /// `select_one` value is its text, and a `select_multiple` one is left
    /// to `SelectionValue`, which needs the field's choices for its order.
    public func canonicalValue(of input: String) -> TypedValue {
        switch self {
        case .text, .selectOne, .selectMultiple:
            return .canonical(input)
        case .note:
            return input.isEmpty ? .canonical(input) : unparsable
        case .longText:
            return .canonical(LineEndings.normalized(input))
        case .integer:
            return IntegerValue(parsing: input).map { .canonical($0.text) } ?? unparsable
        case .decimal:
            return DecimalValue(parsing: input).map { .canonical($0.text) } ?? unparsable
        case .boolean:
            return BooleanValue.parse(input).map { .canonical($0 ? "true" : "false") } ?? unparsable
        case .date:
            return CalendarDate(parsing: input).map { .canonical($0.text) } ?? unparsable
        case .time:
            return WallTime(parsing: input).map { .canonical($0.text) } ?? unparsable
        case .datetime:
            switch DateTimeValue.parse(input) {
            case .value(let value): return .canonical(value.text)
            case .noOffset: return .unparsable(reason: "needs an offset such as Z or +01:00")
            case .invalid: return unparsable
            }
        }
    }

    private var unparsable: TypedValue { .unparsable(reason: expectation ?? "is not a value of this type") }
}

/// CRLF and CR as LF.
enum LineEndings {
    static func normalized(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        // "\r\n" is one Character in Swift, "\r" another.
        for character in text {
            result.append(character == "\r\n" || character == "\r" ? "\n" : character)
        }
        return result
    }
}

/// `yes`/`no`, `y`/`n`, `1`/`0`, `on`/`off`, `true`/`false`, in any case.
enum BooleanValue {
    static func parse(_ input: String) -> Bool? {
        switch input.trimmingSpaces.lowercased() {
        case "true", "yes", "y", "1", "on": true
        case "false", "no", "n", "0", "off": false
        default: nil
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
