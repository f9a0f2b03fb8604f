import FormModel
import Yams

/// Which type a property is, and the keywords of each type (DECISIONS,
/// "JSON Schema import"): numbers read exactly from their literal text,
/// choices from `enum`, `const` or `oneOf`/`anyOf` of `const` with
/// `title`, arrays of choices, dates and date-times by `format`, a time
/// by the pattern the export writes, and `default` as a value of the type.
extension JSONSchemaImport.Reader {
    /// The field's type and whether its `type` (or its choices) accept
    /// null; nil (with problems) when it has none formctl holds.
    mutating func fieldType(_ read: inout PropertyKeywords, name: String, nameNode: Yams.Node, pointer: String) -> (FieldType, Bool)? {
        var names: [String] = []
        var nullable = false
        let typeKeyword = read.take("type")
        if let keyword = typeKeyword {
            let items: [Yams.Node]
            switch keyword.value {
            case .sequence(let list): items = Array(list)
            default: items = [keyword.value]
            }
            for item in items {
                guard let text = JSONSchemaImport.string(item) else {
                    refuse(keyword.key, keyword.pointer, "type", "must be a type name or a list of them")
                    return nil
                }
                if text == "null" { nullable = true } else if !names.contains(text) { names.append(text) }
            }
            if names.count > 1 {
                refuse(keyword.key, keyword.pointer, "type", "gives \(names.count) types (\(names.joined(separator: ", "))): a field holds one type (with \"null\" for an optional one)")
                return nil
            }
            if names.isEmpty {
                // Text shown in the form, holding no value (rjsf's "null field").
                return (.note, true)
            }
        }
        let given = names.first
        if read.peek("enum") != nil || read.peek("const") != nil || choiceAlternatives(read) != nil {
            // Numbers to choose from: an integer or decimal field with
            // choices (`"type": "integer", "enum": [1, 2, 3]`), the type
            // told or, without one, every choice a number.
            let values = choiceNodes(read)
            // `true` and `false` with labels (rjsf's `oneOf` of `const`s
            // with `title`) accept every boolean: a `boolean` field.
            if given == "boolean", values.allSatisfy(JSONSchemaScalars.isBoolean),
               Set(values.compactMap { $0.scalar?.string.lowercased() }) == ["true", "false"] {
                return (.boolean, nullable || choicesAcceptNull(read))
            }
            let numbers = values.compactMap(Self.number)
            if given == "integer" || given == "number" || (given == nil && !values.isEmpty && numbers.count == values.count) {
                let whole = given == "integer" || (given == nil && numbers.allSatisfy { FieldType.integer.canonicalValue(of: $0).canonicalText != nil })
                return (whole ? .integer : .decimal, nullable || choicesAcceptNull(read))
            }
            if let keyword = typeKeyword, given != "string" {
                refuse(keyword.key, keyword.pointer, "type",
                       "must be \"string\" with choices: a choice's value is a string (enums that are not all strings cannot be a field)")
                return nil
            }
            return (.selectOne, nullable || choicesAcceptNull(read))
        }
        switch given {
        case "string":
            if let format = read.peek("format").flatMap({ JSONSchemaImport.string($0.value) }) {
                if format == "date" { return (.date, nullable) }
                if format == "date-time" { return (.datetime, nullable) }
                // JSON Schema's `time` has an offset (RFC 3339); the form
                // tools that publish schemas use it for a wall-clock time,
                // which is formctl's `time` (docs/json-schema.md).
                if format == "time" { return (.time, nullable) }
            } else if read.peek("minLength") == nil, read.peek("maxLength") == nil,
                      let pattern = read.peek("pattern").flatMap({ JSONSchemaImport.string($0.value) }) {
                // The patterns the export writes for a time and a datetime.
                for type in [FieldType.time, .datetime] where CalendarPatterns.bounds(of: pattern, type: type) != nil {
                    return (type, nullable)
                }
            }
            return (.text, nullable)
        case "integer": return (.integer, nullable)
        case "number": return (.decimal, nullable)
        case "boolean": return (.boolean, nullable)
        case "array": return (.selectMultiple, nullable)
        case "object":
            if let keyword = typeKeyword {
                refuse(keyword.key, keyword.pointer, "type", "\"object\": a nested object cannot be one field (a form's values are one flat object)")
            }
            return nil
        case nil where read.rest.allSatisfy({ ["title", "description"].contains($0.name) || Self.annotations.contains($0.name) })
                        && read.rest.contains(where: { ["title", "description"].contains($0.name) }):
            // Only a title or a description: text shown in the form.
            return (.note, true)
        case nil:
            problem(nameNode, pointer, "property \"\(name)\" has no \"type\" (nor `enum` or `const` of strings): a field holds one type of value")
            return nil
        case let other?:
            if let keyword = typeKeyword { refuse(keyword.key, keyword.pointer, "type", "\"\(other)\" is not a JSON Schema type") }
            return nil
        }
    }

