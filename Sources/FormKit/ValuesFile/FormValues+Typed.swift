import FormModel
import FormText

/// Where a value of a values file came from: its kind and place.
struct ValueOrigin: Hashable, Sendable {
    var kind: ValuesFileEntry.Kind
    var file: String
    var line: Int
    var column: Int
    /// An array's values, each with its own path and origin: a list's
    /// instances, when the array turns out to be one.
    var items: [ListItem] = []
}

/// One value of a values file's array, at its path (`nicknames.2`).
struct ListItem: Hashable, Sendable {
    var key: String
    var value: String
    var origin: ValueOrigin
}

extension FormValues {
    /// The values as `form`'s fields take them (DECISIONS, "Which values
    /// are taken"), each as the text `set` stores: a number's canonical
    /// digits, `true`/`false`, a selection's JSON array, "" for `null`.
    ///
    /// A value of the wrong JSON kind (a string where a number is expected,
    /// a number for a text field) or one that does not parse as its type
    /// (`1e3`, `2023-02-29`, `24:00`) is refused with `badFile` (exit 65) at
    /// its line and column, every such value listed, before anything is
    /// written. A value of the right type that breaks a bound or is not a
    /// choice is taken (it is then `invalid`, as with `set`). Keys that name
    /// no field are left to the store, which names the nearest.
    func typed(for form: FormDefinition) throws(FormKitError) -> FormValues {
        guard !origins.isEmpty else { return self }
        let values = listsExpanded(for: form)
        var rulesByKey: [String: FieldRules] = [:]
        for field in form.fields where rulesByKey[field.key] == nil { rulesByKey[field.key] = field.rules }
        var typed = values
        var problems: [FileProblem] = []
        for index in values.entries.indices {
            let (key, value) = values.entries[index]
            guard let rules = rulesByKey[key], index < values.origins.count else { continue }
            let origin = values.origins[index]
            switch Self.input(value, kind: origin.kind, rules: rules) {
            case .success(let input): typed.entries[index].value = input
            case .failure(let refusal):
                let message = "the value of \(MessageQuote.quoted(key)) \(refusal.reason)"
                problems.append(FileProblem(file: origin.file, line: origin.line, column: origin.column, message: message))
            }
        }
        guard problems.isEmpty else {
            // As a form file's problems: the first ones are enough to start.
            let limit = FormFileReader.problemLimit
            guard problems.count > limit, let first = problems.first else { throw .badFile(problems) }
            let more = problems.count - limit
            throw .badFile(Array(problems.prefix(limit)) + [FileProblem(file: first.file, message: "\(more) more problem\(more == 1 ? "" : "s") not listed: fix these first")])
        }
        return typed
    }

    /// The text `set` takes for `value`, given as `kind` to a field of
    /// `rules`, or why it is refused.
    static func input(_ value: String, kind: ValuesFileEntry.Kind, rules: FieldRules) -> Result<String, ValueRefusal> {
        let type = rules.type
        // An empty typed field is `null`; a text field's empty value is "".
        if kind == .null && !type.isText { return .success("") }
        // A note holds no value: `null` (above), or its key left out.
        if !type.holdsValue && kind != .csv {
            return .failure(ValueRefusal("is \(kind.words); the field is a note, which holds no value (null, or leave the key out)"))
        }
        let expected: Set<ValuesFileEntry.Kind> = switch type {
        case .integer, .decimal: [.number, .csv]
        case .boolean: [.boolean, .csv]
        case .selectMultiple: [.list, .csv]
        default: [.string, .csv]
        }
        guard expected.contains(kind) else {
            if type.isText {
                let example = switch kind {
                case .null: "write \"\" for an empty value"
                case .number: "write a number in quotes: \"42\""
                default: "write it in quotes"
                }
                return .failure(ValueRefusal("is \(kind.words); a text field's value is a JSON string (\(example))"))
            }
            let wanted = switch type {
            case .integer: "a whole number, such as 42"
            case .decimal: "a number, such as 2.5"
            case .boolean: "true or false"
            case .selectMultiple: "a list of choices, such as [\"\(rules.choices.first?.value ?? "a")\"]"
            default: "a JSON string"
            }
            return .failure(ValueRefusal("is \(kind.words), and the field is of type \(type.rawValue): give \(wanted) or null"))
        }
        if value.isEmpty { return .success("") }
        switch type {
        case .text, .longText, .selectOne:
            return .success(rules.storedText(forInput: value))
        case .selectMultiple:
            let values = kind == .list ? (SelectionValue.decode(value) ?? []) : SelectionValue.values(ofInput: value, choices: rules.choices)
            return .success(rules.storedText(forSelection: values))
        default:
            // JSON's `1.0` is the integer 1, as in JSON Schema.
            if type == .integer, kind == .number, let decimal = FieldType.decimal.canonicalValue(of: value).canonicalText,
               let whole = FieldType.integer.canonicalValue(of: decimal).canonicalText {
                return .success(whole)
            }
            if kind == .number, value.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
                return .failure(ValueRefusal("is \(value), which has an exponent; write its digits (formctl keeps numbers exact, up to 15 digits on each side of the point)"))
            }
            switch type.canonicalValue(of: value) {
            case .canonical(let text): return .success(text)
            case .unparsable(let reason): return .failure(ValueRefusal("is \(MessageQuote.quoted(value)), which \(reason)"))
            }
        }
    }
}

/// Why a values file's value is refused, in words.
struct ValueRefusal: Error, Hashable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

extension ValuesFileEntry.Kind {
    /// The kind in words, for a refusal.
    var words: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        case .list: "an array"
        case .csv: "text"
        case .instances: "an array of objects"
        case .object: "an object"
        }
    }
}
