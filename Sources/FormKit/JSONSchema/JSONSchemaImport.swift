import FormModel
import FormStore
import Yams

/// A JSON Schema document read as a form (`formctl apply schema.json`):
/// each property becomes a field, one per row of one page, `main`, in the
/// document's order (docs/json-schema.md has the whole mapping).
///
/// | JSON Schema | formctl |
/// | --- | --- |
/// | property name | field key (the store's key rule) |
/// | `title`, `description`, `default` of a property | label (else the key), hint, default |
/// | `type: string` with `minLength`, `maxLength`, `pattern`, `format: email` | `text`, lengths in code points, the pattern rewritten for PCRE2 (`ECMAPatternImport`), `email` |
/// | `type: integer` / `number` with `minimum`, `exclusiveMinimum`, `maximum`, `exclusiveMaximum`, `multipleOf` | `integer` / `decimal` with `min`, `above`, `max`, `below`, `step`, read exactly (`JSONSchemaNumber`) |
/// | `enum` of strings, `const`, `oneOf`/`anyOf` of `const` with `title` | `select_one`, titles as labels |
/// | `type: array`, `items` of those, `uniqueItems: true`, `minItems`, `maxItems` | `select_multiple`, `min_selected`, `max_selected` |
/// | `type: boolean` | `boolean` |
/// | `format: date`, `format: date-time` | `date`, `datetime` |
/// | `type: [T, "null"]`, `anyOf` of a schema and `{"type": "null"}` | optional, whatever `required` says |
/// | `required` | `required` |
/// | `readOnly: true` (json-editor's `readonly`) on a property or a nested object | `read_only` on the field, or on each field of the group |
/// | `title` of the schema | the form's title |
/// | a nested object, an array of objects, an array of scalars | a group, a repeat, a list (`JSONSchemaImport+Groups.swift`) |
///
/// Local `$ref`s are followed (`JSONSchemaImport+Refs.swift`). After the
/// import, a non-empty value passes `check` exactly when it is valid
/// against its property's schema (draft 2020-12, `format` asserted).
/// Imported fields have no `short` state (`short_below` 0).
///
/// What the import cannot represent is refused, one `FileProblem` per
/// keyword, with its JSON pointer, line and column; nothing is written:
/// `readOnly: true` on the whole form or an array, objects without
/// `properties`, arrays of arrays,
/// groups nested past 8, `if`/`then`, `dependencies`, enums that are
/// not all strings, choice values formctl cannot hold, numbers past 15
/// digits on either side of the point. Annotations that do not change
/// what is valid (`$id`, `$comment`, `examples`, `deprecated`,
/// `writeOnly`) are accepted and dropped, and so is a boolean
/// `additionalProperties` or `unevaluatedProperties` (the values object
/// has exactly the form's keys).
public enum JSONSchemaImport {
    /// Whether `node` (`Yams.compose` of the file) is read as a JSON Schema:
    /// its `$schema` is a json-schema.org URI, or it has no `pages` and one
    /// of the keywords only a schema has at its top (`schemaKeywords`).
    public static func recognises(_ node: Yams.Node) -> Bool {
        guard case .mapping(let mapping) = node else { return false }
        if let schema = string(member(mapping, "$schema")), isJSONSchemaURI(schema) { return true }
        // Published schemas often leave `$schema` out, and "object" implied
        // by `properties`; a form file has none of these keys, so a
        // document with one (and no `pages`) is a schema, read as one or
        // refused as one, not as a form file missing its pages.
        return member(mapping, "pages") == nil && schemaKeywords.contains { member(mapping, $0) != nil }
    }

    /// Keywords that only a JSON Schema has at its top.
    static let schemaKeywords = ["properties", "type", "$ref", "$defs", "definitions", "allOf", "anyOf", "oneOf", "items"]

    /// The value of `mapping`'s key `name`, compared as text (whatever the
    /// resolver made of the key).
    static func member(_ mapping: Yams.Node.Mapping, _ name: String) -> Yams.Node? {
        mapping.first { $0.key.scalar?.string == name }?.value
    }

    /// The form the schema declares, its warnings left unsaid.
    public static func spec(from node: Yams.Node, file: String) throws(FormKitError) -> FormSpec {
        var warnings: [FileProblem] = []
        return try spec(from: node, file: file, warnings: &warnings)
    }

    /// The form the schema declares; `file` names it in problems. Throws
    /// `badFile` with every problem found. What was dropped with a warning
    /// (`JSONSchemaDrawingHints`) is added to `warnings`.
    public static func spec(from node: Yams.Node, file: String, warnings: inout [FileProblem]) throws(FormKitError) -> FormSpec {
        var reader = Reader(file: file, root: node)
        let spec = reader.form(node)
        // In the document's order, as the problems are; once each, though
        // a `$ref` used in several places is read in each.
        warnings += unique(reader.warnings).sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        guard reader.problems.isEmpty, let spec else {
            throw .badFile(reader.problems.isEmpty ? [FileProblem(file: file, message: "not a JSON Schema formctl can read")] : unique(reader.problems))
        }
        return spec
    }

