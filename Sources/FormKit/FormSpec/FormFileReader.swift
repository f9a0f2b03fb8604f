import FormStore
import Yams

/// Turns a composed form file (Yams nodes, each with its line and column)
/// into a `FormSpec`, checking everything a database would refuse and
/// everything that cannot hold, and collecting each problem at the node it
/// is about (up to `problemLimit`).
///
/// Reading goes on after a problem, so that one run reports several; the
/// spec it builds then is incomplete and only serves the checks across the
/// form (duplicate keys, conditions).
struct FormFileReader {
    /// The file as the user named it, for each problem.
    let file: String
    /// What is wrong so far, in document order within each pass.
    private(set) var problems: [FileProblem] = []
    /// Problems beyond `problemLimit`, counted but not kept.
    private(set) var unreported = 0

    /// At most this many problems are listed: past that, the first ones are
    /// enough to start fixing, and a garbage file must not print megabytes.
    static let problemLimit = 20

    /// Where each field was declared, by declared path (`contact.phone`,
    /// `children.name`), for the checks across the form.
    var fieldPlaces: [String: (key: Node, showIf: Node?)] = [:]
    /// Where each group and repeat was declared, by declared path.
    var groupPlaces: [String: (key: Node, showIf: Node?)] = [:]
    /// The declared path of the group being read ("" at a page's top).
    private var scope = ""
    /// How deep the group being read is (0 at a page's top).
    private var depth = 0
    /// Where each page key was declared.
    private var pagePlaces: [String: Node] = [:]
    /// Rows read so far, across pages: the store numbers rows up to
    /// `maximumRows`.
    private var rowCount = 0

    /// The most rows a form has (the store's `form_row.number` CHECK).
    static let maximumRows = 1_000_000

    init(file: String) {
        self.file = file
    }

    // MARK: Problems

    /// Records a problem at `node`'s place (the whole file when nil).
    mutating func report(_ node: Node?, _ message: String) {
        report(line: node?.mark?.line, column: node?.mark?.column, message)
    }

    /// Records a problem at a place.
    mutating func report(line: Int?, column: Int?, _ message: String) {
        guard problems.count < Self.problemLimit else {
            unreported += 1
            return
        }
        problems.append(FileProblem(file: file, line: line, column: column, message: message))
    }

    /// Every problem, with a last line saying how many more there were.
    var allProblems: [FileProblem] {
        guard unreported > 0 else { return problems }
        return problems + [FileProblem(file: file, message: "\(unreported) more problem\(unreported == 1 ? "" : "s") not listed: fix these first")]
    }

    // MARK: The form

    /// The spec `root` declares, or nil when it is not even a mapping.
    mutating func form(_ root: Node) -> FormSpec? {
        guard let properties = mapping(root, "a form file", known: FormFileProperties.Known.form,
                                       shape: "a mapping with `title`, `tab_bar` and `pages`") else { return nil }
        let title = text(properties, "title") ?? ""
        var tabBar: TabBarSettings? = nil
        if let node = properties["tab_bar"] { tabBar = self.tabBar(node) }
        var direction = FormDirection.leftToRight
        if let text = text(properties, "direction") {
            if let declared = FormDirection(rawValue: text) {
                direction = declared
            } else {
                report(properties["direction"], "`direction` must be `ltr` (left to right) or `rtl` (right to left), not \"\(FormFileScalars.excerpt(text))\"")
            }
        }
        var language = FormDefinition.defaultLanguage
        if let text = text(properties, "language") {
            if FormDefinition.isLanguageTag(text) {
                language = text
            } else {
                report(properties["language"], "`language` must be a BCP 47 language tag such as `en`, `he` or `pt-BR`, not \"\(FormFileScalars.excerpt(text))\"")
            }
        }
        var pages: [PageSpec] = []
        if let list = properties["pages"] {
            if let items = sequence(list, "pages", shape: "a list of pages") {
                if items.isEmpty { report(list, "`pages` is empty: a form has at least one page") }
                for item in items { if let page = page(item) { pages.append(page) } }
            }
        } else {
            report(root, "a form file needs `pages`: a list of at least one page, each with `key` and `rows`")
        }
        let spec = FormSpec(title: title, tabBar: tabBar, direction: direction, language: language, pages: pages)
        return checkConditions(spec)
    }

