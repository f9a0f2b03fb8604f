import FormModel

/// A form as a JSON Schema (draft 2020-12) of the object `formctl values
/// --format json` prints (`formctl export --format json-schema`): the
/// values are valid against it exactly when `formctl check` passes, for
/// any draft 2020-12 validator with the `u`-flag reading of `pattern` that
/// the specification's own test suite uses.
///
/// - Every field is a required `string` property (the values object always
///   has every key, `""` for an empty field), and no other key is allowed.
/// - A field `check` looks at: a required one refuses `""`; an optional one
///   accepts it (`anyOf` with `{"const": ""}`); a non-empty value must
///   satisfy every rule: `minLength` (the larger of `min_length`,
///   `short_below` and 1) and `maxLength` in code points, the pattern
///   (`PCRE2PatternExport`), and for `email`, `format: email` and
///   `MailboxPattern` (validators check the format loosely).
/// - A hidden field is unconstrained; a field with `show_if` is
///   constrained in an `if`/`then` whose `if` is its chain of conditions
///   (the field it reads must itself be shown); a condition that can never
///   hold (a cycle, a missing or hidden field) leaves it unconstrained.
/// - `message` does not change what is valid and is not written.
///
/// Refused (`badFile`, exit 65, naming the field and the construct), never
/// written with another meaning: a pattern construct with no ECMA-262
/// equivalent, a length rule counted in characters (grapheme clusters,
/// which JSON Schema cannot count) unless it cannot matter, and a
/// `show_if` comparing with non-ASCII text (formctl compares canonically
/// equivalent spellings as equal, `const` compares code points).
public enum JSONSchemaExport {
    /// The schema's text, pretty and deterministic, ending in a newline.
    /// `source` names the form in problems (the database's path).
    public static func schema(of spec: FormSpec, source: String = "form") throws(FormKitError) -> String {
        var problems: [FileProblem] = []
        var properties: [(String, JSONSchemaValue)] = []
        var conditional: [JSONSchemaValue] = []
        var byKey: [String: FieldSpec] = [:]
        for field in spec.fields where byKey[field.key] == nil { byKey[field.key] = field }
        for field in spec.fields {
            let pointer = "/properties/" + JSONSchemaImport.pointerToken(field.key)
            // A text field's value is always a string; a typed field's is
            // of its JSON type, a string when it is not (an invalid value),
            // or null: only where it is checked does it have a type.
            var property: [(String, JSONSchemaValue)] = field.rules.type.isText ? [("type", .string("string"))] : []
            property.append(("title", .string(field.label)))
            property += annotations(field)
            do throws(PatternTranslationError) {
                switch shownWhen(field, byKey: byKey) {
                case .never:
                    break
                case .always:
                    let check = try checked(field)
                    // `type` first, as for a text field.
                    property = check.filter { $0.0 == "type" } + property + check.filter { $0.0 != "type" }
                case .when(let chain):
                    let check = try checked(field)
                    var condition: [(String, JSONSchemaValue)] = []
                    for link in chain {
                        let rules = byKey[link.key]?.rules ?? .none
                        condition.append((link.key, try holds(link.condition, rules: rules)))
                    }
                    conditional.append(.object([
                        ("if", .object([("properties", .object(condition)), ("required", .array(chain.map { .string($0.key) }))])),
                        ("then", .object([("properties", .object([(field.key, .object(check))]))])),
                    ]))
                }
            } catch {
                problems.append(FileProblem(file: source, pointer: pointer, message: "field \(field.key): \(error)"))
            }
            properties.append((field.key, .object(property)))
        }
        guard problems.isEmpty else { throw .badFile(problems) }
        var schema: [(String, JSONSchemaValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string(spec.title)),
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .array(spec.fields.map { .string($0.key) })),
            ("additionalProperties", .boolean(false)),
        ]
        if !conditional.isEmpty { schema.append(("allOf", .array(conditional))) }
        return JSONSchemaValue.object(schema).text() + "\n"
    }

    /// When a field is checked: never (hidden, or a condition that cannot
    /// hold), always, or while every condition of its chain holds.
    enum Shown {
        case never
        case always
        case when([(key: String, condition: ShowCondition)])
    }

    /// Follows `field`'s conditions as `FieldVisibility` does: shown while
    /// not hidden and its condition holds on a field that is itself shown.
    static func shownWhen(_ field: FieldSpec, byKey: [String: FieldSpec]) -> Shown {
        guard !field.isHidden else { return .never }
        var chain: [(key: String, condition: ShowCondition)] = []
        var visited: Set<String> = [field.key]
        var current = field
        while let condition = current.showIf {
            // A condition reading several fields is refused by `holds`.
            guard let key = condition.fields.first, let read = byKey[key], !read.isHidden, visited.insert(read.key).inserted else { return .never }
            chain.append((read.key, condition))
            current = read
        }
        return chain.isEmpty ? .always : .when(chain)
    }

    /// `description` (the hint) and `default`, which change no verdict.
    static func annotations(_ field: FieldSpec) -> [(String, JSONSchemaValue)] {
        var keywords: [(String, JSONSchemaValue)] = []
        if let hint = field.hint { keywords.append(("description", .string(hint))) }
        if let value = field.defaultValue, !value.isEmpty { keywords.append(("default", json(TypedJSONValue(value, rules: field.rules)))) }
        return keywords
    }

    /// A value as `formctl values --format json` writes it.
    static func json(_ value: TypedJSONValue) -> JSONSchemaValue {
        switch value {
        case .string(let text): .string(text)
        case .number(let digits): .number(digits)
        case .bool(let flag): .boolean(flag)
        case .array(let values): .array(values.map { .string($0) })
        case .null: .null
        }
    }

    /// The keywords of a field `check` looks at.
    static func checked(_ field: FieldSpec) throws(PatternTranslationError) -> [(String, JSONSchemaValue)] {
        guard field.rules.type.isText else { return try typed(field.rules) }
        let rules = field.rules
        var nonEmpty: [(String, JSONSchemaValue)] = []
        let minimum = max(rules.minLength ?? 0, rules.shortBelow, 1)
        if rules.lengthUnit == .characters && !rules.email {
            // A grapheme-cluster count equals the code-point count only for
            // the bounds every non-empty value meets (or none does).
            let matters = (rules.minLength ?? 0) > 1 || rules.shortBelow > 1 || (rules.maxLength ?? 0) > 0
            if matters {
                let which = [rules.minLength.map { _ in "min_length" }, rules.maxLength.map { _ in "max_length" },
                             rules.shortBelow > 1 ? "short_below" : nil].compactMap { $0 }.joined(separator: ", ")
                throw PatternTranslationError(
                    construct: which,
                    reason: "counts characters (grapheme clusters), which JSON Schema's lengths cannot express; "
                        + "count code points instead: formctl field rule \(field.key) --length-unit code-points "
                        + "(length_unit: code_points in a form file)")
            }
        }
        // An email address is ASCII without CR LF: there, characters and
        // code points are the same count.
        nonEmpty.append(("minLength", .integer(minimum)))
        if let maximum = rules.maxLength { nonEmpty.append(("maxLength", .integer(maximum))) }
        var patterns: [(String, JSONSchemaValue)] = []
        if let pattern = rules.pattern {
            do {
                patterns.append(("pattern", .string(try PCRE2PatternExport.ecma(from: pattern))))
            } catch {
                throw PatternTranslationError(construct: error.construct, reason: "in pattern /\(pattern)/: \(error.reason)")
            }
        }
        if rules.email {
            let email: [(String, JSONSchemaValue)] = [("format", .string("email")), ("pattern", .string(MailboxPattern.ecma))]
            if patterns.isEmpty {
                patterns = email
            } else {
                patterns = [("allOf", .array([.object(patterns), .object(email)]))]
            }
        }
        nonEmpty += patterns
        if rules.required { return nonEmpty }
        return [("anyOf", .array([.object([("const", .string(""))]), .object(nonEmpty)]))]
    }

    /// ASCII characters that other scalars are canonically equivalent to
    /// (singleton decompositions): Swift's `==`, which `show_if` uses,
    /// takes them as equal; `const` would not.
    static let equivalents: [Unicode.Scalar: Unicode.Scalar] = ["K": "\u{212A}", ";": "\u{037E}", "`": "\u{1FEF}"]

    /// A schema of the values for which `condition` holds.
    /// `rules` are those of the field the condition reads: a typed
    /// field's empty value is null, and its value has its JSON type.
    static func holds(_ condition: ShowCondition, rules: FieldRules) throws(PatternTranslationError) -> JSONSchemaValue {
        switch condition {
        case .filled:
            if !rules.type.isText { return .object([("not", .object([("type", .string("null"))]))]) }
            return .object([("minLength", .integer(1))])
        case .equals(_, let value) where !rules.type.isText && rules.type != .selectOne && !value.isEmpty:
            // Numbers, booleans, selections, dates and times: ASCII
            // canonical text compares as its JSON does.
            return .object([("const", json(TypedJSONValue(value, rules: rules)))])
        case .equals(_, let value) where !rules.type.isText && value.isEmpty:
            return .object([("type", .string("null"))])
        case .equals(_, let value):
            guard value.unicodeScalars.allSatisfy(\.isASCII) else {
                throw PatternTranslationError(
                    construct: "show_if equals \"\(value)\"",
                    reason: "formctl compares canonically equivalent text as equal (é and e + U+0301), which JSON Schema's const cannot say; only ASCII values are exported")
            }
            guard value.unicodeScalars.contains(where: { equivalents[$0] != nil }) else { return .object([("const", .string(value))]) }
            var pattern = "^"
            for scalar in value.unicodeScalars {
                if let other = equivalents[scalar] {
                    pattern += "[" + PCRE2PatternExport.classMember(scalar.value) + PCRE2PatternExport.classMember(other.value) + "]"
                } else {
                    pattern += PCRE2PatternExport.literal(scalar.value)
                }
            }
            return .object([("type", .string("string")), ("pattern", .string(pattern + PCRE2PatternExport.endOfValue))])
        default:
            throw PatternTranslationError(
                construct: "show_if \(Describe.condition(condition))",
                reason: "only `equals` a text and `filled` conditions are exported to JSON Schema so far")
        }
    }
}
