import FormModel
import FormStore
import Yams

/// `show_if` (DECISIONS, "Conditions"): a leaf `{field: KEY, TEST: VALUE}`
/// with one of the tests, or `{all: [...]}`, `{any: [...]}`, `{not: {...}}`.
/// Values are read as the field they compare with reads them, once the
/// whole form is known (`checkConditions`).
extension FormFileReader {
    /// A leaf's comparisons.
    static let conditionTests = ["equals", "filled", "in", "includes", "at_least", "at_most"]
    /// The ways to combine conditions.
    static let conditionCombinations = ["all", "any", "not"]

    /// How deep `all`, `any` and `not` may nest: far beyond any condition
    /// a person writes, and shallow enough that reading, checking, storing
    /// and writing a condition (each recursive) cannot exhaust the stack.
    static let deepestCondition = 32

    /// The condition `node` spells, its values still as written (text).
    mutating func condition(_ node: Node, depth: Int = 0) -> ShowCondition? {
        guard depth < Self.deepestCondition else {
            report(node, "`show_if` nests `all`, `any` and `not` more than \(Self.deepestCondition) deep")
            return nil
        }
        guard let properties = mapping(node, "`show_if`", known: FormFileProperties.Known.condition,
                                       shape: "a mapping: {field: KEY, equals: \"VALUE\"} or {field: KEY, filled: true}") else { return nil }
        let combinations = Self.conditionCombinations.filter { properties[$0] != nil }
        if let combination = combinations.first {
            let others = properties.names.keys.filter { $0 != combination }.sorted()
            if let other = others.first {
                report(properties.names[other], "`\(combination)` stands alone in its mapping: put `\(other)` in a condition of its own inside it")
                return nil
            }
            guard let inner = properties[combination] else { return nil }
            if combination == "not" { return condition(inner, depth: depth + 1).map(ShowCondition.not) }
            guard let items = sequence(inner, combination, shape: "a list of conditions") else { return nil }
            if items.isEmpty {
                report(inner, "`\(combination)` needs at least one condition")
                return nil
            }
            let parts = items.compactMap { condition($0, depth: depth + 1) }
            guard parts.count == items.count else { return nil }
            return combination == "all" ? .all(parts) : .any(parts)
        }
        let field = text(properties, "field")
        if properties["field"] == nil {
            report(node, "`show_if` needs `field`: the key of the field whose value it reads")
        }
        let tests = Self.conditionTests.filter { properties[$0] != nil }
        guard let test = tests.first else {
            report(node, "`show_if` needs `equals: \"VALUE\"` or `filled: true`")
            return nil
        }
        if tests.count > 1 {
            report(properties.names[tests[1]], "`show_if` takes `\(tests[0])` or `\(tests[1])`, not both")
            return nil
        }
        guard let valueNode = properties[test] else { return nil }
        switch test {
        case "filled":
            guard let filled = bool(properties, "filled") else { return nil }
            if !filled {
                report(valueNode, "`filled` can only be true (leave `show_if` out for a field that is always shown)")
                return nil
            }
            return field.map { .filled(field: $0) }
        case "in":
            guard let items = sequence(valueNode, "in", shape: "a list of values") else { return nil }
            if items.isEmpty {
                report(valueNode, "`in` needs at least one value")
                return nil
            }
            let values = items.compactMap { rawScalar($0, test) }
            guard let field, values.count == items.count else { return nil }
            return .isIn(field: field, values: values)
        default:
            let value: String?
            if test == "equals", case .sequence(let items) = valueNode {
                // A selection of several (`equals: [cheese, olives]`).
                let values = items.compactMap { rawScalar($0, test) }
                value = values.count == items.count ? SelectionValue.encode(values) : nil
            } else {
                value = rawScalar(valueNode, test)
            }
            guard let field, let value else { return nil }
            switch test {
            case "equals": return .equals(field: field, value: value)
            case "includes": return .includes(field: field, value: value)
            case "at_least": return .atLeast(field: field, value: value)
            default: return .atMost(field: field, value: value)
            }
        }
    }

    /// A scalar's text as written (a boolean as `true`/`false`); its type
    /// is checked against the field's once the form is known.
    private mutating func rawScalar(_ node: Node, _ test: String) -> String? {
        guard case .scalar(let scalar) = node, FormFileScalars.tagName(node) != .null else {
            report(node, "`\(test)` must be a value, not \(FormFileScalars.describe(node))")
            return nil
        }
        if scalar.string.unicodeScalars.contains("\0") {
            report(node, "`\(test)` contains a NUL character (U+0000), which SQLite text and the sqlite3 shell cannot carry")
            return nil
        }
        return FormFileScalars.tagName(node) == .bool ? scalar.string.lowercased() : scalar.string
    }

