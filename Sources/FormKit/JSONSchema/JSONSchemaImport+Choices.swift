import FormModel
import Yams

/// Choices (`enum` of strings, `const`, `oneOf`/`anyOf` of `const` with
/// `title` for the labels) and `default`.
extension JSONSchemaImport.Reader {
    /// The `oneOf` or `anyOf` whose members are all one-value schemas
    /// (`alternativeValue`): labelled choices, as rjsf and ngx-formly write them.
    func choiceAlternatives(_ read: PropertyKeywords) -> JSONSchemaImport.Keyword? {
        for name in ["oneOf", "anyOf"] {
            guard let keyword = read.peek(name), case .sequence(let members) = keyword.value, !members.isEmpty else { continue }
            let allConst = members.allSatisfy { member in
                // `{"type": "null"}` beside the choices: an optional one.
                Self.emptyKind(member) == .null || Self.alternativeValue(member) != nil
            }
            if allConst && members.contains(where: { Self.emptyKind($0) != .null }) { return keyword }
        }
        return nil
    }

    /// The one value a member of a choice `oneOf`/`anyOf` accepts: its
    /// `const`, or the one item of its `enum` (`{"enum": ["a"], "title":
    /// "A"}`, ngx-formly's and rjsf's other spelling), beside nothing but
    /// `title`, `description`, `$comment` and a `type` that the value is
    /// of. Nil for any other schema.
    static func alternativeValue(_ member: Yams.Node) -> Yams.Node? {
        guard case .mapping(let mapping) = member else { return nil }
        var value: Yams.Node?
        if let given = JSONSchemaImport.member(mapping, "const") {
            value = given
        } else if case .sequence(let items)? = JSONSchemaImport.member(mapping, "enum"), items.count == 1 {
            value = items.first
        }
        guard let value else { return nil }
        let names = mapping.keys.map { JSONSchemaImport.string($0) ?? $0.scalar?.string ?? "" }
        guard names.filter({ $0 == "const" || $0 == "enum" }).count == 1 else { return nil }
        for name in names where !["const", "enum", "title", "description", "$comment"].contains(name) {
            guard name == "type", let type = JSONSchemaImport.string(JSONSchemaImport.member(mapping, "type")) else { return nil }
            switch (type, JSONSchemaScalars.kind(value)) {
            case ("string", .string?), ("number", .integer?), ("number", .number?), ("integer", .integer?), ("boolean", .boolean?): continue
            default: return nil
            }
        }
        return value
    }

    /// Whether the choices include null (an optional field's "no answer").
    func choicesAcceptNull(_ read: PropertyKeywords) -> Bool {
        if let keyword = read.peek("enum"), case .sequence(let items) = keyword.value {
            return items.contains { JSONSchemaScalars.kind($0) == .null }
        }
        if let keyword = choiceAlternatives(read), case .sequence(let members) = keyword.value {
            return members.contains { Self.emptyKind($0) == .null }
        }
        return false
    }

    /// The choices `read` gives (null left out: it makes the field
    /// optional), each value one formctl can hold, none twice; nil (with
    /// problems) when they cannot be choices.
    mutating func choices(_ read: inout PropertyKeywords, numbers: FieldType? = nil) -> [FieldChoice]? {
        var given: [(value: String, label: String?, node: Yams.Node, pointer: String)] = []
        var refused = false
        // A choice's value as formctl stores it: text, or for a number
        // field a number of its type, read exactly (`1.50` is `1.5`).
        func choiceValue(_ node: Yams.Node) -> String? {
            guard let numbers else { return JSONSchemaImport.string(node) }
            return Self.number(node).flatMap { numbers.canonicalValue(of: $0).canonicalText }
        }
        let kind = numbers == nil ? "strings" : numbers == .integer ? "whole numbers" : "numbers"
        if let keyword = read.take("enum") {
            guard case .sequence(let items) = keyword.value else {
                refuse(keyword.key, keyword.pointer, "enum", "must be an array")
                return nil
            }
            for (place, item) in items.enumerated() {
                if JSONSchemaScalars.kind(item) == .null { continue }
                guard let text = choiceValue(item) else {
                    // One problem for the keyword, at its first value that is not a string.
                    if !refused {
                        problem(item, keyword.pointer + "/\(place)", numbers == nil
                                ? "`enum` holds only strings (and null for an optional field): an enum that is not all strings cannot be a field, whose choices are text"
                                : "`enum` holds only \(kind) (and null for an optional field): the field is `\(numbers?.rawValue ?? "")`")
                    }
                    refused = true
                    continue
                }
                given.append((text, nil, item, keyword.pointer + "/\(place)"))
            }
        } else if let keyword = read.take("const") {
            guard let text = choiceValue(keyword.value) else {
                refuse(keyword.key, keyword.pointer, "const", numbers == nil ? "must be a string: a field's one choice is text" : "must be one of the \(kind) that the field (`\(numbers?.rawValue ?? "")`) holds")
                return nil
            }
            given.append((text, nil, keyword.value, keyword.pointer))
        } else if let keyword = choiceAlternatives(read) {
            _ = read.take(keyword.name)
            guard case .sequence(let members) = keyword.value else { return nil }
            for (place, member) in members.enumerated() where Self.emptyKind(member) != .null {
                guard case .mapping(let mapping) = member, let value = Self.alternativeValue(member) else { continue }
                let valueName = JSONSchemaImport.member(mapping, "const") == nil ? "enum/0" : "const"
                let here = keyword.pointer + "/\(place)"
                guard let text = choiceValue(value) else {
                    problem(value, here + "/" + valueName, "`\(valueName.prefix { $0 != "/" })` of a choice must be one of the \(kind): choices that are not all \(kind) cannot be a field")
                    refused = true
                    continue
                }
                var label: String?
                if let title = JSONSchemaImport.member(mapping, "title") {
                    guard let words = JSONSchemaImport.string(title) else {
                        problem(title, here + "/title", "`title` must be a string")
                        refused = true
                        continue
                    }
                    label = words.isEmpty ? nil : words
                }
                given.append((text, label, value, here + "/" + valueName))
            }
        } else {
            return nil
        }
        var choices: [FieldChoice] = []
        // Scalar for scalar (`ScalarText`), as `enum` compares.
        var seen: [ScalarText: String] = [:]
        for item in given {
            if let why = FieldChoice.problem(withValue: item.value) {
                problem(item.node, item.pointer, "\(why): \"\(item.value)\" cannot be a formctl choice value")
                refused = true
            } else if let first = seen[ScalarText(item.value)] {
                problem(item.node, item.pointer, "the choice \"\(item.value)\" is given twice (first at \(first))")
                refused = true
            } else {
                seen[ScalarText(item.value)] = item.pointer
                choices.append(FieldChoice(value: item.value, label: item.label))
            }
        }
        return refused ? nil : choices
    }

