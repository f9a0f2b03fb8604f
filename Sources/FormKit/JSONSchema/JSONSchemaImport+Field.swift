import FormModel
import FormStore
import Yams

/// One property of a JSON Schema as one field: its type from `type`,
/// `format`, `enum`, `const` or `oneOf`/`anyOf` of `const`s, then the
/// keywords that type takes (`JSONSchemaImport+Types.swift`). What the
/// type does not take is refused by name, one problem per keyword.
extension JSONSchemaImport.Reader {
    /// A property read as a field, and whether it accepts null (or, for
    /// text, `""` in an `anyOf`): optional, whatever `required` says.
    struct ImportedField {
        var spec: FieldSpec
        var isNullable: Bool
    }

    /// Keywords every type takes that change nothing about which values
    /// are valid (`readOnly` only as false).
    static let annotations: Set<String> = [
        "$id", "$comment", "$anchor", "$schema", "$defs", "definitions", "examples", "deprecated", "writeOnly",
        // draft-04's `$id`.
        "id",
    ]

    /// One property as a field; nil (with problems) when it cannot be one.
    /// `pointer` is the property's (`/properties/name`, or deeper in a
    /// group); `keywords`, when given, are its keywords already read
    /// (`$ref`s followed) by `property(_:nameNode:_:at:depth:trail:)`.
    mutating func field(_ name: String, nameNode: Yams.Node, _ schema: Yams.Node, pointer: String,
                        keywords given: [JSONSchemaImport.Keyword]? = nil) -> ImportedField? {
        let before = problems.count
        do {
            try FieldInput.checkKey(name)
        } catch {
            problem(nameNode, pointer, "property \"\(name)\" cannot be a field key: a field key is 1 to 64 ASCII letters, digits, '_' or '-', starting with a letter")
        }
        guard case .mapping = schema else {
            problem(schema, pointer, "property \"\(name)\" must be a schema object with a \"type\"")
            return nil
        }
        guard var keywords = given ?? keywords(schema, pointer) else { return nil }
        var nullable = false
        var emptyText = false
        if let (alternative, kind) = optionalAlternative(in: keywords) {
            keywords = alternative
            nullable = kind == .null
            emptyText = kind == .emptyText
        }
        var read = PropertyKeywords(keywords)
        let hints = dropDrawingHints(&read)
        dropOpenAnyOf(&read)
        for duplicate in read.duplicates {
            refuse(duplicate.key, duplicate.pointer, duplicate.name, "is given twice (through `anyOf` or `oneOf` with null): formctl reads one")
        }
        guard var (type, typeNullable) = fieldType(&read, name: name, nameNode: nameNode, pointer: pointer) else {
            refuseRest(read, "cannot be represented in a form field, whose type is not known")
            return nil
        }
        if type == .text, hints.contains(where: { $0.name == "format" && JSONSchemaImport.string($0.value) == JSONSchemaDrawingHints.textArea }) {
            type = .longText
        }
        if [.integer, .decimal, .boolean].contains(type), let format = read.take("format") {
            warn(format.key, format.pointer, JSONSchemaDrawingHints.formatOfNonString(type == .boolean ? "boolean" : "number"))
        }
        nullable = nullable || typeNullable
        if emptyText && !type.isText {
            problem(nameNode, pointer, "`anyOf` with {\"const\": \"\"} is how an optional text field is written; a `\(type.rawValue)` field is optional with \"null\"")
        }
        var rules = FieldSpec.defaultRules
        rules.type = type
        if type.isText { rules.lengthUnit = .codePoints }
        var label: String?
        var hint: String?
        if let title = read.take("title") {
            if let text = JSONSchemaImport.string(title.value) { label = text.isEmpty ? nil : text } else { refuse(title.key, title.pointer, "title", "must be a string") }
        }
        if let description = read.take("description") {
            if let text = JSONSchemaImport.string(description.value) {
                hint = text.isEmpty ? nil : text
            } else {
                refuse(description.key, description.pointer, "description", "must be a string")
            }
        }
        let isReadOnly = readOnly(&read)
        read.dropAll(Self.annotations)
        typedKeywords(&read, rules: &rules, type: type, owner: (nameNode, pointer))
        if let names = read.take("enumNames") { labelChoices(&rules.choices, with: names) }
        if problems.count == before, let (property, reason) = rules.inconsistency {
            let keyword = Self.keywordName(of: property)
            problem(nameNode, pointer, reason + (keyword == property ? "" : " (`\(property)` is this schema's `\(keyword)`)"))
        }
        var defaultValue: String?
        if let given = read.take("default") { defaultValue = self.defaultValue(given, rules: rules) }
        refuseRest(read, "cannot be represented in a `\(type.rawValue)` field: \(Self.takes(type))")
        guard problems.count == before else { return nil }
        let spec = FieldSpec(key: name, label: label, rules: rules, hint: hint, defaultValue: defaultValue, isReadOnly: isReadOnly)
        return ImportedField(spec: spec, isNullable: nullable || emptyText)
    }