    // MARK: Across the form

    /// Each condition must read other fields of the form, compare each as
    /// its type allows, and no chain of conditions may come back to where
    /// it started. Returns `spec` with each condition's values in the
    /// canonical text of the field it compares with.
    mutating func checkConditions(_ spec: FormSpec) -> FormSpec {
        let declared = spec.declaredFields
        let keys = declared.map(\.path)
        let keySet = Set(keys)
        var byKey: [String: FieldSpec] = [:]
        for field in declared where byKey[field.path] == nil { byKey[field.path] = field.field }
        let repeatPaths = spec.declaredGroups.filter { $0.group.isRepeat }.map(\.path)
        var typed: [String: ShowCondition] = [:]
        var reads: [String: [String]] = [:]
        for field in declared {
            guard let condition = field.field.showIf, let node = fieldPlaces[field.path]?.showIf else { continue }
            if let checked = checkedCondition(condition, node: node, owner: field.path, scope: field.scope, repeats: field.repeats,
                                              keys: keys, keySet: keySet, fields: byKey, repeatPaths: repeatPaths) {
                typed[field.path] = checked.written
                reads[field.path] = checked.resolved.fields
            }
        }
        // Each cycle is reported once, at the first of its fields in form
        // order.
        var settled: Set<String> = []
        for field in declared where reads[field.path] != nil && !settled.contains(field.path) {
            guard let cycle = FieldVisibility.cycle(from: field.path, reads: reads) else { continue }
            settled.formUnion(cycle)
            let chain = cycle.map { "`\($0)`" }.joined(separator: " → ")
            report(fieldPlaces[field.path]?.showIf, "`show_if` conditions form a cycle: \(chain); each field would be shown only while another of them is")
        }
        // A group's condition is looked up from the group outwards.
        var groupTyped: [String: ShowCondition] = [:]
        for group in spec.declaredGroups {
            guard let condition = group.group.showIf, let node = groupPlaces[group.path]?.showIf else { continue }
            let repeats = group.group.isRepeat ? group.repeats + [group.path] : group.repeats
            if let checked = checkedCondition(condition, node: node, owner: group.path, scope: group.path, repeats: repeats,
                                              keys: keys, keySet: keySet, fields: byKey, repeatPaths: repeatPaths) {
                groupTyped[group.path] = checked.written
            }
        }
        func typedItems(_ items: [FormItemSpec], scope: String) -> [FormItemSpec] {
            items.map { item in
                switch item {
                case .row(var row):
                    for index in row.fields.indices {
                        if let condition = typed[FieldPath.join(scope, row.fields[index].key)] { row.fields[index].showIf = condition }
                    }
                    return .row(row)
                case .group(var group):
                    let path = FieldPath.join(scope, group.key)
                    if let condition = groupTyped[path] { group.showIf = condition }
                    if let condition = typed[path] { group.listField?.showIf = condition }
                    group.items = typedItems(group.items, scope: path)
                    return .group(group)
                }
            }
        }
        var result = spec
        for page in result.pages.indices {
            result.pages[page].items = typedItems(result.pages[page].items, scope: "")
        }
        return result
    }

    /// `condition` of `owner` (a declared path), its names looked up from
    /// `scope` outwards, checked as `typedCondition` checks it: the typed
    /// condition with its names as written, and with them resolved; nil,
    /// with the problems reported, when it cannot hold or reads a field
    /// inside a repeat that `owner` is not in.
    private mutating func checkedCondition(_ condition: ShowCondition, node: Node, owner: String, scope: String?, repeats: [String],
                                           keys: [String], keySet: Set<String>, fields: [String: FieldSpec],
                                           repeatPaths: [String]) -> (written: ShowCondition, resolved: ShowCondition)? {
        var written: [String: String] = [:]
        let resolved = scope == nil ? condition : condition.renamingFields { name in
            let path = FieldPath.resolve(name, from: scope, in: keySet) ?? name
            written[path] = name
            return path
        }
        for read in resolved.fields {
            if let outer = repeatPaths.first(where: { FieldPath.isWithin(read, $0) && !repeats.contains($0) }) {
                report(node, "`show_if` of `\(owner)` reads `\(read)`, a field inside repeat `\(outer)`: a condition outside a repeat cannot read its instances' fields")
                return nil
            }
        }
        guard let checked = typedCondition(resolved, node: node, owner: owner, keys: keys, fields: fields) else { return nil }
        return (scope == nil ? checked : checked.renamingFields { written[$0] ?? $0 }, checked)
    }

