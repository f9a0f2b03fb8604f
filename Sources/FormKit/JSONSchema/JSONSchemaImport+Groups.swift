import FormModel
import FormStore
import Yams

/// The properties of an object as a form's items (DECISIONS, "Groups and
/// repeats", "JSON Schema, both ways"): a property that is an object with
/// `properties` is a group, an array whose `items` is such an object a
/// repeat, an array of a scalar type that is not a choice list a list;
/// every other property a field, one per row. The same reading applies
/// at the top, in a group and in a repeat's items, to a depth of
/// `FormGroup.maximumDepth`.
extension JSONSchemaImport.Reader {
    /// A property read as one item of the form.
    enum ImportedItem {
        case field(ImportedField)
        case group(GroupSpec)
    }

    /// The most properties one import reads, across every group: a `$ref`
    /// used in many places is read once per place, and a schema of a few
    /// lines could otherwise unfold into millions of fields.
    static let propertyBudget = 10_000

    /// The properties of one object (the form's top, a group, a repeat's
    /// items) as items, in the document's order. `pointer` is the
    /// `properties` keyword's; `required` the object's `required` names
    /// (checked against the properties here). `depth` is how many groups
    /// and repeats hold this object; `trail` the `$ref`s followed to reach
    /// it, so a schema that holds itself is refused as a cycle.
    mutating func items(properties: Yams.Node.Mapping, at pointer: String, required: [(name: String, node: Yams.Node)],
                        requiredPointer: String, depth: Int, trail: [String]) -> [FormItemSpec] {
        var items: [FormItemSpec] = []
        var declared: Set<String> = []
        let requiredNames = Set(required.map(\.name))
        let siblings = Set(properties.keys.compactMap { JSONSchemaImport.string($0) ?? $0.scalar?.string })
        for (nameNode, schema) in properties {
            guard let name = JSONSchemaImport.string(nameNode) ?? nameNode.scalar?.string else { continue }
            declared.insert(name)
            propertiesRead += 1
            if propertiesRead > Self.propertyBudget {
                if propertiesRead == Self.propertyBudget + 1 {
                    problem(nameNode, pointer + "/" + JSONSchemaImport.pointerToken(name),
                            "the schema declares more than \(Self.propertyBudget) properties (each `$ref` counted where it is used): too many for one form")
                }
                break
            }
            switch property(name, nameNode: nameNode, schema, at: pointer + "/" + JSONSchemaImport.pointerToken(name), depth: depth, trail: trail,
                            siblings: siblings) {
            case .field(let imported)?:
                var spec = imported.spec
                // A property that accepts null (or, for text, "") is
                // optional whatever `required` says: `required` asks for
                // the key only, and the form's values have every key.
                if requiredNames.contains(name) && !imported.isNullable { spec.rules.required = true }
                items.append(.row(RowSpec(width: JSONSchemaImport.rowWidth, fields: [spec])))
            case .group(let group)?:
                // A required object or array asks for the key only: a
                // form's values always have a group's object and a
                // repeat's array (docs/json-schema.md).
                items.append(.group(group))
            case nil:
                break
            }
        }
        var seen: Set<String> = []
        for (place, entry) in required.enumerated() {
            let here = "\(requiredPointer)/\(place)"
            if !declared.contains(entry.name) {
                problem(entry.node, here, "`required` names \"\(entry.name)\", which is not among the properties: a form cannot require a key it has no field for")
            } else if !seen.insert(entry.name).inserted {
                problem(entry.node, here, "`required` names \"\(entry.name)\" twice")
            }
        }
        return items
    }

