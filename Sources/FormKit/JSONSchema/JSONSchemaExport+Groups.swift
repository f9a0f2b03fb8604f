import FormText
import FormModel

/// Groups, repeats and lists as JSON Schema (DECISIONS, "JSON Schema, both
/// ways"), the shapes the values JSON has: a group is an object of its
/// fields (`"type": "object"`, its own `properties` and `required`), a
/// repeat an array of such objects (`minItems`, `maxItems`, `uniqueItems`),
/// a list an array of its field's values.
///
/// Conditions are written in the object they read: the top's fields'
/// in the top's `allOf`, an instance's in the repeat's `items`. A name is
/// resolved as `FormExpansion` resolves it (from the condition's group
/// outwards), and a condition that reads a field in another object than
/// the one it is written in (a field of an instance reading a field
/// outside its repeat, or a repeat's condition reading inside it) cannot
/// be said in JSON Schema, which has no way to look up from an array's
/// item: the export is refused, naming the field or group, as for any
/// other condition it cannot write.
extension JSONSchemaExport {
    /// `schema` at `path` (`a.b`) of an object: `{"properties": {"a":
    /// {"properties": {"b": schema}}}}`, each key `required` too when
    /// `required` (so an `if` does not hold for a missing key).
    static func at(_ path: String, _ schema: JSONTree, required: Bool) -> JSONTree {
        var result = schema
        for segment in FieldPath.segments(of: path).reversed() {
            let key = String(segment)
            var keywords: [(String, JSONTree)] = [("properties", .object([(key, result)]))]
            if required { keywords.append(("required", .array([.string(key)]))) }
            result = .object(keywords)
        }
        return result
    }

    /// The title of a repeat's items that `itemTitle` is ("Child" for
    /// `Child {index}`), or nil when it is another template.
    static func itemsTitle(_ itemTitle: String?) -> String? {
        let suffix = " {index}"
        guard let itemTitle, itemTitle.hasSuffix(suffix) else { return nil }
        let title = String(itemTitle.dropLast(suffix.count))
        return title.isEmpty || title.contains("{") || title.contains("}") ? nil : title
    }

    /// Writes the objects of a form, the top's and each repeat's items.
    struct ObjectWriter {
        let source: String
        /// Every field's declared path, for conditions' names. A list's
        /// values are named by instance (`nicknames.2`), never by the
        /// list's path, so lists are not among them.
        let keys: Set<String>
        /// The object each field is in: its innermost repeat's path, "" at the top.
        let levels: [String: String]
        private(set) var problems: [FileProblem] = []
        private(set) var definitions: [(String, JSONTree)] = []

        init(spec: FormSpec, source: String) {
            self.source = source
            var levels: [String: String] = [:]
            let lists = Set(spec.declaredGroups.filter { $0.group.listField != nil }.map(\.path))
            for field in spec.declaredFields where !lists.contains(field.path) {
                levels[field.path] = field.repeats.last ?? ""
            }
            self.levels = levels
            keys = Set(levels.keys)
        }

        /// One object's keywords: `properties`, `required` (its fields),
        /// `additionalProperties: false`, and the `allOf` of its
        /// conditions. `level` is its repeat's path ("" at the top),
        /// `pointer` its place in the schema.
        mutating func object(_ items: [FormItemSpec], level: String, pointer: String) -> [(String, JSONTree)] {
            var fields: [FieldSpec] = []
            var places: [String: String] = [:]
            collect(items, container: level, level: level, pointer: pointer, into: &fields, places: &places)
            var visibility = Visibility(fields, prefix: level.isEmpty ? "" : level + ".")
            for (key, error) in visibility.problems {
                let path = FieldPath.join(level, key)
                problems.append(FileProblem(file: source, pointer: places[key], message: "field \(path): \(error)"))
            }
            var conditional: [JSONTree] = []
            let (properties, required) = members(items, container: level, level: level, pointer: pointer, gates: [],
                                                 visibility: &visibility, conditional: &conditional)
            definitions += visibility.definitions
            var keywords: [(String, JSONTree)] = [
                ("type", .string("object")),
                ("properties", .object(properties)),
                ("required", .array(required.map { .string($0) })),
                ("additionalProperties", .boolean(false)),
            ]
            if !conditional.isEmpty { keywords.append(("allOf", .array(conditional))) }
            return keywords
        }