    private mutating func tabBar(_ node: Node) -> TabBarSettings? {
        guard let properties = mapping(node, "`tab_bar`", known: FormFileProperties.Known.tabBar,
                                       shape: "a mapping with `height` and `hidden`") else { return nil }
        var settings = TabBarSettings()
        if let height = points(properties, "height") {
            if TabBarSettings.heightRange.contains(height) {
                settings.height = height
            } else if let node = properties["height"] {
                let range = TabBarSettings.heightRange
                report(node, "`height` \(Self.format(height)) is out of range: the tab bar is \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) points high")
            }
        }
        if let hidden = bool(properties, "hidden") { settings.isHidden = hidden }
        return settings
    }

    private mutating func page(_ node: Node) -> PageSpec? {
        guard let properties = mapping(node, "a page", known: FormFileProperties.Known.page,
                                       shape: "a mapping with `key`, `title` and `rows`") else { return nil }
        let key = self.key(properties, kind: "page")
        if let key, let keyNode = properties["key"] {
            if let first = pagePlaces[key] {
                report(keyNode, "duplicate page key `\(key)`: a page of that key is already declared at \(Self.place(first))")
            } else {
                pagePlaces[key] = keyNode
            }
        }
        var title = key ?? ""
        if let given = text(properties, "title") {
            if given.isEmpty, let node = properties["title"] {
                report(node, "a page's `title` cannot be empty (leave it out to use the key)")
            } else {
                title = given
            }
        }
        let items = properties["rows"].map { self.items($0) } ?? []
        guard let key else { return nil }
        return PageSpec(key: key, title: title, items: items)
    }

    /// The rows, groups and repeats of a `rows` list.
    private mutating func items(_ list: Node) -> [FormItemSpec] {
        guard let nodes = sequence(list, "rows", shape: "a list of rows, groups and repeats") else { return [] }
        var items: [FormItemSpec] = []
        for node in nodes {
            if Self.child(node, "group") != nil || Self.child(node, "repeat") != nil {
                if let group = group(node) { items.append(.group(group)) }
            } else if let row = row(node) {
                items.append(.row(row))
            }
        }
        return items
    }

    /// A group (`group: KEY`) or repeat (`repeat: KEY`) and what it holds.
    private mutating func group(_ node: Node) -> GroupSpec? {
        let isRepeat = Self.child(node, "repeat") != nil
        let kind = isRepeat ? "repeat" : "group"
        if isRepeat, let other = Self.child(node, "group") {
            report(other, "an item is a `group` or a `repeat`, not both")
            return nil
        }
        guard let properties = mapping(node, "a \(kind)", known: isRepeat ? FormFileProperties.Known.repeat : FormFileProperties.Known.group,
                                       shape: "a mapping with `\(kind)` (its key), `title` and `rows`") else { return nil }
        let key = self.key(properties, kind: kind, property: kind)
        if depth >= FormGroup.maximumDepth {
            report(properties[kind], "groups and repeats nest at most \(FormGroup.maximumDepth) deep; this one is \(depth + 1) deep")
            return nil
        }
        let path = FieldPath.join(scope, key ?? "")
        if let key, let keyNode = properties[kind] {
            if let first = fieldPlaces[path] ?? groupPlaces[path] {
                report(keyNode, "duplicate key `\(key)`: a field, group or repeat of that key is already declared here, at \(Self.place(first.key))")
            } else {
                groupPlaces[path] = (keyNode, properties["show_if"])
            }
        }
        var group = GroupSpec(key: key ?? "", isRepeat: isRepeat)
        if let title = text(properties, "title") {
            if title.isEmpty { report(properties["title"], "a \(kind)'s `title` cannot be empty (leave it out for none)") } else { group.title = title }
        }
        if let hint = text(properties, "hint") {
            if hint.isEmpty { report(properties["hint"], "`hint` cannot be empty (leave it out for none)") } else { group.hint = hint }
        }
        if let condition = properties["show_if"] { group.showIf = self.condition(condition) }
        if isRepeat {
            group.minCount = count(properties, "min_count") ?? 0
            group.maxCount = count(properties, "max_count")
            group.unique = bool(properties, "unique") ?? false
            group.itemTitle = text(properties, "item_title")
            group.addLabel = text(properties, "add_label")
            let most = RepeatRules.maximumCount
            if group.minCount > most {
                report(properties["min_count"], "`min_count` \(group.minCount) is too large: a repeat holds at most \(most) instances")
            }
            if let maximum = group.maxCount {
                if maximum == 0 || maximum > most {
                    report(properties["max_count"], "`max_count` must be 1 to \(most), not \(maximum)")
                } else if group.minCount > maximum {
                    report(properties["min_count"], "`min_count` \(group.minCount) is above `max_count` \(maximum): no number of instances could pass")
                }
            }
            for name in ["item_title", "add_label"] where properties[name] != nil && text(properties, name)?.isEmpty == true {
                report(properties[name], "`\(name)` cannot be empty (leave it out for the default)")
            }
        }
        let saved = (scope, depth)
        (scope, depth) = (path, depth + 1)
        defer { (scope, depth) = saved }
        if let fieldNode = properties["field"] {
            if properties["rows"] != nil {
                report(fieldNode, "a repeat has `rows` or `field` (a list of one field's values), not both")
            }
            // A list's value has the instance's own path (`nicknames.2`),
            // so its field is declared at the repeat's path.
            scope = saved.0
            group.listField = listField(fieldNode, path: path)
        } else if let rows = properties["rows"] {
            group.items = items(rows)
        } else {
            report(node, "a \(kind) needs `rows`\(isRepeat ? " (or `field`, for a list)" : ""): what it holds")
        }
        guard key != nil else { return nil }
        return group
    }

