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
            var property: [(String, JSONSchemaValue)] = [("type", .string("string")), ("title", .string(field.label))]
            do throws(PatternTranslationError) {
                switch shownWhen(field, byKey: byKey) {
                case .never:
                    break
                case .always:
                    property += try checked(field)
                case .when(let chain):
                    let check = try checked(field)
                    var condition: [(String, JSONSchemaValue)] = []
                    for link in chain { condition.append((link.key, try holds(link.condition))) }
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

    /// The keywords of a field `check` looks at.
    static func checked(_ field: FieldSpec) throws(PatternTranslationError) -> [(String, JSONSchemaValue)] {
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
    static func holds(_ condition: ShowCondition) throws(PatternTranslationError) -> JSONSchemaValue {
        switch condition {
        case .filled:
            return .object([("minLength", .integer(1))])
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