        /// The fields of one object, keyed by their path in it, with
        /// their conditions' names so resolved.
        private mutating func collect(_ items: [FormItemSpec], container: String, level: String, pointer: String,
                                      into fields: inout [FieldSpec], places: inout [String: String]) {
            for item in items {
                switch item {
                case .row(let row):
                    for field in row.fields {
                        let path = FieldPath.join(container, field.key)
                        let key = relative(path, to: level)
                        var spec = field
                        spec.key = key
                        let place = pointer + "/properties/" + JSONSchemaImport.pointerToken(field.key)
                        places[key] = place
                        if let condition = field.showIf {
                            spec.showIf = resolve(condition, scope: container.isEmpty ? nil : container, level: level, excluding: nil,
                                                  owner: "field \(path)", pointer: place)
                            // Not said: never shown, never checked; the
                            // export is refused anyway.
                            if spec.showIf == nil { spec.isHidden = true }
                        }
                        fields.append(spec)
                    }
                case .group(let group) where !group.isRepeat:
                    let path = FieldPath.join(container, group.key)
                    collect(group.items, container: path, level: level,
                            pointer: pointer + "/properties/" + JSONSchemaImport.pointerToken(group.key), into: &fields, places: &places)
                case .group:
                    break
                }
            }
        }

        /// Each item's property, and the keys `required` lists (the
        /// fields'; a group's object and a repeat's array are always in
        /// the values, and `required` of them would say nothing more).
        private mutating func members(_ items: [FormItemSpec], container: String, level: String, pointer: String, gates: [Formula],
                                      visibility: inout Visibility, conditional: inout [JSONTree])
            -> (properties: [(String, JSONTree)], required: [String]) {
            var properties: [(String, JSONTree)] = []
            var required: [String] = []
            for item in items {
                switch item {
                case .row(let row):
                    for field in row.fields {
                        if field.rules.type == .note {
                            // Text that holds no value: not among the
                            // values, so not required; `null` says it holds none.
                            properties.append((field.key, .object([("type", .string("null")), ("title", .string(field.label))]
                                + JSONSchemaExport.annotations(field))))
                            continue
                        }
                        let path = FieldPath.join(container, field.key)
                        let key = relative(path, to: level)
                        let place = pointer + "/properties/" + JSONSchemaImport.pointerToken(field.key)
                        let shown = Formula.all([visibility.shown[key] ?? .constant(false)] + gates)
                        var property: [(String, JSONTree)] = field.rules.type.isText ? [("type", .string("string"))] : []
                        property.append(("title", .string(field.label)))
                        property += JSONSchemaExport.annotations(field)
                        do throws(PatternTranslationError) {
                            switch shown {
                            case .constant(false):
                                break
                            case .constant(true):
                                let check = try checked(field)
                                // `type` first, as for a text field.
                                property = check.filter { $0.0 == "type" } + property + check.filter { $0.0 != "type" }
                            case .schema(let condition):
                                let check = try checked(field)
                                conditional.append(.object([("if", condition), ("then", at(key, .object(check), required: false))]))
                            }
                        } catch {
                            problems.append(FileProblem(file: source, pointer: place, message: "field \(path): \(error)"))
                        }
                        properties.append((field.key, .object(property)))
                        required.append(field.key)
                    }
                case .group(let group):
                    let path = FieldPath.join(container, group.key)
                    let place = pointer + "/properties/" + JSONSchemaImport.pointerToken(group.key)
                    var own = Formula.constant(true)
                    if let condition = group.showIf {
                        // A repeat's condition is read outside it (from
                        // its path, no instance's fields are among the
                        // names); a group's from the group.
                        let resolved = resolve(condition, scope: path, level: level, excluding: group.isRepeat ? path : nil,
                                               owner: "\(group.isRepeat ? "repeat" : "group") \(path)", pointer: place)
                        if let resolved {
                            do throws(PatternTranslationError) {
                                own = try visibility.groupFormula(resolved)
                            } catch {
                                problems.append(FileProblem(file: source, pointer: place, message: "group \(path): \(error)"))
                            }
                        }
                    }
                    var property: [(String, JSONTree)] = []
                    if let title = group.title { property.append(("title", .string(title))) }
                    if let hint = group.hint { property.append(("description", .string(hint))) }
                    if !group.isRepeat {
                        let inner = members(group.items, container: path, level: level, pointer: place, gates: gates + [own],
                                            visibility: &visibility, conditional: &conditional)
                        property = [("type", .string("object"))] + property + [
                            ("properties", .object(inner.properties)),
                            ("required", .array(inner.required.map { .string($0) })),
                            ("additionalProperties", .boolean(false)),
                        ]
                    } else {
                        property = [("type", .string("array"))] + property
                        let key = relative(path, to: level)
                        let shown = Formula.all(gates + [own])
                        var counts: [(String, JSONTree)] = []
                        if group.minCount > 0 { counts.append(("minItems", .integer(group.minCount))) }
                        if let most = group.maxCount { counts.append(("maxItems", .integer(most))) }
                        if group.unique { counts.append(("uniqueItems", .boolean(true))) }
                        if let field = group.listField {
                            property += gated(counts, key: key, shown: shown, conditional: &conditional)
                            property += listItems(field, path: path, key: key, level: level, pointer: place, shown: shown,
                                                  visibility: &visibility, conditional: &conditional)
                        } else {
                            var items = object(group.items, level: path, pointer: place + "/items")
                            if let title = JSONSchemaExport.itemsTitle(group.itemTitle) { items.insert(("title", .string(title)), at: 1) }
                            property += gated([("items", .object(items))] + counts, key: key, shown: shown, conditional: &conditional)
                        }
                    }
                    properties.append((group.key, .object(property)))
                }
            }
            return (properties, required)
        }