    /// A list's one field, declared at the list's own path.
    private mutating func listField(_ node: Node, path: String) -> FieldSpec? {
        let before = fieldPlaces.count
        guard let field = field(node) else { return nil }
        // `field` recorded it under its key; a list's value is named by the
        // list's path.
        if fieldPlaces.count > before, let place = fieldPlaces.removeValue(forKey: FieldPath.join(scope, field.key)) {
            fieldPlaces[path] = place
        }
        return field
    }

    private mutating func row(_ node: Node) -> RowSpec? {
        rowCount += 1
        if rowCount == Self.maximumRows + 1 {
            report(node, "a form has at most \(Self.maximumRows) rows; this is one more")
        }
        guard let properties = mapping(node, "a row", known: FormFileProperties.Known.row,
                                       shape: "a mapping with `width` and `fields`") else { return nil }
        let width = rowWidth(properties, "width")
        let minWidth = rowWidth(properties, "min_width")
        let maxWidth = rowWidth(properties, "max_width")
        if properties["width"] == nil {
            report(node, "a row needs `width`: its width in points (more than 0, at most \(Self.format(FormRow.widestWidth)))")
        }
        var fields: [FieldSpec] = []
        if let list = properties["fields"], let items = sequence(list, "fields", shape: "a list of fields") {
            for item in items { if let field = field(item) { fields.append(field) } }
        }
        guard let width else { return nil }
        let row = RowSpec(width: width, minWidth: minWidth, maxWidth: maxWidth, fields: fields)
        if row.minWidth > row.maxWidth {
            report(properties["min_width"] ?? properties["max_width"],
                   "`min_width` \(Self.format(row.minWidth)) is above `max_width` \(Self.format(row.maxWidth))")
        } else if !(row.minWidth...row.maxWidth).contains(width) {
            report(properties["width"],
                   "`width` \(Self.format(width)) is outside the row's range \(Self.format(row.minWidth))…\(Self.format(row.maxWidth)) (`min_width`…`max_width`)")
        }
        return row
    }

    /// A width in points, within what the store accepts.
    private mutating func rowWidth(_ properties: FormFileProperties, _ name: String) -> Double? {
        guard let width = points(properties, name) else { return nil }
        guard width > 0, width <= FormRow.widestWidth else {
            report(properties[name], "`\(name)` \(Self.format(width)) is out of range: a row is more than 0 and at most \(Self.format(FormRow.widestWidth)) points wide")
            return nil
        }
        return width
    }

