import FormModel
import FormStore
import Yams

/// A JSON Schema document read as a form (`formctl apply schema.json`):
/// each `type: string` property becomes a field, one per row of one page,
/// `main`, in the document's order.
///
/// | JSON Schema | formctl |
/// | --- | --- |
/// | property name | field key (the store's key rule) |
/// | `title` of a property | label (else the key) |
/// | `minLength`, `maxLength` | `min_length`, `max_length`, counted in code points (`length_unit: code_points`) |
/// | `pattern` | `pattern`, rewritten for PCRE2 and a whole-value match (`ECMAPatternImport`) |
/// | `format: email` | `email` (RFC 5321 `Mailbox`) |
/// | `required` | `required` |
/// | `title` of the schema | the form's title |
///
/// After the import, a non-empty value passes `check` exactly when it is
/// valid against its property's schema (draft 2020-12, `format` asserted).
/// Imported fields have no `short` state (`short_below` 0).
///
/// What the import cannot represent is refused, one `FileProblem` per
/// keyword, with its JSON pointer, line and column; nothing is written.
/// Annotations that do not change what is valid (`description`, `$id`,
/// `$comment`, `examples`, `default`, `deprecated`, `readOnly`,
/// `writeOnly`) are accepted and dropped, and so is a boolean
/// `additionalProperties` or `unevaluatedProperties` (the values object
/// has exactly the form's keys).
public enum JSONSchemaImport {
    /// Whether `node` (`Yams.compose` of the file) is read as a JSON Schema:
    /// its `$schema` is a json-schema.org URI, or it has a top-level
    /// `"type": "object"` with `properties` and no `pages`.
    public static func recognises(_ node: Yams.Node) -> Bool {
        guard case .mapping(let mapping) = node else { return false }
        if let schema = string(member(mapping, "$schema")), isJSONSchemaURI(schema) { return true }
        return string(member(mapping, "type")) == "object" && member(mapping, "properties") != nil && member(mapping, "pages") == nil
    }

    /// The value of `mapping`'s key `name`, compared as text (whatever the
    /// resolver made of the key).
    static func member(_ mapping: Yams.Node.Mapping, _ name: String) -> Yams.Node? {
        mapping.first { $0.key.scalar?.string == name }?.value
    }

    /// The form the schema declares; `file` names it in problems. Throws
    /// `badFile` with every problem found.
    public static func spec(from node: Yams.Node, file: String) throws(FormKitError) -> FormSpec {
        var reader = Reader(file: file)
        let spec = reader.form(node)
        guard reader.problems.isEmpty, let spec else {
            throw .badFile(reader.problems.isEmpty ? [FileProblem(file: file, message: "not a JSON Schema formctl can read")] : reader.problems)
        }
        return spec
    }

    /// The width of each imported row, `field add`'s default.
    public static let rowWidth = 540.0
    /// The title of a schema without one.
    public static let untitled = "Form"

    /// Keywords that say nothing about which values are valid.
    static let annotations: Set<String> = [
        "$id", "$comment", "$anchor", "description", "examples", "default", "deprecated", "readOnly", "writeOnly",
    ]

    static func isJSONSchemaURI(_ text: String) -> Bool {
        text.hasPrefix("https://json-schema.org/") || text.hasPrefix("http://json-schema.org/")
    }

    /// The node's text when it is a string (`JSONSchemaScalars`).
    static func string(_ node: Yams.Node?) -> String? { JSONSchemaScalars.string(node) }

    /// The node's value when it is a non-negative integer (`5` or `5.0`).
    static func count(_ node: Yams.Node) -> Int? { JSONSchemaScalars.count(node) }

    /// `~` and `/` escaped as RFC 6901 says.
    static func pointerToken(_ key: String) -> String {
        var token = ""
        for character in key {
            switch character {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.append(character)
            }
        }
        return token
    }

    struct Reader {
        let file: String
        var problems: [FileProblem] = []

        mutating func problem(_ node: Yams.Node?, _ pointer: String, _ message: String) {
            problems.append(FileProblem(file: file, line: node?.mark?.line, column: node?.mark?.column, pointer: pointer, message: message))
        }

        /// The keyword's own node (its key), for the place of a problem about it.
        mutating func refuse(_ key: Yams.Node, _ pointer: String, _ keyword: String, _ why: String) {
            problem(key, pointer, "`\(keyword)` \(why)")
        }