    /// `readOnly` (and json-editor's spelling, `readonly`), taken: whether
    /// it is true. A value that is not a boolean is refused.
    mutating func readOnly(_ read: inout PropertyKeywords) -> Bool {
        var isReadOnly = false
        for name in ["readOnly", "readonly"] {
            guard let keyword = read.take(name) else { continue }
            guard JSONSchemaScalars.isBoolean(keyword.value) else {
                refuse(keyword.key, keyword.pointer, name, "must be true or false")
                continue
            }
            if keyword.value.scalar?.string.lowercased() == "true" { isReadOnly = true }
        }
        return isReadOnly
    }

    /// An `anyOf` with a member that accepts anything (`{}` or `true`)
    /// accepts anything: vjsf's combobox, whose other members are values
    /// to suggest. It is dropped with a warning; nothing valid changes.
    mutating func dropOpenAnyOf(_ read: inout PropertyKeywords) {
        guard let keyword = read.peek("anyOf"), case .sequence(let members) = keyword.value else { return }
        let open = members.contains { member in
            if case .mapping(let mapping) = member { return mapping.isEmpty }
            return JSONSchemaScalars.isBoolean(member) && member.scalar?.string.lowercased() == "true"
        }
        guard open else { return }
        _ = read.take("anyOf")
        warn(keyword.key, keyword.pointer, "`anyOf` with a member that accepts any value accepts any value: its other members only suggest values, dropped")
    }

    /// rjsf's `enumNames`, the labels of an `enum`'s values in order, as
    /// the choices' labels.
    mutating func labelChoices(_ choices: inout [FieldChoice], with names: JSONSchemaImport.Keyword) {
        guard case .sequence(let items) = names.value, !choices.isEmpty else {
            refuse(names.key, names.pointer, "enumNames", "is taken only as an array of labels beside an `enum` of choices")
            return
        }
        let labels = items.compactMap { JSONSchemaImport.string($0) }
        guard labels.count == items.count, labels.count == choices.count else {
            refuse(names.key, names.pointer, "enumNames", "must give one label (a string) for each of the \(choices.count) choices")
            return
        }
        for (index, label) in labels.enumerated() where !label.isEmpty { choices[index].label = label }
    }

    /// The JSON Schema keyword for a form-file property, in messages.
    static func keywordName(of property: String) -> String {
        switch property {
        case "min": "minimum"
        case "above": "exclusiveMinimum"
        case "max": "maximum"
        case "below": "exclusiveMaximum"
        case "step": "multipleOf"
        case "min_selected": "minItems"
        case "max_selected": "maxItems"
        case "choices": "enum"
        default: property
        }
    }

    /// What each type takes, for the message refusing the rest.
    static func takes(_ type: FieldType) -> String {
        switch type {
        case .text, .longText: "a string takes minLength, maxLength, pattern and format (email, date, date-time, time)"
        case .integer, .decimal: "a number takes minimum, maximum, exclusiveMinimum, exclusiveMaximum and multipleOf"
        case .boolean: "a boolean takes no other keyword"
        case .selectOne: "a choice takes enum, const, or oneOf/anyOf of const with title"
        case .selectMultiple: "an array of choices takes items, uniqueItems, minItems and maxItems"
        case .date, .datetime: "a date takes format and the pattern formctl writes for its bounds"
        case .time: "a time takes format and the pattern formctl writes for its bounds"
        case .note: "a note (type null) takes title and description"
        }
    }

    mutating func refuseRest(_ read: PropertyKeywords, _ why: String) {
        for keyword in read.rest { refuse(keyword.key, keyword.pointer, keyword.name, why) }
    }