    private mutating func field(_ node: Node) -> FieldSpec? {
        guard let properties = mapping(node, "a field", known: FormFileProperties.Known.field,
                                       shape: "a mapping with `key`, `label` and rules") else { return nil }
        let key = self.key(properties, kind: "field")
        if let key, let keyNode = properties["key"] {
            let path = FieldPath.join(scope, key)
            if let first = fieldPlaces[path] ?? groupPlaces[path] {
                report(keyNode, "duplicate field key `\(key)`: a field\(scope.isEmpty ? "" : ", group or repeat") of that key is already declared\(scope.isEmpty ? "" : " here") at \(Self.place(first.key))")
            } else {
                fieldPlaces[path] = (keyNode, properties["show_if"])
            }
        }
        var rules = FieldSpec.defaultRules
        rules.required = bool(properties, "required") ?? false
        rules.email = bool(properties, "email") ?? false
        rules.minLength = count(properties, "min_length")
        rules.maxLength = count(properties, "max_length")
        if let shortBelow = count(properties, "short_below") { rules.shortBelow = shortBelow }
        if let minimum = rules.minLength, let maximum = rules.maxLength, minimum > maximum {
            report(properties["min_length"], "`min_length` \(minimum) is above `max_length` \(maximum): no value could pass")
        }
        if let pattern = text(properties, "pattern") {
            if let error = RulePattern.compileError(in: pattern) {
                report(properties["pattern"], "`pattern` /\(FormFileScalars.excerpt(pattern))/ is not a valid regular expression (PCRE2): \(error)")
            } else {
                rules.pattern = pattern
            }
        }
        if let message = text(properties, "message") {
            if message.isEmpty {
                report(properties["message"], "`message` cannot be empty (leave it out for the built-in reasons)")
            } else {
                rules.message = message
            }
        }
        if let unit = text(properties, "length_unit") {
            if let lengthUnit = LengthUnit(rawValue: unit) {
                rules.lengthUnit = lengthUnit
            } else {
                report(properties["length_unit"], "`length_unit` must be `characters` or `code_points`, not \"\(FormFileScalars.excerpt(unit))\"")
            }
        }
        let typed = typedProperties(properties, rules: &rules)
        let label = text(properties, "label")
        let hidden = bool(properties, "hidden") ?? false
        let readOnly = bool(properties, "read_only") ?? false
        if readOnly && rules.type == .note { report(properties["read_only"], "a `note` holds no value: it cannot be `read_only`") }
        var showIf: ShowCondition? = nil
        if let node = properties["show_if"] { showIf = condition(node) }
        guard let key else { return nil }
        return FieldSpec(key: key, label: label, rules: rules, isHidden: hidden, showIf: showIf, hint: typed.hint,
                         defaultValue: typed.defaultValue, isReadOnly: readOnly)
    }

    // MARK: Shapes and scalars

    /// `node`'s properties, when it is a mapping (else a problem naming
    /// `shape`); an unknown property is reported with the nearest known one.
    mutating func mapping(_ node: Node, _ what: String, known: [String], shape: String) -> FormFileProperties? {
        guard case .mapping(let mapping) = node else {
            report(node, "\(what) must be \(shape), not \(FormFileScalars.describe(node))")
            return nil
        }
        var properties = FormFileProperties(owner: node)
        for (name, value) in mapping {
            guard case .scalar(let scalar) = name, FormFileScalars.tagName(name) == .str else {
                report(name, "a property name must be text, not \(FormFileScalars.describe(name))")
                continue
            }
            guard known.contains(scalar.string) else {
                let suggestion = KeySuggestion.nearest(to: scalar.string, in: known).map { " (did you mean `\($0)`?)" } ?? ""
                let list = known.map { "`\($0)`" }.joined(separator: ", ")
                report(name, "unknown property `\(FormFileScalars.excerpt(scalar.string))` in \(what)\(suggestion); known: \(list)")
                continue
            }
            properties.values[scalar.string] = value
            properties.names[scalar.string] = name
        }
        return properties
    }

