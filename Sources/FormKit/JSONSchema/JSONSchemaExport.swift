import FormText
import FormModel

/// A form as a JSON Schema (draft 2020-12) of the object `formctl values
/// --format json` prints (`formctl export --format json-schema`): the
/// values are valid against it exactly when `formctl check` passes, for
/// any draft 2020-12 validator with the `u`-flag reading of `pattern` that
/// the specification's own test suite uses.
///
/// - Every field is a required property (the values object always has
///   every key), and no other key is allowed.
/// - A text field `check` looks at is a `string`: a required one refuses
///   `""`; an optional one
///   accepts it (`anyOf` with `{"const": ""}`); a non-empty value must
///   satisfy every rule: `minLength` (the larger of `min_length`,
///   `short_below` and 1) and `maxLength` in code points, the pattern
///   (`PCRE2PatternExport`), and for `email`, `format: email` and
///   `MailboxPattern` (validators check the format loosely).
/// - A typed field has its JSON type (`null` too when it is optional) and
///   its bounds, step, choices and counts (`JSONSchemaExport+Types.swift`).
/// - A field that can never be shown is unconstrained; a field with
///   `show_if` is constrained in an `if`/`then` whose `if` holds exactly
///   while it is shown (`JSONSchemaExport+Conditions.swift`).
/// - A group is a nested object, a repeat an array of objects, a list an
///   array of values; a condition is written in the object it reads
///   (`JSONSchemaExport+Groups.swift`).
/// - `message` does not change what is valid and is not written;
///   `read_only` is `readOnly: true`, an annotation.
///
/// Refused (`badFile`, exit 65, naming the field and the construct), never
/// written with another meaning: a pattern construct with no ECMA-262
/// equivalent, a length rule counted in characters (grapheme clusters,
/// which JSON Schema cannot count) unless it cannot matter, and a
/// datetime's bounds or a `show_if` comparing a datetime (instants across
/// offsets), and a `show_if` that reads across a repeat. A `show_if` on
/// text is `const`: both compare code points.
public enum JSONSchemaExport {
    /// The schema's text, pretty and deterministic, ending in a newline.
    /// `source` names the form in problems (the database's path).
    public static func schema(of spec: FormSpec, source: String = "form") throws(FormKitError) -> String {
        var writer = ObjectWriter(spec: spec, source: source)
        // The top's fields, groups and repeats, page after page.
        let top = writer.object(spec.pages.flatMap(\.items), level: "", pointer: "")
        guard writer.problems.isEmpty else { throw .badFile(writer.problems) }
        var schema: [(String, JSONTree)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string(spec.title)),
        ]
        schema += top.filter { $0.0 != "allOf" }
        if !writer.definitions.isEmpty { schema.append(("$defs", .object(writer.definitions))) }
        schema += top.filter { $0.0 == "allOf" }
        return JSONTree.object(schema).text(inlineShortLists: true) + "\n"
    }

    /// `description` (the hint), `default` and `readOnly`, which change no verdict.
    static func annotations(_ field: FieldSpec) -> [(String, JSONTree)] {
        var keywords: [(String, JSONTree)] = []
        if let hint = field.hint { keywords.append(("description", .string(hint))) }
        if let value = field.defaultValue, !value.isEmpty { keywords.append(("default", json(TypedJSONValue(value, rules: field.rules)))) }
        if field.isReadOnly { keywords.append(("readOnly", .boolean(true))) }
        return keywords
    }

    /// A value as `formctl values --format json` writes it.
    static func json(_ value: TypedJSONValue) -> JSONTree {
        switch value {
        case .string(let text): .string(text)
        case .number(let digits): .number(digits)
        case .bool(let flag): .boolean(flag)
        case .array(let values): .array(values.map { .string($0) })
        case .null: .null
        }
    }

    /// The keywords of a field `check` looks at.
    static func checked(_ field: FieldSpec) throws(PatternTranslationError) -> [(String, JSONTree)] {
        guard field.rules.type.isText else { return try typed(field.rules) }
        let rules = field.rules
        var nonEmpty: [(String, JSONTree)] = []
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
        var patterns: [(String, JSONTree)] = []
        if let pattern = rules.pattern {
            do {
                patterns.append(("pattern", .string(try PCRE2PatternExport.ecma(from: pattern))))
            } catch {
                throw PatternTranslationError(construct: error.construct, reason: "in pattern /\(pattern)/: \(error.reason)")
            }
        }
        if rules.email {
            let email: [(String, JSONTree)] = [("format", .string("email")), ("pattern", .string(MailboxPattern.ecma))]
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
}