    /// One property as a field, a group, a repeat or a list; nil (with
    /// problems) when it cannot be one.
    mutating func property(_ name: String, nameNode: Yams.Node, _ schema: Yams.Node, at pointer: String, depth: Int,
                           trail: [String], siblings: Set<String> = []) -> ImportedItem? {
        guard case .mapping = schema else {
            return field(name, nameNode: nameNode, schema, pointer: pointer).map(ImportedItem.field)
        }
        var chain: [String] = []
        guard let keywords = keywords(schema, pointer, following: trail, chain: &chain) else { return nil }
        // An optional object or array (`anyOf` with null) is read as the
        // object or array: the form's values always hold one.
        var shapeKeywords = keywords
        if let (alternative, kind) = optionalAlternative(in: keywords, following: trail, chain: &chain), kind == .null {
            shapeKeywords = alternative
        }
        let inner = trail + chain
        switch Self.shape(of: shapeKeywords) {
        case .object:
            return group(name, nameNode: nameNode, shapeKeywords, at: pointer, depth: depth, trail: inner).map(ImportedItem.group)
        case .array(let items):
            guard case .mapping = items.value else { break }
            var itemChain: [String] = []
            guard let itemKeywords = self.keywords(items.value, items.pointer, following: inner, chain: &itemChain) else { return nil }
            let read = PropertyKeywords(itemKeywords)
            if read.peek("enum") != nil || read.peek("const") != nil || choiceAlternatives(read) != nil {
                // Choices with `uniqueItems: true` stay one `select_multiple`
                // field, as before; without it a choice may be given twice,
                // which a list of `select_one` holds.
                if Self.isUniqueItems(shapeKeywords) { break }
                return list(name, nameNode: nameNode, shapeKeywords, items: items, at: pointer, depth: depth,
                            fieldKey: Self.listFieldKey(siblings: siblings)).map(ImportedItem.group)
            }
            switch Self.shape(of: itemKeywords) {
            case .object:
                return repeatGroup(name, nameNode: nameNode, shapeKeywords, items: itemKeywords, at: pointer, depth: depth,
                                   trail: inner + itemChain).map(ImportedItem.group)
            case .scalar:
                return list(name, nameNode: nameNode, shapeKeywords, items: items, at: pointer, depth: depth,
                            fieldKey: Self.listFieldKey(siblings: siblings)).map(ImportedItem.group)
            case .array, .other:
                break
            }
        case .scalar, .other:
            break
        }
        return field(name, nameNode: nameNode, schema, pointer: pointer, keywords: keywords).map(ImportedItem.field)
    }

    /// Whether the keywords hold `"uniqueItems": true`.
    static func isUniqueItems(_ keywords: [JSONSchemaImport.Keyword]) -> Bool {
        guard let keyword = keywords.first(where: { $0.name == "uniqueItems" }) else { return false }
        return JSONSchemaScalars.isBoolean(keyword.value) && keyword.value.scalar?.string.lowercased() == "true"
    }

    /// What a schema's keywords describe, by its one type besides null.
    enum Shape {
        /// `"type": "object"`, or `properties` without a type.
        case object
        /// `"type": "array"` with `items` (a schema, not a list of them).
        case array(items: JSONSchemaImport.Keyword)
        /// One of string, integer, number or boolean.
        case scalar
        case other
    }

    static func shape(of keywords: [JSONSchemaImport.Keyword]) -> Shape {
        var names: [String] = []
        if let type = keywords.first(where: { $0.name == "type" }) {
            switch type.value {
            case .sequence(let list):
                for item in list {
                    guard let text = JSONSchemaImport.string(item) else { return .other }
                    if text != "null" && !names.contains(text) { names.append(text) }
                }
            default:
                guard let text = JSONSchemaImport.string(type.value) else { return .other }
                if text != "null" { names.append(text) }
            }
            guard names.count == 1 else { return .other }
        } else if keywords.contains(where: { $0.name == "properties" }),
                  !keywords.contains(where: { ["enum", "const", "oneOf", "anyOf"].contains($0.name) }) {
            return .object
        }
        switch names.first {
        case "object": return .object
        case "array":
            guard let items = keywords.first(where: { $0.name == "items" }) else { return .other }
            return .array(items: items)
        case "string", "integer", "number", "boolean": return .scalar
        default: return .other
        }
    }

    /// An object's own keywords read (a group's, or a repeat's items'):
    /// its `title` and `description` and its properties as items. `what`
    /// names it in problems. Nil (with problems) when it has none.
    mutating func objectBody(_ read: inout PropertyKeywords, what: String, owner: (node: Yams.Node, pointer: String), depth: Int,
                             trail: [String]) -> (title: String?, description: String?, items: [FormItemSpec])? {
        let before = problems.count
        dropDrawingHints(&read)
        for duplicate in read.duplicates {
            refuse(duplicate.key, duplicate.pointer, duplicate.name, "is given twice (through `anyOf` or `oneOf` with null): formctl reads one")
        }
        _ = read.take("type")
        let title = text(&read, "title")
        let description = text(&read, "description")
        // A read-only object's value cannot change: each of its fields is read-only.
        let isReadOnly = readOnly(&read)
        for name in ["additionalProperties", "unevaluatedProperties"] {
            guard let keyword = read.take(name) else { continue }
            if !JSONSchemaScalars.isBoolean(keyword.value) {
                refuse(keyword.key, keyword.pointer, name, "is accepted only as true or false: a form cannot declare a schema for other keys")
            }
        }
        var required: [(name: String, node: Yams.Node)] = []
        let requiredKeyword = read.take("required")
        if let keyword = requiredKeyword {
            if case .sequence(let names) = keyword.value {
                for (place, name) in names.enumerated() {
                    if let text = JSONSchemaImport.string(name) {
                        required.append((text, name))
                    } else {
                        problem(name, "\(keyword.pointer)/\(place)", "`required` lists property names (strings)")
                    }
                }
            } else {
                refuse(keyword.key, keyword.pointer, "required", "must be an array of property names")
            }
        }
        let propertiesKeyword = read.take("properties")
        // `default` of an object gives its fields' defaults, which they
        // may give themselves; it changes no verdict.
        read.dropAll(Self.annotations.union(["default"]))
        refuseRest(read, "cannot be represented in \(what): a nested object takes properties, required, title and description")
        guard let propertiesKeyword else {
            problem(owner.node, owner.pointer,
                    "\(what) without `properties` holds any keys: a nested object cannot be one field, and a group holds the properties it names")
            return nil
        }
        guard case .mapping(let properties) = propertiesKeyword.value else {
            refuse(propertiesKeyword.key, propertiesKeyword.pointer, "properties", "must be an object")
            return nil
        }
        if depth >= FormGroup.maximumDepth {
            refuse(propertiesKeyword.key, propertiesKeyword.pointer, "properties",
                   "of \(what) \(depth + 1) deep cannot be imported: groups and repeats nest at most \(FormGroup.maximumDepth) deep")
            return nil
        }
        var items = items(properties: properties, at: propertiesKeyword.pointer, required: required,
                          requiredPointer: requiredKeyword?.pointer ?? owner.pointer + "/required", depth: depth + 1, trail: trail)
        guard problems.count == before else { return nil }
        if isReadOnly { Self.makeReadOnly(&items) }
        return (title, description, items)
    }

