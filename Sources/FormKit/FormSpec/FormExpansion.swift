import FormModel

/// A form file's pages made into a form's rows, fields and groups, every
/// group and every instance of every repeat with its own rows and fields,
/// each field's key its path (`contact.phone`, `children.2.name`): what the
/// store keeps and the layout draws (DECISIONS, "Groups and repeats").
///
/// A repeat holds as many instances as `counts` says for its path, else
/// its `minCount`; a field holds `values[path]`, else its default, and is
/// shown as `isVisible[path]` says, else as its declaration says. A
/// condition's names are looked up from its group or instance outwards
/// (`age` inside `children.2` is `children.2.age`).
struct FormExpansion {
    /// Instances per repeat path (`children`, `households.1.members`).
    var counts: [String: Int] = [:]
    /// Values per field path.
    var values: [String: String] = [:]
    /// Whether each field is shown (`formctl field hide`), per field path:
    /// what a form expanded again keeps of each field it had.
    var isVisible: [String: Bool] = [:]

    private(set) var pages: [FormPage] = []
    private(set) var rows: [FormRow] = []
    private(set) var fields: [Field] = []
    private(set) var groups: [FormGroup] = []
    /// The group or instance each field's condition is looked up from.
    private var fieldScopes: [String?] = []
    /// The rows and fields of the form before what is expanded here (an
    /// instance appended at the end of a form: `instance(_:items:listField:page:after:_:)`).
    private var rowsBefore = 0, fieldsBefore = 0

    /// The width of the row a list's value is drawn in.
    static let listRowWidth = 540.0

    init(counts: [String: Int] = [:], values: [String: String] = [:]) {
        self.counts = counts
        self.values = values
    }

    /// Expands every page of `spec`, then resolves the conditions.
    mutating func expand(_ spec: FormSpec) {
        pages.reserveCapacity(spec.pages.count)
        for (index, page) in spec.pages.enumerated() {
            pages.append(FormPage(key: page.key, title: page.title, position: index + 1))
            expand(page.items, page: page.key, container: nil)
        }
        resolveConditions()
    }

    private mutating func expand(_ items: [FormItemSpec], page: String, container: String?) {
        for item in items {
            switch item {
            case .row(let row):
                let number = nextRow
                rows.append(FormRow(number: number, width: row.width, minWidth: row.minWidth, maxWidth: row.maxWidth, page: page,
                                    group: container))
                for field in row.fields { add(field, key: FieldPath.join(container ?? "", field.key), row: number, scope: container) }
            case .group(let group):
                let path = FieldPath.join(container ?? "", group.key)
                guard group.isRepeat else {
                    groups.append(FormGroup(path: path, kind: .group, page: page, firstRow: nextRow, title: group.title,
                                            hint: group.hint, showIf: group.showIf))
                    expand(group.items, page: page, container: path)
                    continue
                }
                let rules = RepeatRules(minCount: group.minCount, maxCount: group.maxCount, unique: group.unique,
                                        itemTitle: group.itemTitle, addLabel: group.addLabel, body: FormSpec.body(of: group, at: path),
                                        isList: group.listField != nil)
                groups.append(FormGroup(path: path, kind: .repeat, page: page, firstRow: nextRow, title: group.title,
                                        hint: group.hint, showIf: group.showIf, repeatRules: rules))
                let count = min(max(counts[path] ?? group.minCount, 0), RepeatRules.maximumCount)
                for number in stride(from: 1, through: count, by: 1) {
                    expandInstance(path + "." + String(number), items: group.items, listField: group.listField, page: page)
                }
            }
        }
    }

    /// One instance of a repeat: its group, then its rows (a list's one
    /// row and field, or the repeat's items).
    private mutating func expandInstance(_ instance: String, items: [FormItemSpec], listField: FieldSpec?, page: String) {
        groups.append(FormGroup(path: instance, kind: .instance, page: page, firstRow: nextRow))
        if let field = listField {
            let row = nextRow
            rows.append(FormRow(number: row, width: Self.listRowWidth, minWidth: Self.listRowWidth, maxWidth: Self.listRowWidth,
                                page: page, group: instance))
            add(field, key: instance, row: row, scope: instance)
        } else {
            expand(items, page: page, container: instance)
        }
    }

    /// The number the next row gets.
    private var nextRow: Int { rowsBefore + rows.count + 1 }

    private mutating func add(_ field: FieldSpec, key: String, row: Int, scope: String?) {
        fields.append(Field(
            key: key, label: field.label, value: values[key] ?? field.defaultValue ?? "", row: row,
            position: fieldsBefore + fields.count + 1, isVisible: isVisible[key] ?? !field.isHidden, rules: field.rules, showIf: field.showIf,
            hint: field.hint, defaultValue: field.defaultValue, isReadOnly: field.isReadOnly))
        fieldScopes.append(scope)
    }

    /// Instance `instance` (`items.4`) of a repeat whose body is `items`
    /// (or the list of `listField`), on `page`, as the whole form's
    /// expansion would make it if it came after `rowsBefore` rows and
    /// `fieldsBefore` fields: its group and those inside it, its rows and
    /// its fields at their defaults (inner repeats at their `min_count`).
    /// Nil when one of its conditions reads a field outside it: only the
    /// whole form can say which field that is.
    static func instance(_ instance: String, items: [FormItemSpec], listField: FieldSpec?, page: String,
                         after rowsBefore: Int, _ fieldsBefore: Int) -> (groups: [FormGroup], rows: [FormRow], fields: [Field])? {
        var expansion = FormExpansion()
        (expansion.rowsBefore, expansion.fieldsBefore) = (rowsBefore, fieldsBefore)
        expansion.expandInstance(instance, items: items, listField: listField, page: page)
        expansion.resolveConditions()
        let conditions = expansion.fields.compactMap(\.showIf) + expansion.groups.compactMap(\.showIf)
        guard conditions.allSatisfy({ $0.fields.allSatisfy { FieldPath.isWithin($0, instance) } }) else { return nil }
        return (expansion.groups, expansion.rows, expansion.fields)
    }

    /// Each condition's names as the paths they mean.
    private mutating func resolveConditions() {
        guard !groups.isEmpty else { return }
        let keys = Set(fields.map(\.key))
        for index in fields.indices {
            guard let scope = fieldScopes[index], let condition = fields[index].showIf else { continue }
            fields[index].showIf = condition.renamingFields { FieldPath.resolve($0, from: scope, in: keys) ?? $0 }
        }
        for index in groups.indices {
            guard let condition = groups[index].showIf else { continue }
            let scope = groups[index].path
            groups[index].showIf = condition.renamingFields { FieldPath.resolve($0, from: scope, in: keys) ?? $0 }
        }
    }
}

