import FormModel
import FormText

/// The form's values, key → value in form order, as `formctl values` prints
/// them: every field, hidden or not (a hidden field keeps its value).
public struct FormValues: Hashable, Sendable {
    /// The formats `formctl values` prints.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// One JSON object, keys in form order, Unicode kept as it is.
        case json
        /// RFC 4180: a header row of keys and one row of values, CRLF line
        /// ends, quoted where a field holds a comma, a quote, CR or LF.
        case csv
    }

    /// The keys and values, in form order.
    public var entries: [(key: String, value: String)]
    /// Each entry's field rules, for the typed JSON and CSV forms of the
    /// values (`init(form:)`); empty for values read from a file or given,
    /// which are all written as text.
    var rules: [FieldRules] = []
    /// Where each entry came from in a values file, and what kind of value
    /// it was there (`init(parsing:format:file:)`); empty for values given
    /// in code, which are text `set` reads.
    var origins: [ValueOrigin] = []
    /// The paths of the form's repeats (`init(form:)`): a repeat without
    /// instances is written as an empty array.
    var repeatPaths: [String] = []

    /// Values as given.
    public init(entries: [(key: String, value: String)]) {
        self.entries = entries
    }

    /// The values of `form`'s fields in form order; a note holds none and
    /// is left out.
    public init(form: FormDefinition) {
        let fields = form.fields.filter(\.rules.type.holdsValue)
        self.init(entries: fields.map { ($0.key, $0.value) })
        rules = fields.map(\.rules)
        repeatPaths = form.groups.filter { $0.kind == .repeat }.map(\.path)
    }

    /// The same keys and values in the same order (tuples are not
    /// `Equatable`, so this is written out); values scalar for scalar
    /// (`isScalarEqual`), as the values file and the database hold them.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value.isScalarEqual(to: $1.value) }
    }

    /// Hashes the keys and values in order (`String`'s hashes agree with
    /// the finer equality of values above).
    public func hash(into hasher: inout Hasher) {
        for (key, value) in entries {
            hasher.combine(key)
            hasher.combine(value)
        }
    }

    /// The values as text in `format`, ending in a line break.
    public func text(_ format: Format) -> String {
        switch format {
        case .json: json
        case .csv: csv
        }
    }

    /// `{"first":"Ada",…}` and a newline. A JSON encoder with sorted keys
    /// would lose the form's order, so the object is written here: strings
    /// escaped as RFC 8259 requires (quote, backslash, control characters),
    /// everything else, any Unicode, kept.
    /// Typed fields' values are of their JSON type (`TypedJSONValue`).
    /// Values named by path nest (`NestedJSON`): a group is an object, a
    /// repeat an array of objects, a list an array of values.
    public var json: String {
        func value(_ index: Int) -> String {
            rules.isEmpty ? JSONString.literal(entries[index].value) : Self.json(TypedJSONValue(entries[index].value, rules: rules[index]))
        }
        guard repeatPaths.isEmpty, !entries.contains(where: { $0.key.contains(FieldPath.separator) }) else {
            let tree = NestedJSON()
            for index in entries.indices { tree.insert(value(index), at: entries[index].key) }
            for path in repeatPaths { tree.array(at: path) }
            return tree.text + "\n"
        }
        let members = entries.indices.map { index in JSONString.literal(entries[index].key) + ":" + value(index) }
        return "{" + members.joined(separator: ",") + "}\n"
    }

    /// A typed value as JSON text, strings as `JSONString` writes them.
    static func json(_ value: TypedJSONValue) -> String {
        switch value {
        case .string(let text): JSONString.literal(text)
        case .array(let values): "[" + values.map { JSONString.literal($0) }.joined(separator: ",") + "]"
        default: value.jsonText
        }
    }

    /// A header row of keys and a row of values, RFC 4180: canonical text,
    /// a `select_multiple`'s choices joined by one space (as XLSForm and
    /// ODK write them), or its JSON array when a choice value of the field
    /// holds a space or comma (`csvText`).
    public var csv: String {
        CSVField.record(entries.map(\.key)) + CSVField.record(entries.indices.map { index in
            guard !rules.isEmpty else { return entries[index].value }
            let rules = rules[index]
            return Self.csvText(entries[index].value, type: rules.type, asArray: SelectionValue.needsArrayCells(rules.choices))
        })
    }

    /// A stored value as CSV writes it: a `select_multiple`'s JSON array as
    /// its values joined by one space, unless `asArray` (a choice value of
    /// the field holds a space or comma) or a value it holds does: then
    /// the JSON array as stored, which reads back whole where joined
    /// values would split (`values --load`). Anything else as it is.
    static func csvText(_ value: String, type: FieldType, asArray: Bool = false) -> String {
        guard type == .selectMultiple, let values = SelectionValue.decode(value) else { return value }
        if asArray || values.contains(where: SelectionValue.holdsSeparator) { return value }
        return values.joined(separator: " ")
    }
}