    /// Every field among `items`, in groups, repeats and lists too, made read-only.
    static func makeReadOnly(_ items: inout [FormItemSpec]) {
        for index in items.indices {
            switch items[index] {
            case .row(var row):
                for field in row.fields.indices { row.fields[field].isReadOnly = true }
                items[index] = .row(row)
            case .group(var group):
                makeReadOnly(&group.items)
                group.listField?.isReadOnly = true
                items[index] = .group(group)
            }
        }
    }

    /// A nested object as a group: its `title` and `description` (as the
    /// hint) and its properties.
    mutating func group(_ name: String, nameNode: Yams.Node, _ keywords: [JSONSchemaImport.Keyword], at pointer: String, depth: Int,
                        trail: [String]) -> GroupSpec? {
        guard checkGroupKey(name, nameNode: nameNode, pointer: pointer) else { return nil }
        var read = PropertyKeywords(keywords)
        guard let body = objectBody(&read, what: "a group (a nested object)", owner: (nameNode, pointer), depth: depth, trail: trail) else {
            return nil
        }
        return GroupSpec(key: name, title: body.title, hint: body.description, items: body.items)
    }

    /// An array of objects as a repeat: the array's `title`, `description`,
    /// `minItems`, `maxItems` and `uniqueItems`, and its items' properties.
    /// The items' `title` is each instance's (`Child {index}`).
    mutating func repeatGroup(_ name: String, nameNode: Yams.Node, _ keywords: [JSONSchemaImport.Keyword],
                              items itemKeywords: [JSONSchemaImport.Keyword], at pointer: String, depth: Int, trail: [String]) -> GroupSpec? {
        guard checkGroupKey(name, nameNode: nameNode, pointer: pointer) else { return nil }
        let before = problems.count
        var read = PropertyKeywords(keywords)
        var group = GroupSpec(key: name, isRepeat: true)
        arrayOwnKeywords(&read, into: &group, what: "a repeat (an array of objects)")
        let itemsKeyword = read.take("items")
        var itemRead = PropertyKeywords(itemKeywords)
        guard let body = objectBody(&itemRead, what: "a repeat's items", owner: (nameNode, itemsKeyword?.pointer ?? pointer), depth: depth,
                                    trail: trail) else { return nil }
        // "Child" as each instance's title reads "Child 1", "Child 2": the
        // template with the number after it. A title with braces would be
        // read as a template's names, so it is left out.
        if let title = body.title, !title.contains("{"), !title.contains("}") { group.itemTitle = title + " {index}" }
        group.items = body.items
        guard problems.count == before else { return nil }
        return group
    }

    /// The key of a list's field: JSON Schema has no name for an array's
    /// items, and the key names nothing (a list's values are named by the
    /// list's path, `nicknames.2`), but a form file declares it beside
    /// the list's siblings, so it must be none of theirs.
    static func listFieldKey(siblings: Set<String>) -> String {
        for key in ["value", "item"] where !siblings.contains(key) { return key }
        return (2...).lazy.map { "value\($0)" }.first { !siblings.contains($0) } ?? "value"
    }