    /// The keywords of `type` into `rules`.
    /// `owner` (the property's name node and pointer) places a problem
    /// about a keyword that is missing.
    mutating func typedKeywords(_ read: inout PropertyKeywords, rules: inout FieldRules, type: FieldType, owner: (Yams.Node, String)) {
        switch type {
        case .text, .longText:
            textKeywords(&read, rules: &rules)
        case .integer, .decimal:
            numberKeywords(&read, rules: &rules)
            if read.peek("enum") != nil || read.peek("const") != nil || choiceAlternatives(read) != nil {
                rules.choices = choices(&read, numbers: type) ?? []
            }
        case .note:
            break
        case .boolean:
            // Both values as choices (`fieldType`): the labels are how
            // another tool draws yes and no.
            for name in ["enum", "oneOf", "anyOf"] {
                guard let keyword = read.peek(name), name == "enum" || choiceAlternatives(read)?.name == name else { continue }
                _ = read.take(name)
                warn(keyword.key, keyword.pointer, "`\(name)` of true and false accepts every boolean: a `boolean` field, its labels dropped")
            }
        case .selectOne:
            rules.choices = choices(&read) ?? []
        case .selectMultiple:
            arrayKeywords(&read, rules: &rules, owner: owner)
        case .date, .datetime, .time:
            _ = read.take("format")
            guard let keyword = read.take("pattern") else { break }
            guard let pattern = JSONSchemaImport.string(keyword.value), let bounds = CalendarPatterns.bounds(of: pattern, type: type) else {
                refuse(keyword.key, keyword.pointer, "pattern",
                       "on a `\(type.rawValue)` field is taken only as the pattern formctl writes for it (export --format json-schema): the format says what a \(type.rawValue) is")
                break
            }
            rules.lowerBound = bounds.lower
            rules.upperBound = bounds.upper
        }
    }

    /// `minLength`, `maxLength`, `pattern` and `format: email`.
    mutating func textKeywords(_ read: inout PropertyKeywords, rules: inout FieldRules) {
        var minimum: JSONSchemaImport.Keyword?
        for name in ["minLength", "maxLength"] {
            guard let keyword = read.take(name) else { continue }
            guard let bound = JSONSchemaImport.count(keyword.value) else {
                refuse(keyword.key, keyword.pointer, name, "must be a non-negative integer")
                continue
            }
            if name == "minLength" {
                rules.minLength = bound
                minimum = keyword
            } else {
                rules.maxLength = bound
            }
        }
        if let min = rules.minLength, let max = rules.maxLength, min > max, let minimum {
            problem(minimum.key, minimum.pointer, "minLength \(min) is above maxLength \(max): no value could pass")
        }
        if let keyword = read.take("pattern") {
            if let source = JSONSchemaImport.string(keyword.value) {
                do {
                    let translated = try ECMAPatternImport.pcre2(from: source)
                    if let error = RulePattern.compileError(in: translated) {
                        refuse(keyword.key, keyword.pointer, "pattern", "/\(source)/ does not compile as PCRE2 once translated (\(translated)): \(error)")
                    } else {
                        rules.pattern = translated
                    }
                } catch {
                    refuse(keyword.key, keyword.pointer, "pattern", "/\(source)/ cannot be imported with the same meaning: \(error)")
                }
            } else {
                refuse(keyword.key, keyword.pointer, "pattern", "must be a string")
            }
        }
        if let keyword = read.take("format") {
            switch JSONSchemaImport.string(keyword.value) {
            case "email": rules.email = true
            default:
                refuse(keyword.key, keyword.pointer, "format", "is accepted only as \"email\", \"date\", \"date-time\" and \"time\"")
            }
        }
    }

