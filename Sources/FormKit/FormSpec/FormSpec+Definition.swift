import FormModel

extension FormSpec {
    /// The structure of a stored form as a form file declares it: the title
    /// template, the tab bar, the direction, the pages in tab order, each page's rows,
    /// groups and repeats top to bottom, each row's fields left to right with their labels, rules,
    /// `hidden` flags and conditions. Values, the selected page, the minimap
    /// width and how many instances each repeat holds are not part of it.
    public init(definition: FormDefinition) {
        var fieldsByRow: [Int: [Field]] = [:]
        for field in definition.fields { fieldsByRow[field.row, default: []].append(field) }
        let pages: [PageSpec]
        if definition.groups.isEmpty {
            pages = definition.pages.map { page in
                PageSpec(key: page.key, title: page.title, rows: definition.rows.filter { $0.page == page.key }.map { row in
                    RowSpec(width: row.width, minWidth: row.minWidth, maxWidth: row.maxWidth,
                            fields: (fieldsByRow[row.number] ?? []).map(FieldSpec.init))
                })
            }
        } else {
            let nesting = GroupNesting(definition, fieldsByRow: fieldsByRow)
            pages = definition.pages.map { page in PageSpec(key: page.key, title: page.title, items: nesting.items(in: nil, page: page.key)) }
        }
        self.init(title: definition.titleTemplate, tabBar: definition.tabBar, direction: definition.direction,
                  language: definition.language, pages: pages)
    }

    /// The form's expanded rows and fields as a file of rows alone, each
    /// field named by its path: what `apply` compares, line by line.
    init(expanded definition: FormDefinition) {
        var fieldsByRow: [Int: [Field]] = [:]
        for field in definition.fields { fieldsByRow[field.row, default: []].append(field) }
        let pages = definition.pages.map { page in
            PageSpec(key: page.key, title: page.title, rows: definition.rows.filter { $0.page == page.key }.map { row in
                RowSpec(width: row.width, minWidth: row.minWidth, maxWidth: row.maxWidth,
                        fields: (fieldsByRow[row.number] ?? []).map(FieldSpec.init))
            })
        }
        self.init(title: definition.titleTemplate, tabBar: definition.tabBar, direction: definition.direction,
                  language: definition.language, pages: pages)
    }
}

/// Puts a stored form's expanded rows back into its groups: a group's rows
/// and inner groups as items, a repeat as the body it keeps (its instances
/// are values, not structure), conditions by the shortest names that mean
/// the same paths from where they stand.
private struct GroupNesting {
    let definition: FormDefinition
    let fieldsByRow: [Int: [Field]]
    let keys: Set<String>
    var rowsIn: [String: [FormRow]] = [:]
    var groupsIn: [String: [FormGroup]] = [:]

    init(_ definition: FormDefinition, fieldsByRow: [Int: [Field]]) {
        self.definition = definition
        self.fieldsByRow = fieldsByRow
        keys = Set(definition.fields.map(\.key))
        for row in definition.rows { rowsIn[row.group ?? "", default: []].append(row) }
        for group in definition.groups where group.kind != .instance { groupsIn[group.parent ?? "", default: []].append(group) }
    }

    func items(in container: String?, page: String) -> [FormItemSpec] {
        var entries: [(order: Int, isRow: Bool, item: FormItemSpec)] = []
        for row in rowsIn[container ?? ""] ?? [] where row.page == page {
            let fields = (fieldsByRow[row.number] ?? []).map { field in
                var spec = FieldSpec(field)
                spec.key = FieldPath.last(of: field.key)
                spec.showIf = relative(field.showIf, from: container)
                return spec
            }
            entries.append((row.number, true, .row(RowSpec(width: row.width, minWidth: row.minWidth, maxWidth: row.maxWidth, fields: fields))))
        }
        for group in groupsIn[container ?? ""] ?? [] where group.page == page {
            entries.append((group.firstRow, false, .group(spec(of: group))))
        }
        return entries.enumerated().sorted { ($0.element.order, $0.element.isRow ? 1 : 0, $0.offset) < ($1.element.order, $1.element.isRow ? 1 : 0, $1.offset) }
            .map(\.element.item)
    }

    func spec(of group: FormGroup) -> GroupSpec {
        var spec = GroupSpec(key: group.key, isRepeat: group.kind == .repeat, title: group.title, hint: group.hint,
                             showIf: relative(group.showIf, from: group.path))
        if let rules = group.repeatRules {
            spec.minCount = rules.minCount
            spec.maxCount = rules.maxCount
            spec.unique = rules.unique
            spec.itemTitle = rules.itemTitle
            spec.addLabel = rules.addLabel
            if let body = FormFileReader.body(rules.body) {
                spec.items = body.items
                spec.listField = body.field
            }
        } else {
            spec.items = items(in: group.path, page: group.page)
        }
        return spec
    }

    private func relative(_ condition: ShowCondition?, from scope: String?) -> ShowCondition? {
        guard let condition, scope != nil else { return condition }
        return condition.renamingFields { FieldPath.relativeName(of: $0, from: scope, in: keys) }
    }
}

extension FieldSpec {
    /// A stored field as a form file would declare it: everything but its
    /// value, state and place.
    public init(_ field: Field) {
        self.init(key: field.key, label: field.label, rules: field.rules, isHidden: !field.isVisible, showIf: field.showIf,
                  hint: field.hint, defaultValue: field.defaultValue, isReadOnly: field.isReadOnly)
    }
}
