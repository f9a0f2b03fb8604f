extension FormSpec {
    /// The structure of a stored form as a form file declares it: the title
    /// template, the tab bar, the direction, the pages in tab order, each page's rows top to
    /// bottom, each row's fields left to right with their labels, rules,
    /// `hidden` flags and conditions. Values, the selected page and the
    /// minimap width are not part of it.
    public init(definition: FormDefinition) {
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

extension FieldSpec {
    /// A stored field as a form file would declare it: everything but its
    /// value, state and place.
    public init(_ field: Field) {
        self.init(key: field.key, label: field.label, rules: field.rules, isHidden: !field.isVisible, showIf: field.showIf,
                  hint: field.hint, defaultValue: field.defaultValue)
    }
}