    /// `node`'s items, when it is a list (else a problem).
    mutating func sequence(_ node: Node, _ name: String, shape: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            report(node, "`\(name)` must be \(shape), not \(FormFileScalars.describe(node))")
            return nil
        }
        return Array(sequence)
    }

    /// A key (`key` of a page or a field): text the store accepts as a key.
    private mutating func key(_ properties: FormFileProperties, kind: String, property: String = "key") -> String? {
        guard let node = properties[property] else {
            report(properties.owner, "a \(kind) needs `\(property)`: 1 to 64 ASCII letters, digits, '_' or '-', starting with a letter")
            return nil
        }
        guard case .scalar(let scalar) = node, FormFileScalars.tagName(node) == .str else {
            report(node, "a \(kind)'s `\(property)` must be text starting with a letter, not \(FormFileScalars.describe(node))")
            return nil
        }
        guard (try? FieldInput.checkKey(scalar.string, kind: kind)) != nil else {
            report(node, "`\(property)` \"\(FormFileScalars.excerpt(scalar.string))\" is not a \(kind) key: 1 to 64 ASCII letters, digits, '_' or '-', starting with a letter")
            return nil
        }
        return scalar.string
    }

    /// Property `name` as text, when given; any other scalar is refused with
    /// a hint to quote it (`label: true` is a boolean, `"true"` text).
    mutating func text(_ properties: FormFileProperties, _ name: String) -> String? {
        guard let node = properties[name] else { return nil }
        guard case .scalar(let scalar) = node, FormFileScalars.tagName(node) == .str else {
            let typed: Set<Tag.Name> = [.int, .float, .bool, .null]
            let hint = typed.contains(FormFileScalars.tagName(node)) ? " (write it in quotes to mean the text)" : ""
            report(node, "`\(name)` must be text, not \(FormFileScalars.describe(node))\(hint)")
            return nil
        }
        if scalar.string.unicodeScalars.contains("\0") {
            report(node, "`\(name)` contains a NUL character (U+0000), which SQLite text and the sqlite3 shell cannot carry")
            return nil
        }
        return scalar.string
    }

    /// Property `name` as `true` or `false`, when given.
    mutating func bool(_ properties: FormFileProperties, _ name: String) -> Bool? {
        guard let node = properties[name] else { return nil }
        guard case .scalar(let scalar) = node, FormFileScalars.tagName(node) == .bool else {
            report(node, "`\(name)` must be true or false, not \(FormFileScalars.describe(node))")
            return nil
        }
        return scalar.string.lowercased() == "true"
    }

    /// Property `name` as a whole number from 0, when given.
    mutating func count(_ properties: FormFileProperties, _ name: String) -> Int? {
        guard let node = properties[name] else { return nil }
        guard case .scalar(let scalar) = node, FormFileScalars.tagName(node) == .int || FormFileScalars.tagName(node) == .float else {
            report(node, "`\(name)` must be a whole number of characters, not \(FormFileScalars.describe(node))")
            return nil
        }
        let text = FormFileScalars.excerpt(scalar.string)
        guard FormFileScalars.tagName(node) == .int else {
            report(node, "`\(name)` must be a whole number of characters, not \(text)")
            return nil
        }
        guard let number = FormFileScalars.integer(scalar.string) else {
            report(node, "`\(name)` \(text) is too large: at most \(Int.max)")
            return nil
        }
        guard number >= 0 else {
            report(node, "`\(name)` cannot be negative (\(text))")
            return nil
        }
        return number
    }

    /// Property `name` as a finite number, when given.
    private mutating func points(_ properties: FormFileProperties, _ name: String) -> Double? {
        guard let node = properties[name] else { return nil }
        guard case .scalar(let scalar) = node, FormFileScalars.tagName(node) == .int || FormFileScalars.tagName(node) == .float,
              let number = FormFileScalars.number(scalar.string, tag: FormFileScalars.tagName(node)) else {
            report(node, "`\(name)` must be a number of points, not \(FormFileScalars.describe(node))")
            return nil
        }
        guard number.isFinite else {
            report(node, "`\(name)` must be a finite number of points, not \(FormFileScalars.excerpt(scalar.string))")
            return nil
        }
        return number
    }

    // MARK: Formatting

    /// `line:column` of a node, for "already declared at".
    static func place(_ node: Node) -> String {
        guard let mark = node.mark else { return "an earlier place" }
        return "\(mark.line):\(mark.column)"
    }

    /// A number as the writer prints it (`540`, `540.5`).
    static func format(_ number: Double) -> String { FormFileText.number(number) }
}

extension FormFileReader {
    /// What one instance of a repeat holds, read from the JSON that
    /// `FormSpec.body(of:at:)` wrote: its items, or a list's field; nil when
    /// the text is not such a body (a hand edit in `sqlite3`).
    static func body(_ text: String) -> (items: [FormItemSpec], field: FieldSpec?)? {
        guard let node = try? Yams.compose(yaml: text), case .mapping = node else { return nil }
        var reader = FormFileReader(file: "body")
        let body: (items: [FormItemSpec], field: FieldSpec?)
        if let field = child(node, "field") {
            guard let spec = reader.field(field) else { return nil }
            body = ([], spec)
        } else if let rows = child(node, "rows") {
            body = (reader.items(rows), nil)
        } else {
            return nil
        }
        return reader.problems.isEmpty ? body : nil
    }
}