    /// A JSON number's exact text (`JSONSchemaNumber`), nil for anything else.
    static func number(_ node: Yams.Node) -> String? {
        guard case .scalar(let scalar) = node, [.integer, .number].contains(JSONSchemaScalars.kind(node)) else { return nil }
        return (try? JSONSchemaNumber(literal: scalar.string))?.text
    }

    /// The values a property's choices give (`enum`, `const`, or the
    /// `const`s of a `oneOf`/`anyOf`), null left out.
    func choiceNodes(_ read: PropertyKeywords) -> [Yams.Node] {
        if let keyword = read.peek("enum"), case .sequence(let items) = keyword.value { return items.filter { JSONSchemaScalars.kind($0) != .null } }
        if let keyword = read.peek("const") { return [keyword.value] }
        if let keyword = choiceAlternatives(read), case .sequence(let members) = keyword.value {
            return members.compactMap { member in
                Self.alternativeValue(member).flatMap { JSONSchemaScalars.kind($0) == .null ? nil : $0 }
            }
        }
        return []
    }

    /// `default` as the stored text of a value of the field's type; nil
    /// for null. A value not of the type is refused; one of the type that
    /// breaks a bound or is not a choice is taken (it is `invalid` until
    /// changed), as a form file's `default` is.
    mutating func defaultValue(_ keyword: JSONSchemaImport.Keyword, rules: FieldRules) -> String? {
        let value = keyword.value
        if JSONSchemaScalars.kind(value) == .null { return nil }
        let type = rules.type
        func refused(_ expected: String) -> String? {
            refuse(keyword.key, keyword.pointer, "default", "must be \(expected) for a `\(type.rawValue)` field")
            return nil
        }
        switch type {
        case .note:
            return refused("null (a note holds no value)")
        case .text, .longText:
            guard let text = JSONSchemaImport.string(value) else { return refused("a string") }
            return text.isEmpty ? nil : rules.storedText(forInput: text)
        case .selectOne:
            guard let text = JSONSchemaImport.string(value) else { return refused("a string, one of the choices") }
            return rules.storedText(forInput: text)
        case .selectMultiple:
            guard case .sequence(let items) = value else { return refused("an array of choice values") }
            var values: [String] = []
            for item in items {
                guard let text = JSONSchemaImport.string(item) else { return refused("an array of choice values (strings)") }
                values.append(text)
            }
            return rules.storedText(forSelection: values)
        case .integer, .decimal:
            guard case .scalar(let scalar) = value, [.integer, .number].contains(JSONSchemaScalars.kind(value)),
                  let number = try? JSONSchemaNumber(literal: scalar.string) else {
                return refused(type == .integer ? "a whole number" : "a number with at most 15 digits before the point and 15 after")
            }
            let text = number.text
            guard let canonical = type.canonicalValue(of: text).canonicalText else {
                return refused(type == .integer ? "a whole number within ±9007199254740991" : "a number")
            }
            return canonical
        case .boolean:
            guard JSONSchemaScalars.isBoolean(value), let text = value.scalar?.string.lowercased() else { return refused("true or false") }
            return text
        case .date, .time, .datetime:
            guard let text = JSONSchemaImport.string(value) else { return refused("a string") }
            switch type.canonicalValue(of: text) {
            case .canonical(let canonical): return canonical
            case .unparsable(let reason):
                refuse(keyword.key, keyword.pointer, "default", "\"\(text)\" \(reason)")
                return nil
            }
        }
    }
}
