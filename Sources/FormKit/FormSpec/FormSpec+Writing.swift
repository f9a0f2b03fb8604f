extension FormSpec {
    /// The form as a YAML form file: block style, one page, row and field
    /// after another, each field on one line as a flow mapping.
    ///
    /// Deterministic (the same spec gives the same bytes), and read back by
    /// `decode` as this exact spec. Properties at their defaults are left
    /// out (`direction: ltr`, a label equal to the key, a page title equal to the key, a
    /// row's range equal to its width, rules not set), except `short_below`,
    /// written whenever it is not 0. Text is quoted whenever a YAML reader
    /// could take it for something else (`yes`, `null`, `1.0`, `#`, leading
    /// spaces, line breaks…).
    public func yaml() -> String {
        let types = FieldTypes(self)
        var out = ""
        if !title.isEmpty { out += "title: \(FormFileText.yaml(title))\n" }
        if direction != .leftToRight { out += "direction: \(direction.rawValue)\n" }
        if language != FormDefinition.defaultLanguage { out += "language: \(FormFileText.yaml(language))\n" }
        if let tabBar { out += "tab_bar: {height: \(FormFileText.number(tabBar.height)), hidden: \(tabBar.isHidden)}\n" }
        out += pages.isEmpty ? "pages: []\n" : "pages:\n"
        for page in pages {
            out += "  - key: \(FormFileText.yaml(page.key))\n"
            if page.title != page.key { out += "    title: \(FormFileText.yaml(page.title))\n" }
            if page.items.isEmpty { continue }
            out += "    rows:\n" + Self.yamlItems(page.items, indent: 6, scope: nil, types: types)
        }
        return out
    }

    /// Items of a `rows` list in YAML, each starting `- ` at `indent` spaces.
    private static func yamlItems(_ items: [FormItemSpec], indent: Int, scope: String?, types: FieldTypes) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = ""
        for item in items {
            switch item {
            case .row(let row):
                out += pad + "- " + rowProperties(row).map { "\($0): \($1)" }.joined(separator: "\n\(pad)  ") + "\n"
                if row.fields.isEmpty { continue }
                out += pad + "  fields:\n"
                for field in row.fields {
                    let properties = fieldProperties(field, types: types, scope: scope, json: false)
                    out += pad + "    - {" + properties.map { "\($0): \($1)" }.joined(separator: ", ") + "}\n"
                }
            case .group(let group):
                let path = FieldPath.join(scope ?? "", group.key)
                out += pad + "- " + groupProperties(group, types: types, scope: path, json: false)
                    .map { "\($0): \($1)" }.joined(separator: "\n\(pad)  ") + "\n"
                if let field = group.listField {
                    let properties = fieldProperties(field, types: types, scope: path, json: false)
                    out += pad + "  field: {" + properties.map { "\($0): \($1)" }.joined(separator: ", ") + "}\n"
                } else {
                    out += pad + "  rows:" + (group.items.isEmpty ? " []\n" : "\n" + yamlItems(group.items, indent: indent + 4, scope: path, types: types))
                }
            }
        }
        return out
    }

    /// A group's properties other than what it holds, in the order files
    /// show them, those at their defaults left out.
    private static func groupProperties(_ group: GroupSpec, types: FieldTypes, scope: String, json: Bool) -> [(String, String)] {
        func text(_ string: String) -> String { json ? FormFileText.quoted(string) : FormFileText.yaml(string) }
        var properties = [(group.isRepeat ? "repeat" : "group", text(group.key))]
        if let title = group.title { properties.append(("title", text(title))) }
        if let hint = group.hint { properties.append(("hint", text(hint))) }
        if group.isRepeat {
            if let itemTitle = group.itemTitle { properties.append(("item_title", text(itemTitle))) }
            if let addLabel = group.addLabel { properties.append(("add_label", text(addLabel))) }
            if group.minCount != 0 { properties.append(("min_count", String(group.minCount))) }
            if let maxCount = group.maxCount { properties.append(("max_count", String(maxCount))) }
            if group.unique { properties.append(("unique", "true")) }
        }
        if let condition = group.showIf { properties.append(("show_if", conditionText(condition, types: types, scope: scope, json: json))) }
        return properties
    }

    /// The form as a JSON form file, with the same properties as `yaml()`:
    /// two-space indentation, each field on one line. Deterministic, and read
    /// back by `decode` as this exact spec.
    public func json() -> String {
        let types = FieldTypes(self)
        var top: [String] = []
        if !title.isEmpty { top.append("  \"title\": \(FormFileText.quoted(title))") }
        if direction != .leftToRight { top.append("  \"direction\": \(FormFileText.quoted(direction.rawValue))") }
        if language != FormDefinition.defaultLanguage { top.append("  \"language\": \(FormFileText.quoted(language))") }
        if let tabBar { top.append("  \"tab_bar\": {\"height\": \(FormFileText.number(tabBar.height)), \"hidden\": \(tabBar.isHidden)}") }
        let pageTexts = pages.map { page -> String in
            var lines = ["      \"key\": \(FormFileText.quoted(page.key))"]
            if page.title != page.key { lines.append("      \"title\": \(FormFileText.quoted(page.title))") }
            if !page.items.isEmpty {
                lines.append("      \"rows\": " + Self.jsonItems(page.items, indent: 6, scope: nil, types: types))
            }
            return "    {\n" + lines.joined(separator: ",\n") + "\n    }"
        }
        top.append(pages.isEmpty ? "  \"pages\": []" : "  \"pages\": [\n" + pageTexts.joined(separator: ",\n") + "\n  ]")
        return "{\n" + top.joined(separator: ",\n") + "\n}\n"
    }

    /// What one instance of repeat `group` (declared at `path`) holds, as
    /// a form file's JSON on one line: `{"rows": [...]}`, or `{"field":
    /// {...}}` for a list; its conditions as written, looked up from the
    /// instance. `GroupSpec.readingBody` reads it back.
    static func body(of group: GroupSpec, at path: String) -> String {
        let types = FieldTypes(FormSpec(title: "", pages: [PageSpec(key: "body", title: "body", items: [.group(group)])]),
                               prefix: FieldPath.parent(of: path))
        if let field = group.listField {
            return "{\"field\": " + object(fieldProperties(field, types: types, scope: path, json: true)) + "}"
        }
        let rows = jsonItems(group.items, indent: 0, scope: path, types: types)
        return "{\"rows\": " + rows.split(separator: "\n").map { $0.drop { $0 == " " } }.joined() + "}"
    }

    /// A JSON object of `properties` on one line.
    private static func object(_ properties: [(String, String)]) -> String {
        "{" + properties.map { "\"\($0)\": \($1)" }.joined(separator: ", ") + "}"
    }

    /// Items of a `rows` list as a JSON array whose closing bracket is at
    /// `indent` spaces.
    private static func jsonItems(_ items: [FormItemSpec], indent: Int, scope: String?, types: FieldTypes) -> String {
        guard !items.isEmpty else { return "[]" }
        let pad = String(repeating: " ", count: indent)
        let texts = items.map { item -> String in
            var lines: [String]
            switch item {
            case .row(let row):
                lines = rowProperties(row).map { "\(pad)    \"\($0)\": \($1)" }
                if !row.fields.isEmpty {
                    let fields = row.fields.map { "\(pad)      " + object(fieldProperties($0, types: types, scope: scope, json: true)) }
                    lines.append("\(pad)    \"fields\": [\n" + fields.joined(separator: ",\n") + "\n\(pad)    ]")
                }
            case .group(let group):
                let path = FieldPath.join(scope ?? "", group.key)
                lines = groupProperties(group, types: types, scope: path, json: true).map { "\(pad)    \"\($0)\": \($1)" }
                if let field = group.listField {
                    lines.append("\(pad)    \"field\": " + object(fieldProperties(field, types: types, scope: path, json: true)))
                } else {
                    lines.append("\(pad)    \"rows\": " + jsonItems(group.items, indent: indent + 4, scope: path, types: types))
                }
            }
            return "\(pad)  {\n" + lines.joined(separator: ",\n") + "\n\(pad)  }"
        }
        return "[\n" + texts.joined(separator: ",\n") + "\n\(pad)]"
    }

    /// Each field's type by declared path, for writing the values
    /// conditions compare with: a condition's names are looked up from its
    /// group outwards, as the reader looks them up.
    private struct FieldTypes {
        var types: [String: FieldType] = [:]
        var paths: Set<String> = []

        /// The types of `spec`'s fields, their paths under `prefix` when given.
        init(_ spec: FormSpec, prefix: String? = nil) {
            for field in spec.declaredFields {
                let path = prefix.map { FieldPath.join($0, field.path) } ?? field.path
                paths.insert(path)
                if field.field.rules.type != .text { types[path] = field.field.rules.type }
            }
        }

        func type(of name: String, from scope: String?) -> FieldType {
            types[FieldPath.resolve(name, from: scope, in: paths) ?? name] ?? .text
        }
    }

    /// A row's properties other than its fields, numbers as written.
    private static func rowProperties(_ row: RowSpec) -> [(String, String)] {
        var properties = [("width", FormFileText.number(row.width))]
        if row.minWidth != row.width { properties.append(("min_width", FormFileText.number(row.minWidth))) }
        if row.maxWidth != row.width { properties.append(("max_width", FormFileText.number(row.maxWidth))) }
        return properties
    }

    /// A value of `type` as a file writes it: numbers and booleans bare
    /// (their canonical text is YAML's and JSON's), anything else as text;
    /// a value that does not parse as the type (an edit in `sqlite3`) as
    /// text, which the reader then refuses by name.
    private static func typed(_ value: String, _ type: FieldType, json: Bool) -> String {
        let bare = (type.isNumber || type == .boolean) && type.canonicalValue(of: value).canonicalText == value
        return bare ? value : (json ? FormFileText.quoted(value) : FormFileText.yaml(value))
    }

    /// A field's properties in the order files show them, those at their
    /// defaults left out, for JSON (every string quoted) or YAML.
    private static func fieldProperties(_ field: FieldSpec, types: FieldTypes, scope: String?, json: Bool) -> [(String, String)] {
        func text(_ string: String) -> String { json ? FormFileText.quoted(string) : FormFileText.yaml(string) }
        func typed(_ value: String, _ type: FieldType) -> String { Self.typed(value, type, json: json) }
        let rules = field.rules
        var properties = [("key", text(field.key))]
        if field.label != field.key { properties.append(("label", text(field.label))) }
        if rules.type != .text { properties.append(("type", text(rules.type.rawValue))) }
        if let hint = field.hint { properties.append(("hint", text(hint))) }
        if rules.required { properties.append(("required", "true")) }
        if let lower = rules.lowerBound { properties.append((lower.isInclusive ? "min" : "above", typed(lower.value, rules.type))) }
        if let upper = rules.upperBound { properties.append((upper.isInclusive ? "max" : "below", typed(upper.value, rules.type))) }
        if let step = rules.step { properties.append(("step", step)) }
        if !rules.choices.isEmpty {
            func name(_ property: String) -> String { json ? "\"\(property)\"" : property }
            let choices = rules.choices.map { choice in
                // A number's choices are written as numbers (`[1, 2, 3]`).
                let value = rules.type.isNumber ? typed(choice.value, rules.type) : text(choice.value)
                return choice.label == choice.value ? value : "{\(name("value")): \(value), \(name("label")): \(text(choice.label))}"
            }
            properties.append(("choices", "[" + choices.joined(separator: ", ") + "]"))
        }
        if let fewest = rules.minSelected { properties.append(("min_selected", String(fewest))) }
        if let most = rules.maxSelected { properties.append(("max_selected", String(most))) }
        if let minimum = rules.minLength { properties.append(("min_length", String(minimum))) }
        if let maximum = rules.maxLength { properties.append(("max_length", String(maximum))) }
        if let pattern = rules.pattern { properties.append(("pattern", text(pattern))) }
        if rules.email { properties.append(("email", "true")) }
        if rules.lengthUnit != .characters { properties.append(("length_unit", text(rules.lengthUnit.rawValue))) }
        if rules.shortBelow != 0 && rules.type.isText { properties.append(("short_below", String(rules.shortBelow))) }
        if let message = rules.message { properties.append(("message", text(message))) }
        if let value = field.defaultValue {
            let written = if rules.type == .selectMultiple, let values = SelectionValue.decode(value) {
                "[" + values.map(text).joined(separator: ", ") + "]"
            } else {
                typed(value, rules.type)
            }
            properties.append(("default", written))
        }
        if field.isReadOnly { properties.append(("read_only", "true")) }
        if field.isHidden { properties.append(("hidden", "true")) }
        if let condition = field.showIf { properties.append(("show_if", conditionText(condition, types: types, scope: scope, json: json))) }
        return properties
    }

    /// A `show_if` as a flow mapping, each value written as the field it
    /// compares with takes it (`{field: age, at_least: 18}`).
    private static func conditionText(_ condition: ShowCondition, types: FieldTypes, scope: String?, json: Bool) -> String {
        func text(_ string: String) -> String { json ? FormFileText.quoted(string) : FormFileText.yaml(string) }
        func name(_ property: String) -> String { json ? "\"\(property)\"" : property }
        func leaf(_ field: String, _ test: String, _ value: String) -> String {
            "{\(name("field")): \(text(field)), \(name(test)): \(value)}"
        }
        func value(_ field: String, _ value: String) -> String {
            let type = types.type(of: field, from: scope)
            if type == .selectMultiple, let values = SelectionValue.decode(value) {
                return "[" + values.map(text).joined(separator: ", ") + "]"
            }
            return typed(value, type, json: json)
        }
        func list(_ parts: [ShowCondition]) -> String {
            "[" + parts.map { conditionText($0, types: types, scope: scope, json: json) }.joined(separator: ", ") + "]"
        }
        return switch condition {
        case .equals(let field, let v): leaf(field, "equals", value(field, v))
        case .filled(let field): leaf(field, "filled", "true")
        case .isIn(let field, let values): leaf(field, "in", "[" + values.map { value(field, $0) }.joined(separator: ", ") + "]")
        case .includes(let field, let v): leaf(field, "includes", text(v))
        case .atLeast(let field, let v): leaf(field, "at_least", value(field, v))
        case .atMost(let field, let v): leaf(field, "at_most", value(field, v))
        case .all(let parts): "{\(name("all")): \(list(parts))}"
        case .any(let parts): "{\(name("any")): \(list(parts))}"
        case .not(let part): "{\(name("not")): \(conditionText(part, types: types, scope: scope, json: json))}"
        }
    }
}