    /// An array of a scalar type (not a choice list) as a list: the
    /// array's own keywords as a repeat's, its items read as a field
    /// keyed `fieldKey`.
    mutating func list(_ name: String, nameNode: Yams.Node, _ keywords: [JSONSchemaImport.Keyword], items: JSONSchemaImport.Keyword,
                       at pointer: String, depth: Int, fieldKey: String) -> GroupSpec? {
        guard checkGroupKey(name, nameNode: nameNode, pointer: pointer) else { return nil }
        let before = problems.count
        if depth >= FormGroup.maximumDepth {
            refuse(items.key, items.pointer, "items",
                   "of a list \(depth + 1) deep cannot be imported: groups and repeats nest at most \(FormGroup.maximumDepth) deep")
            return nil
        }
        var read = PropertyKeywords(keywords)
        var group = GroupSpec(key: name, isRepeat: true)
        arrayOwnKeywords(&read, into: &group, what: "a list (an array of values)")
        _ = read.take("items")
        guard let imported = field(name, nameNode: nameNode, items.value, pointer: items.pointer) else { return nil }
        var spec = imported.spec
        spec.key = fieldKey
        if spec.label == name { spec.label = fieldKey }
        // Each value is there (an array has no holes): a number, a boolean
        // or a date is never empty unless null is allowed; a text is
        // non-empty only when `minLength` says so.
        spec.rules.required = !imported.isNullable && (!spec.rules.type.isText || (spec.rules.minLength ?? 0) >= 1)
        group.listField = spec
        guard problems.count == before else { return nil }
        return group
    }

    /// An array's own keywords, as a repeat's or a list's: `title`,
    /// `description`, `minItems`, `maxItems`, `uniqueItems`; the rest but
    /// `items` refused.
    mutating func arrayOwnKeywords(_ read: inout PropertyKeywords, into group: inout GroupSpec, what: String) {
        dropDrawingHints(&read)
        for duplicate in read.duplicates {
            refuse(duplicate.key, duplicate.pointer, duplicate.name, "is given twice (through `anyOf` or `oneOf` with null): formctl reads one")
        }
        _ = read.take("type")
        group.title = text(&read, "title")
        group.hint = text(&read, "description")
        for name in ["readOnly", "readonly"] {
            guard let readOnly = read.take(name), !(JSONSchemaScalars.isBoolean(readOnly.value) && readOnly.value.scalar?.string.lowercased() == "false") else { continue }
            refuse(readOnly.key, readOnly.pointer, name,
                   "cannot be imported on \(what): its instances are added and removed as the form is filled in (formctl reads `readOnly` on a field or an object)")
        }
        let most = RepeatRules.maximumCount
        var fewest: JSONSchemaImport.Keyword?
        if let keyword = read.take("minItems") {
            if let count = JSONSchemaImport.count(keyword.value), count <= most {
                group.minCount = count
                fewest = keyword
            } else {
                refuse(keyword.key, keyword.pointer, "minItems", "must be a whole number from 0 to \(most): a repeat holds at most \(most) instances")
            }
        }
        if let keyword = read.take("maxItems") {
            if let count = JSONSchemaImport.count(keyword.value), count >= 1 {
                // Past 10,000 says nothing more: no form holds more instances.
                group.maxCount = count > most ? nil : count
            } else {
                refuse(keyword.key, keyword.pointer, "maxItems", "must be a whole number of at least 1: \(what) that is always empty holds nothing")
            }
        }
        if let fewest, let maximum = group.maxCount, group.minCount > maximum {
            problem(fewest.key, fewest.pointer, "minItems \(group.minCount) is above maxItems \(maximum): no number of instances could pass")
        }
        if let keyword = read.take("uniqueItems") {
            if JSONSchemaScalars.isBoolean(keyword.value) {
                group.unique = keyword.value.scalar?.string.lowercased() == "true"
            } else {
                refuse(keyword.key, keyword.pointer, "uniqueItems", "must be true or false")
            }
        }
        read.dropAll(Self.annotations.union(["default"]))
        let rest = read.rest.filter { $0.name != "items" }
        for keyword in rest {
            refuse(keyword.key, keyword.pointer, keyword.name,
                   "cannot be represented in \(what): an array takes items, minItems, maxItems, uniqueItems, title and description")
        }
        read.dropAll(Set(rest.map(\.name)))
    }

    /// A text keyword taken (`title`, `description`): nil when empty or
    /// not a string (refused).
    mutating func text(_ read: inout PropertyKeywords, _ name: String) -> String? {
        guard let keyword = read.take(name) else { return nil }
        guard let text = JSONSchemaImport.string(keyword.value) else {
            refuse(keyword.key, keyword.pointer, name, "must be a string")
            return nil
        }
        return text.isEmpty ? nil : text
    }

    /// Whether `name` can be a group's or repeat's key (a problem if not).
    mutating func checkGroupKey(_ name: String, nameNode: Yams.Node, pointer: String) -> Bool {
        do {
            try FieldInput.checkKey(name, kind: "group")
            return true
        } catch {
            problem(nameNode, pointer, "property \"\(name)\" cannot be a field key (nor a group's): a key is 1 to 64 ASCII letters, digits, '_' or '-', starting with a letter")
            return false
        }
    }
}
