/// One property a form file can give a field, with where it lives: its name
/// in form files, its key in `fields --json`, its column in the `field`
/// table, its default, and the types it applies to.
///
/// The one list of a field's properties: the form file's reader takes its
/// property names from it, and refuses a property given to a type it does
/// not apply to by it; `apply`'s lines compare a field property by property
/// in its order. The writer, the store, `fields --json`, the OpenAPI
/// document, the JSON Schema export, docs/form-files.md and
/// docs/form-file.schema.json are checked against it by a test
/// (FieldPropertyCoverageTests), so that a property added here and
/// forgotten there fails, naming both.
public struct FieldProperty: Hashable, Sendable {
    /// The name in form files (YAML and JSON) and in `apply`'s lines.
    public let name: String
    /// The `field` table's column (or table, for `choices`); nil when the
    /// property is not stored as such.
    public let column: String?
    /// The key in `fields --json` and the server's API (in `rules` for a
    /// rule; `lowerBound` holds `min` or `above`); nil when they do not
    /// show the property.
    public let json: String?
    /// What a field that does not give the property has, in words
    /// (docs/form-files.md's "default" column): `false`, `none`, `the key`.
    public let defaultText: String
    /// The types the property applies to; nil for every type.
    public let types: Set<FieldType>?
    /// What it means, in a few words.
    public let meaning: String

    /// Whether a field of `type` takes the property.
    public func applies(to type: FieldType) -> Bool { types?.contains(type) ?? true }

    /// The types in words, for a refusal ("text and long_text").
    public var typeNames: String {
        let names = FieldType.allCases.filter { types?.contains($0) ?? true }.map { "`\($0.rawValue)`" }
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    static let text: Set<FieldType> = [.text, .longText]
    static let ordered: Set<FieldType> = [.integer, .decimal, .date, .time, .datetime]
    static let selects: Set<FieldType> = [.selectOne, .selectMultiple]
    /// The selects, and the numbers, whose choices are numbers (a JSON
    /// Schema's `"type": "integer", "enum": [1, 2, 3]`).
    static let choosable: Set<FieldType> = selects.union([.integer, .decimal])

    /// Every property of a field, in the order a form file's writer puts them.
    public static let all: [FieldProperty] = [
        FieldProperty(name: "key", column: "key", json: "key", defaultText: "required", types: nil, meaning: "the field's name on command lines and in SQL"),
        FieldProperty(name: "label", column: "label", json: "label", defaultText: "the key", types: nil, meaning: "the words above the field"),
        FieldProperty(name: "type", column: "type", json: "type", defaultText: "`text`", types: nil, meaning: "what the values are (text unless told)"),
        FieldProperty(name: "hint", column: "hint", json: "hint", defaultText: "none", types: nil, meaning: "help text under the label"),
        FieldProperty(name: "required", column: "required", json: "required", defaultText: "false", types: nil, meaning: "must not be empty to pass check"),
        FieldProperty(name: "min", column: "min_value", json: "lowerBound", defaultText: "none", types: ordered, meaning: "lowest value, itself allowed"),
        FieldProperty(name: "above", column: "above_value", json: "lowerBound", defaultText: "none", types: ordered, meaning: "the value must be above this"),
        FieldProperty(name: "max", column: "max_value", json: "upperBound", defaultText: "none", types: ordered, meaning: "highest value, itself allowed"),
        FieldProperty(name: "below", column: "below_value", json: "upperBound", defaultText: "none", types: ordered, meaning: "the value must be below this"),
        FieldProperty(name: "step", column: "step", json: "step", defaultText: "none", types: [.integer, .decimal], meaning: "the value is a whole multiple of this"),
        FieldProperty(name: "choices", column: "field_choice", json: "choices", defaultText: "required for selects", types: choosable,
                      meaning: "the values to choose from, with labels (numbers for an integer or decimal)"),
        FieldProperty(name: "min_selected", column: "min_selected", json: "minSelected", defaultText: "none", types: [.selectMultiple], meaning: "fewest choices an answer holds"),
        FieldProperty(name: "max_selected", column: "max_selected", json: "maxSelected", defaultText: "none", types: [.selectMultiple], meaning: "most choices an answer holds"),
        FieldProperty(name: "min_length", column: "min_length", json: "minLength", defaultText: "none", types: text, meaning: "fewest characters"),
        FieldProperty(name: "max_length", column: "max_length", json: "maxLength", defaultText: "none", types: text, meaning: "most characters"),
        FieldProperty(name: "pattern", column: "pattern", json: "pattern", defaultText: "none", types: text, meaning: "a PCRE2 regular expression the whole value matches"),
        FieldProperty(name: "email", column: "email", json: "email", defaultText: "false", types: text, meaning: "the value is an email address"),
        FieldProperty(name: "length_unit", column: "length_unit", json: "lengthUnit", defaultText: "`characters`", types: text, meaning: "what lengths count: characters or code points"),
        FieldProperty(name: "short_below", column: "short_below", json: "shortBelow", defaultText: "0", types: text, meaning: "under this length a value is short (yellow)"),
        FieldProperty(name: "message", column: "message", json: "message", defaultText: "none", types: nil, meaning: "replaces every reason check gives"),
        // Not in `fields --json` (yet): a field's default shows only in its value.
        FieldProperty(name: "default", column: "default_value", json: nil, defaultText: "none", types: nil, meaning: "the value a new or cleared form holds"),
        FieldProperty(name: "read_only", column: "read_only", json: "readOnly", defaultText: "false", types: nil,
                      meaning: "set and respondents cannot change it: the owner's `set --force` does, else it holds its default"),
        FieldProperty(name: "hidden", column: "visible", json: "visible", defaultText: "false", types: nil, meaning: "kept but neither laid out nor checked"),
        FieldProperty(name: "show_if", column: "show_if_field", json: "showIf", defaultText: "none", types: nil, meaning: "shown only while a condition holds"),
    ]

    /// The property of form-file name `name`.
    public static func named(_ name: String) -> FieldProperty? { all.first { $0.name == name } }
}
