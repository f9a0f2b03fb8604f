import FormText
import FormModel

/// A typed field's schema (DECISIONS, "Typed questions"), for the value
/// `formctl values --format json` gives it: a number, `true`/`false`, an
/// array of choice values or a string of the type's canonical text; `null`
/// when empty, which only an optional field accepts. A stored value that
/// is not its type's canonical text is given as a string, which the
/// schema refuses, as `check` does.
extension JSONSchemaExport {
    /// The keywords, `type` first.
    static func typed(_ rules: FieldRules) throws(PatternTranslationError) -> [(String, JSONTree)] {
        let type = rules.type
        func jsonType(_ name: String) -> (String, JSONTree) {
            ("type", rules.required ? .string(name) : .array([.string(name), .string("null")]))
        }
        switch type {
        case .text, .longText:
            return []
        case .note:
            return [("type", .string("null"))]
        case .integer, .decimal:
            var keywords = [jsonType(type == .integer ? "integer" : "number")]
            if let lower = rules.lowerBound { keywords.append((lower.isInclusive ? "minimum" : "exclusiveMinimum", .number(lower.value))) }
            if let upper = rules.upperBound { keywords.append((upper.isInclusive ? "maximum" : "exclusiveMaximum", .number(upper.value))) }
            if let step = rules.step { keywords.append(("multipleOf", .number(step))) }
            if !rules.choices.isEmpty { keywords += choiceKeywords(rules.choices, null: !rules.required, value: JSONTree.number) }
            return keywords
        case .boolean:
            return [jsonType("boolean")]
        case .selectOne:
            return [jsonType("string")] + choiceKeywords(rules.choices, null: !rules.required)
        case .selectMultiple:
            var keywords = [jsonType("array"), ("items", .object(choiceKeywords(rules.choices, null: false))), ("uniqueItems", .boolean(true))]
            if let fewest = rules.minSelected { keywords.append(("minItems", .integer(fewest))) }
            if let most = rules.maxSelected { keywords.append(("maxItems", .integer(most))) }
            return keywords
        case .date, .time, .datetime:
            guard let pattern = CalendarPatterns.pattern(for: type, lower: rules.lowerBound, upper: rules.upperBound) else {
                let names = [rules.lowerBound.map { $0.isInclusive ? "min" : "above" }, rules.upperBound.map { $0.isInclusive ? "max" : "below" }]
                throw PatternTranslationError(
                    construct: names.compactMap { $0 }.joined(separator: ", "),
                    reason: "a datetime's bounds compare instants across offsets, which no JSON Schema keyword or pattern can say; "
                        + "a date's and a time's bounds are exported")
            }
            var keywords = [jsonType("string")]
            // A date's format is what every validator asserts alike. Not
            // `time`: JSON Schema's needs an offset, formctl's is a wall
            // clock's. Not `date-time`: validators disagree on leap
            // seconds (Python's rfc3339-validator refuses every one, others
            // allow them on 30 June and 31 December only); the pattern
            // says what formctl takes.
            if type == .date { keywords.append(("format", .string("date"))) }
            keywords.append(("pattern", .string(pattern)))
            return keywords
        }
    }

    /// `enum` of the values when every label is its value, else `oneOf`
    /// of `const` and `title`, keeping the labels; with null for an
    /// optional `select_one`.
    /// A number's choices are numbers (`value`: `.number`).
    static func choiceKeywords(_ choices: [FieldChoice], null: Bool,
                               value: (String) -> JSONTree = JSONTree.string) -> [(String, JSONTree)] {
        if choices.allSatisfy({ $0.label.unicodeScalars.elementsEqual($0.value.unicodeScalars) }) {
            return [("enum", .array(choices.map { value($0.value) } + (null ? [.null] : [])))]
        }
        let alternatives = choices.map { JSONTree.object([("const", value($0.value)), ("title", .string($0.label))]) }
        return [("oneOf", .array(alternatives + (null ? [.object([("const", .null)])] : [])))]
    }
}