        /// `keywords` of the property at `key`: as they are where it is
        /// always shown, none where never, else in an `if`/`then` of
        /// `conditional` (a hidden group's or repeat's values are kept,
        /// and not checked).
        private func gated(_ keywords: [(String, JSONTree)], key: String, shown: Formula,
                           conditional: inout [JSONTree]) -> [(String, JSONTree)] {
            guard !keywords.isEmpty else { return [] }
            switch shown {
            case .constant(true): return keywords
            case .constant(false): return []
            case .schema(let condition):
                conditional.append(.object([("if", condition), ("then", at(key, .object(keywords), required: false))]))
                return []
            }
        }

        /// A list's `items`: its field's schema, as a top-level field's,
        /// while the list and the field are shown.
        private mutating func listItems(_ field: FieldSpec, path: String, key: String, level: String, pointer: String, shown: Formula,
                                        visibility: inout Visibility, conditional: inout [JSONTree]) -> [(String, JSONTree)] {
            var items: [(String, JSONTree)] = field.rules.type.isText ? [("type", .string("string"))] : []
            items.append(("title", .string(field.label)))
            items += JSONSchemaExport.annotations(field)
            var fieldShown = field.isHidden ? Formula.constant(false) : shown
            if !field.isHidden, let condition = field.showIf {
                // Read from an instance, whose only value is the list's own.
                if let resolved = resolve(condition, scope: path, level: level, excluding: path, owner: "field \(path)", pointer: pointer + "/items") {
                    do throws(PatternTranslationError) {
                        fieldShown = Formula.all([shown, try visibility.groupFormula(resolved)])
                    } catch {
                        problems.append(FileProblem(file: source, pointer: pointer + "/items", message: "field \(path): \(error)"))
                    }
                }
            }
            var property: [(String, JSONTree)] = []
            do throws(PatternTranslationError) {
                switch fieldShown {
                case .constant(true):
                    let check = try checked(field)
                    items = check.filter { $0.0 == "type" } + items + check.filter { $0.0 != "type" }
                case .constant(false):
                    break
                case .schema(let condition):
                    let check = try checked(field)
                    conditional.append(.object([("if", condition), ("then", at(key, .object([("items", .object(check))]), required: false))]))
                }
            } catch {
                problems.append(FileProblem(file: source, pointer: pointer + "/items", message: "field \(path): \(error)"))
            }
            property.append(("items", .object(items)))
            return property
        }

        /// `path` as a path in the object of repeat `level`.
        private func relative(_ path: String, to level: String) -> String {
            level.isEmpty ? path : String(path.dropFirst(level.count + 1))
        }

        /// `condition` with each name the path it means in the object of
        /// `level`; nil (with a problem) when one means a field of another
        /// object. `excluding` is a repeat whose fields a name cannot mean.
        private mutating func resolve(_ condition: ShowCondition, scope: String?, level: String, excluding: String?, owner: String,
                                      pointer: String) -> ShowCondition? {
            var across: (name: String, path: String)?
            let renamed = condition.renamingFields { name in
                let found = FieldPath.candidates(for: name, from: scope).first { candidate in
                    keys.contains(candidate) && !(excluding.map { FieldPath.isWithin(candidate, $0) } ?? false)
                }
                // A name that means no field makes the condition fail, as
                // `FieldVisibility` reads it: kept as a name no key can be.
                guard let found else { return "?" + name }
                guard levels[found] == level else {
                    if across == nil { across = (name, found) }
                    return "?" + name
                }
                return relative(found, to: level)
            }
            if let across {
                let whereItIs = levels[across.path].map { $0.isEmpty ? "outside every repeat" : "in repeat \($0)" } ?? "elsewhere"
                let whereOwner = level.isEmpty ? "outside every repeat" : "in repeat \(level)"
                problems.append(FileProblem(file: source, pointer: pointer, message:
                    "\(owner): show_if reads `\(across.name)` (\(across.path), \(whereItIs)) from \(whereOwner): "
                        + "JSON Schema cannot say a condition across an array's items and the object that holds them"))
                return nil
            }
            return renamed
        }
    }
}