        mutating func form(_ node: Yams.Node) -> FormSpec? {
            guard case .mapping(let mapping) = node else {
                problem(node, "", "a JSON Schema here is an object")
                return nil
            }
            var title = JSONSchemaImport.untitled
            var required: [(name: String, node: Yams.Node)] = []
            var fields: [FieldSpec] = []
            var propertiesNode: Yams.Node.Mapping?
            for (keyNode, value) in mapping {
                guard let keyword = JSONSchemaImport.string(keyNode) ?? keyNode.scalar?.string else { continue }
                let pointer = "/" + JSONSchemaImport.pointerToken(keyword)
                switch keyword {
                case "$schema":
                    if let uri = JSONSchemaImport.string(value), JSONSchemaImport.isJSONSchemaURI(uri) { break }
                    refuse(keyNode, pointer, keyword, "is not a json-schema.org URI: formctl reads JSON Schema's own drafts only")
                case "type":
                    if !isType(value, "object") { refuse(keyNode, pointer, keyword, "must be \"object\": the form's values are an object") }
                case "title":
                    if let text = JSONSchemaImport.string(value) { title = text } else { refuse(keyNode, pointer, keyword, "must be a string") }
                case "properties":
                    guard case .mapping(let properties) = value else {
                        refuse(keyNode, pointer, keyword, "must be an object")
                        break
                    }
                    propertiesNode = properties
                case "required":
                    guard case .sequence(let names) = value else {
                        refuse(keyNode, pointer, keyword, "must be an array of property names")
                        break
                    }
                    for (place, name) in names.enumerated() {
                        if let text = JSONSchemaImport.string(name) {
                            required.append((text, name))
                        } else {
                            problem(name, "\(pointer)/\(place)", "`required` lists property names (strings)")
                        }
                    }
                case "additionalProperties", "unevaluatedProperties":
                    if !JSONSchemaScalars.isBoolean(value) {
                        refuse(keyNode, pointer, keyword, "is accepted only as true or false: a form cannot declare a schema for other keys")
                    }
                case _ where JSONSchemaImport.annotations.contains(keyword):
                    break
                default:
                    refuse(keyNode, pointer, keyword, "cannot be represented in a form: formctl imports string properties with minLength, maxLength, pattern, format: email and required")
                }
            }
            if let properties = propertiesNode {
                for (nameNode, schema) in properties {
                    guard let name = JSONSchemaImport.string(nameNode) ?? nameNode.scalar?.string else { continue }
                    if let field = field(name, nameNode: nameNode, schema) { fields.append(field) }
                }
            }
            let names = Set(fields.map(\.key))
            let declared = Set(propertiesNode.map { $0.keys.compactMap { JSONSchemaImport.string($0) ?? $0.scalar?.string } } ?? [])
            var seen: Set<String> = []
            for (place, entry) in required.enumerated() {
                let pointer = "/required/\(place)"
                if !declared.contains(entry.name) {
                    problem(entry.node, pointer, "`required` names \"\(entry.name)\", which is not among the properties: a form cannot require a key it has no field for")
                } else if !seen.insert(entry.name).inserted {
                    problem(entry.node, pointer, "`required` names \"\(entry.name)\" twice")
                }
            }
            let requiredNames = Set(required.map(\.name))
            for index in fields.indices where requiredNames.contains(fields[index].key) && names.contains(fields[index].key) {
                fields[index].rules.required = true
            }
            let rows = fields.map { RowSpec(width: JSONSchemaImport.rowWidth, fields: [$0]) }
            return FormSpec(title: title, pages: [PageSpec(key: FormPage.mainKey, title: "Main", rows: rows)])
        }

        func isType(_ node: Yams.Node, _ name: String) -> Bool {
            if JSONSchemaImport.string(node) == name { return true }
            if case .sequence(let items) = node, items.count == 1, let only = items.first { return JSONSchemaImport.string(only) == name }
            return false
        }

        /// One property as a field; nil (with problems) when it cannot be one.
        mutating func field(_ name: String, nameNode: Yams.Node, _ schema: Yams.Node) -> FieldSpec? {
            let pointer = "/properties/" + JSONSchemaImport.pointerToken(name)
            let before = problems.count
            do {
                try FieldInput.checkKey(name)
            } catch {
                problem(nameNode, pointer, "property \"\(name)\" cannot be a field key: a field key is 1 to 64 ASCII letters, digits, '_' or '-', starting with a letter")
            }
            guard case .mapping(let mapping) = schema else {
                problem(schema, pointer, "property \"\(name)\" must be a schema object with \"type\": \"string\"")
                return nil
            }
            var rules = FieldSpec.defaultRules
            rules.lengthUnit = .codePoints
            var label: String?
            var typed = false
            for (keyNode, value) in mapping {
                guard let keyword = JSONSchemaImport.string(keyNode) ?? keyNode.scalar?.string else { continue }
                let here = pointer + "/" + JSONSchemaImport.pointerToken(keyword)
                switch keyword {
                case "type":
                    if isType(value, "string") { typed = true } else { refuse(keyNode, here, keyword, "must be \"string\": formctl fields hold text") }
                case "title":
                    if let text = JSONSchemaImport.string(value) { label = text } else { refuse(keyNode, here, keyword, "must be a string") }
                case "minLength", "maxLength":
                    guard let bound = JSONSchemaImport.count(value) else {
                        refuse(keyNode, here, keyword, "must be a non-negative integer")
                        break
                    }
                    if keyword == "minLength" { rules.minLength = bound } else { rules.maxLength = bound }
                case "pattern":
                    guard let source = JSONSchemaImport.string(value) else {
                        refuse(keyNode, here, keyword, "must be a string")
                        break
                    }
                    do {
                        let translated = try ECMAPatternImport.pcre2(from: source)
                        if let error = RulePattern.compileError(in: translated) {
                            refuse(keyNode, here, keyword, "/\(source)/ does not compile as PCRE2 once translated (\(translated)): \(error)")
                        } else {
                            rules.pattern = translated
                        }
                    } catch {
                        refuse(keyNode, here, keyword, "/\(source)/ cannot be imported with the same meaning: \(error)")
                    }
                case "format":
                    if JSONSchemaImport.string(value) == "email" {
                        rules.email = true
                    } else {
                        refuse(keyNode, here, keyword, "is accepted only as \"email\"")
                    }
                case _ where JSONSchemaImport.annotations.contains(keyword):
                    break
                default:
                    refuse(keyNode, here, keyword, "cannot be represented in a form field: formctl imports type: string with minLength, maxLength, pattern and format: email")
                }
            }
            if !typed, problems.count == before {
                problem(nameNode, pointer, "property \"\(name)\" has no \"type\": \"string\": formctl imports string properties only")
            }
            if let min = rules.minLength, let max = rules.maxLength, min > max {
                let keyword = mapping.keys.first { JSONSchemaImport.string($0) == "minLength" }
                problem(keyword ?? nameNode, pointer + "/minLength", "minLength \(min) is above maxLength \(max): no value could pass")
            }
            guard problems.count == before else { return nil }
            return FieldSpec(key: name, label: label, rules: rules)
        }
    }
}