    /// `problems` without repeats, in their order.
    static func unique(_ problems: [FileProblem]) -> [FileProblem] {
        var seen: Set<FileProblem> = []
        return problems.filter { seen.insert($0).inserted }
    }

    /// The width of each imported row, `field add`'s default.
    public static let rowWidth = 540.0
    /// The title of a schema without one.
    public static let untitled = "Form"

    /// Keywords that say nothing about which values are valid.
    /// (At the top: `$defs` and `definitions` hold what `$ref`s name.)
    static let annotations: Set<String> = [
        "$id", "$comment", "$anchor", "description", "examples", "default", "deprecated", "writeOnly", "$defs", "definitions",
        // draft-04's `$id`.
        "id",
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
        /// The whole document, which local `$ref`s point into.
        let root: Yams.Node?
        var problems: [FileProblem] = []
        /// What was dropped, one line each (`JSONSchemaDrawingHints`).
        var warnings: [FileProblem] = []
        /// Properties read so far, in every group (`propertyBudget`).
        var propertiesRead = 0

        mutating func problem(_ node: Yams.Node?, _ pointer: String, _ message: String) {
            problems.append(FileProblem(file: file, line: node?.mark?.line, column: node?.mark?.column, pointer: pointer, message: message))
        }

        /// The keyword's own node (its key), for the place of a problem about it.
        mutating func refuse(_ key: Yams.Node, _ pointer: String, _ keyword: String, _ why: String) {
            problem(key, pointer, "`\(keyword)` \(why)")
        }

        mutating func form(_ node: Yams.Node) -> FormSpec? {
            guard case .mapping = node else {
                problem(node, "", "a JSON Schema here is an object")
                return nil
            }
            // The top's keywords with a `$ref` followed, as any schema's
            // are (`{"$ref": "#/definitions/form", "definitions": …}`, as
            // json-editor writes).
            var chain: [String] = []
            guard let keywords = keywords(node, "", following: [], chain: &chain) else { return nil }
            var title = JSONSchemaImport.untitled
            var required: [(name: String, node: Yams.Node)] = []
            var requiredPointer = "/required"
            var propertiesKeyword: JSONSchemaImport.Keyword?
            for entry in keywords {
                let (keyword, keyNode, value, pointer) = (entry.name, entry.key, entry.value, entry.pointer)
                switch keyword {
                case "$schema":
                    if let uri = JSONSchemaImport.string(value), JSONSchemaImport.isJSONSchemaURI(uri) { break }
                    refuse(keyNode, pointer, keyword, "is not a json-schema.org URI: formctl reads JSON Schema's own drafts only")
                case "type":
                    if !isType(value, "object") { refuse(keyNode, pointer, keyword, "must be \"object\": the form's values are an object") }
                case "title":
                    if let text = JSONSchemaImport.string(value) { title = text } else { refuse(keyNode, pointer, keyword, "must be a string") }
                case "properties":
                    guard case .mapping = value else {
                        refuse(keyNode, pointer, keyword, "must be an object")
                        break
                    }
                    propertiesKeyword = entry
                case "required":
                    guard case .sequence(let names) = value else {
                        refuse(keyNode, pointer, keyword, "must be an array of property names")
                        break
                    }
                    requiredPointer = pointer
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
                case "readOnly":
                    if !(JSONSchemaScalars.isBoolean(value) && value.scalar?.string.lowercased() == "false") {
                        refuse(keyNode, pointer, keyword, "cannot be imported on the whole form: formctl reads `readOnly` on a field or a nested object")
                    }
                case _ where JSONSchemaImport.annotations.contains(keyword):
                    break
                case _ where JSONSchemaDrawingHints.isHint(keyword, value):
                    warn(keyNode, pointer, JSONSchemaDrawingHints.warning(keyword, value))
                default:
                    refuse(keyNode, pointer, keyword, "cannot be represented in a form: formctl imports the properties of one object, and which are required")
                }
            }
            var items: [FormItemSpec] = []
            if let propertiesKeyword, case .mapping(let properties) = propertiesKeyword.value {
                items = self.items(properties: properties, at: propertiesKeyword.pointer, required: required, requiredPointer: requiredPointer,
                                   depth: 0, trail: chain)
            } else {
                items = self.items(properties: Yams.Node.Mapping([]), at: "/properties", required: required, requiredPointer: requiredPointer, depth: 0, trail: chain)
            }
            return FormSpec(title: title, pages: [PageSpec(key: FormPage.mainKey, title: "Main", items: items)])
        }

        func isType(_ node: Yams.Node, _ name: String) -> Bool {
            if JSONSchemaImport.string(node) == name { return true }
            if case .sequence(let items) = node, items.count == 1, let only = items.first { return JSONSchemaImport.string(only) == name }
            return false
        }
    }
}