    /// `condition` (read from `node`) with its values as the fields they
    /// compare with read them; nil, with the problems reported, when a leaf
    /// reads no field of the form, the field itself, or compares in a way
    /// its type cannot.
    private mutating func typedCondition(_ condition: ShowCondition, node: Node, owner: String, keys: [String],
                                         fields: [String: FieldSpec]) -> ShowCondition? {
        switch condition {
        case .all(let parts), .any(let parts):
            let combination = if case .all = condition { "all" } else { "any" }
            guard let list = Self.child(node, combination), case .sequence(let items) = list, items.count == parts.count else { return nil }
            let checked = zip(parts, items).compactMap { typedCondition($0, node: $1, owner: owner, keys: keys, fields: fields) }
            guard checked.count == parts.count else { return nil }
            return combination == "all" ? .all(checked) : .any(checked)
        case .not(let part):
            guard let inner = Self.child(node, "not") else { return nil }
            return typedCondition(part, node: inner, owner: owner, keys: keys, fields: fields).map(ShowCondition.not)
        default:
            break
        }
        guard let target = condition.fields.first else { return nil }
        if target == owner {
            report(node, "`show_if` of `\(owner)` reads the field itself: it could never be shown")
            return nil
        }
        guard let field = fields[target] else {
            let suggestion = KeySuggestion.nearest(to: target, in: keys).map { " (did you mean `\($0)`?)" } ?? ""
            report(node, "`show_if` of `\(owner)` reads field `\(target)`, which the form does not have\(suggestion)")
            return nil
        }
        func value(_ test: String, _ raw: String, at valueNode: Node?) -> String? {
            guard let valueNode else { return nil }
            return comparedValue(raw, node: valueNode, test: test, field: field)
        }
        switch condition {
        case .filled:
            return condition
        case .equals(let key, let raw):
            return value("equals", raw, at: Self.child(node, "equals")).map { .equals(field: key, value: $0) }
        case .isIn(let key, let raws):
            guard let list = Self.child(node, "in"), case .sequence(let items) = list else { return nil }
            let values = zip(raws, items).compactMap { value("in", $0, at: $1) }
            return values.count == raws.count ? .isIn(field: key, values: values) : nil
        case .includes(let key, let raw):
            return value("includes", raw, at: Self.child(node, "includes")).map { .includes(field: key, value: $0) }
        case .atLeast(let key, let raw):
            return value("at_least", raw, at: Self.child(node, "at_least")).map { .atLeast(field: key, value: $0) }
        case .atMost(let key, let raw):
            return value("at_most", raw, at: Self.child(node, "at_most")).map { .atMost(field: key, value: $0) }
        default:
            return nil
        }
    }

    /// A value a condition compares with `field`: the canonical text of its
    /// type (a choice must be one of its choices), or nil with the problem
    /// reported at `node`.
    private mutating func comparedValue(_ raw: String, node: Node, test: String, field: FieldSpec) -> String? {
        let type = field.rules.type
        switch field.rules.conditionValue(raw, test: test) {
        case .success(let value):
            // Then the kind of scalar, as for any typed value in a file: a
            // text field's value in quotes when it looks like something
            // else, numbers and booleans bare, dates in quotes.
            if type.isText, FormFileScalars.tagName(node) != .str {
                report(node, "`\(test)` must be text, not \(FormFileScalars.describe(node)) (write it in quotes to mean the text)")
                return nil
            }
            if !type.isText, type != .selectOne, type != .selectMultiple, typedScalar(node, test, as: type) == nil { return nil }
            return value
        case .failure(let problem):
            report(node, "`show_if` on `\(field.key)`: \(problem)")
            return nil
        }
    }

    /// The value of property `name` of mapping `node`.
    static func child(_ node: Node?, _ name: String) -> Node? {
        guard case .mapping(let mapping)? = node else { return nil }
        for (key, value) in mapping {
            if case .scalar(let scalar) = key, scalar.string == name { return value }
        }
        return nil
    }
}