    /// What makes a property optional besides its `type`.
    enum OptionalKind { case null, emptyText }

    /// `anyOf` or `oneOf` of two schemas, one accepting only null (or
    /// only `""`, as the export writes an optional text field), the other
    /// a field's: the keywords with the other's in place of it. A choice
    /// (`{"const": "a"}`) as the other is left to the choices.
    mutating func optionalAlternative(in keywords: [JSONSchemaImport.Keyword]) -> ([JSONSchemaImport.Keyword], OptionalKind)? {
        var chain: [String] = []
        return optionalAlternative(in: keywords, following: [], chain: &chain)
    }

    /// `optionalAlternative(in:)`, the other schema's `$ref`s followed
    /// from `following` and added to `chain` (`keywords(_:_:following:chain:)`).
    mutating func optionalAlternative(in keywords: [JSONSchemaImport.Keyword], following: [String],
                                      chain: inout [String]) -> ([JSONSchemaImport.Keyword], OptionalKind)? {
        for (place, keyword) in keywords.enumerated() where keyword.name == "anyOf" || keyword.name == "oneOf" {
            guard case .sequence(let members) = keyword.value, members.count == 2 else { continue }
            for (index, member) in members.enumerated() {
                guard let kind = Self.emptyKind(member) else { continue }
                let other = members[1 - index]
                if case .mapping(let mapping) = other, JSONSchemaImport.member(mapping, "const") != nil { return nil }
                guard let alternative = self.keywords(other, keyword.pointer + "/\(1 - index)", following: following, chain: &chain) else { return nil }
                var result = keywords
                result.remove(at: place)
                return (result + alternative, kind)
            }
        }
        return nil
    }

    /// `{"type": "null"}`, `{"const": null}`, `{"enum": [null]}`: null;
    /// `{"const": ""}`: empty text.
    static func emptyKind(_ node: Yams.Node) -> OptionalKind? {
        guard case .mapping(let mapping) = node, mapping.count == 1, let (key, value) = mapping.first.map({ ($0.key, $0.value) }) else { return nil }
        switch JSONSchemaImport.string(key) ?? key.scalar?.string {
        case "type": return JSONSchemaImport.string(value) == "null" ? .null : nil
        case "const":
            if JSONSchemaScalars.kind(value) == .null { return .null }
            return JSONSchemaImport.string(value) == "" ? .emptyText : nil
        case "enum":
            guard case .sequence(let items) = value, items.count == 1, let only = items.first else { return nil }
            return JSONSchemaScalars.kind(only) == .null ? .null : nil
        default: return nil
        }
    }
}

/// A property's keywords by name, each taken once by what reads it; the
/// rest are refused.
struct PropertyKeywords {
    private var keywords: [JSONSchemaImport.Keyword]
    /// Keywords given a second time (through an `anyOf` with null).
    private(set) var duplicates: [JSONSchemaImport.Keyword] = []

    /// The first of each name is kept; a later annotation (`title`
    /// beside an `anyOf` whose member has its own) is dropped, any other
    /// later keyword is a duplicate.
    init(_ keywords: [JSONSchemaImport.Keyword]) {
        var seen: Set<String> = []
        self.keywords = []
        for keyword in keywords {
            if seen.insert(keyword.name).inserted {
                self.keywords.append(keyword)
            } else if !JSONSchemaImport.annotationKeywords.contains(keyword.name) {
                duplicates.append(keyword)
            }
        }
    }

    /// The keyword, taken: no longer among the rest.
    mutating func take(_ name: String) -> JSONSchemaImport.Keyword? {
        guard let index = keywords.firstIndex(where: { $0.name == name }) else { return nil }
        return keywords.remove(at: index)
    }

    /// The keyword, left among the rest.
    func peek(_ name: String) -> JSONSchemaImport.Keyword? { keywords.first { $0.name == name } }

    mutating func dropAll(_ names: Set<String>) { keywords.removeAll { names.contains($0.name) } }

    /// The keywords that `isTaken` picks, taken: no longer among the rest.
    mutating func takeAll(where isTaken: (JSONSchemaImport.Keyword) -> Bool) -> [JSONSchemaImport.Keyword] {
        let taken = keywords.filter(isTaken)
        keywords.removeAll(where: isTaken)
        return taken
    }

    /// What no reader took.
    var rest: [JSONSchemaImport.Keyword] { keywords }
}