    /// `minimum`/`exclusiveMinimum`, `maximum`/`exclusiveMaximum` and
    /// `multipleOf`, exactly; an integer's bounds and step as the whole
    /// numbers they allow (`minimum: 1.5` is `min: 2`; `multipleOf: 1.5`
    /// is `step: 3`).
    mutating func numberKeywords(_ read: inout PropertyKeywords, rules: inout FieldRules) {
        let integer = rules.type == .integer
        var numbers: [String: (keyword: JSONSchemaImport.Keyword, value: JSONSchemaNumber)] = [:]
        for name in ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"] {
            guard let keyword = read.take(name) else { continue }
            if let value = number(keyword) { numbers[name] = (keyword, value) }
        }
        // A bound as an integer field holds it: inclusive, unless it is
        // exclusive and whole (kept as written, for the round trip).
        func integral(_ value: JSONSchemaNumber, inclusive: Bool, lower: Bool) -> (value: JSONSchemaNumber, inclusive: Bool) {
            guard integer, !value.isWhole else { return (value, inclusive) }
            return (lower ? value.ceiling : value.floor, true)
        }
        for (inclusiveName, exclusiveName, lower) in [("minimum", "exclusiveMinimum", true), ("maximum", "exclusiveMaximum", false)] {
            let inclusive = numbers[inclusiveName].map { integral($0.value, inclusive: true, lower: lower) }
            let exclusive = numbers[exclusiveName].map { integral($0.value, inclusive: false, lower: lower) }
            var chosen: (value: JSONSchemaNumber, inclusive: Bool, keyword: JSONSchemaImport.Keyword)?
            if let inclusive, let keyword = numbers[inclusiveName]?.keyword { chosen = (inclusive.value, inclusive.inclusive, keyword) }
            if let exclusive, let keyword = numbers[exclusiveName]?.keyword {
                // Both: the tighter one holds.
                let tighter = chosen.map { current in
                    lower ? exclusive.value.scaled >= current.value.scaled : exclusive.value.scaled <= current.value.scaled
                } ?? true
                if tighter { chosen = (exclusive.value, exclusive.inclusive, keyword) }
            }
            guard let chosen else { continue }
            let text = chosen.value.text
            if integer && FieldType.integer.canonicalValue(of: text).canonicalText != text {
                refuse(chosen.keyword.key, chosen.keyword.pointer, chosen.keyword.name,
                       "\(text) is outside the whole numbers formctl holds (±9007199254740991)")
                continue
            }
            let bound = ValueBound(text, inclusive: chosen.inclusive)
            if lower { rules.lowerBound = bound } else { rules.upperBound = bound }
        }
        if let (keyword, step) = numbers["multipleOf"] {
            guard step.scaled > 0 else {
                refuse(keyword.key, keyword.pointer, "multipleOf", "must be above 0")
                return
            }
            if integer {
                guard let whole = step.wholeStep else {
                    refuse(keyword.key, keyword.pointer, "multipleOf",
                           "\(step.text): its whole multiples are past the whole numbers formctl holds (±9007199254740991)")
                    return
                }
                rules.step = whole.text
            } else {
                rules.step = step.text
            }
        }
    }

    /// A JSON number read exactly; nil (with a problem) otherwise.
    mutating func number(_ keyword: JSONSchemaImport.Keyword) -> JSONSchemaNumber? {
        guard case .scalar(let scalar) = keyword.value, [.integer, .number].contains(JSONSchemaScalars.kind(keyword.value)) else {
            refuse(keyword.key, keyword.pointer, keyword.name, "must be a number")
            return nil
        }
        do {
            return try JSONSchemaNumber(literal: scalar.string)
        } catch .notJSON {
            refuse(keyword.key, keyword.pointer, keyword.name, "\(scalar.string) is not a JSON number")
        } catch {
            refuse(keyword.key, keyword.pointer, keyword.name,
                   "\(scalar.string) is outside what a `decimal` holds exactly: at most 15 digits before the point and 15 after")
        }
        return nil
    }

    /// `items` (choices), `uniqueItems: true`, `minItems`, `maxItems`.
    mutating func arrayKeywords(_ read: inout PropertyKeywords, rules: inout FieldRules, owner: (Yams.Node, String)) {
        let items = read.peek("items")
        if let keyword = read.take("items") {
            if let itemKeywords = keywords(keyword.value, keyword.pointer) {
                var items = PropertyKeywords(itemKeywords)
                if let type = items.take("type"), JSONSchemaImport.string(type.value) != "string" {
                    let what = JSONSchemaImport.string(type.value) == "object" ? "arrays of objects" : "arrays of anything but choices"
                    refuse(type.key, type.pointer, "type", "of items must be \"string\" with choices: \(what) cannot be one field")
                } else {
                    items.dropAll(Self.annotations.union(["title", "description"]))
                    dropDrawingHints(&items)
                    if let choices = choices(&items) { rules.choices = choices }
                    if let names = items.take("enumNames") { labelChoices(&rules.choices, with: names) }
                    refuseRest(items, "cannot be represented in the items of a `select_multiple` field: its items take enum, const, or oneOf/anyOf of const with title")
                }
            }
        } else {
            problem(owner.0, owner.1, "an array is a field only with `items` of choices (enum, or oneOf of const with title)")
        }
        if let keyword = read.take("uniqueItems") {
            if !(JSONSchemaScalars.isBoolean(keyword.value) && keyword.value.scalar?.string.lowercased() == "true") {
                refuse(keyword.key, keyword.pointer, "uniqueItems", "must be true: a `select_multiple` holds each choice at most once")
            }
        } else if items != nil {
            problem(owner.0, owner.1 + "/uniqueItems",
                    "an array of choices needs \"uniqueItems\": true: without it a choice may be given twice, which a `select_multiple` cannot hold")
        }
        for name in ["minItems", "maxItems"] {
            guard let keyword = read.take(name) else { continue }
            guard let count = JSONSchemaImport.count(keyword.value) else {
                refuse(keyword.key, keyword.pointer, name, "must be a non-negative integer")
                continue
            }
            if name == "minItems" { rules.minSelected = count } else { rules.maxSelected = count }
        }
    }
}
