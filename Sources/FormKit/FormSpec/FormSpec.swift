/// A form's structure as a form file declares it (`formctl apply`,
/// `formctl export`): its title template, tab bar, direction, and pages of rows of
/// fields, with every rule and condition, but no values and nothing a store
/// derives (states, colours, minimap rectangles).
///
/// The same value is read from YAML, from JSON (same property names), and
/// from a JSON Schema document, and written back as any of them. Pages and
/// fields are matched with a database's by key, rows by page and position.
public struct FormSpec: Hashable, Sendable {
    /// The title template, with `{key}` placeholders (`Hello {first}`).
    public var title: String
    /// The tab bar's height and whether it is hidden; nil when the file says
    /// nothing (the database's settings stay as they are, a new one gets the
    /// defaults).
    public var tabBar: TabBarSettings?
    /// `direction: ltr|rtl`, the direction the form is read in. A file
    /// that says nothing declares a left-to-right form, the default (so
    /// `export` writes it only for a right-to-left one, and `apply` of a
    /// file without it makes a right-to-left form left to right again).
    public var direction: FormDirection
    /// `language: TAG`, the BCP 47 tag of the language the form is
    /// written in; `en` when the file says nothing (and `export` writes it
    /// only for another).
    public var language: String
    /// The pages in tab bar order; at least one.
    public var pages: [PageSpec]

    /// A form as given.
    public init(title: String, tabBar: TabBarSettings? = nil, direction: FormDirection = .leftToRight,
                language: String = FormDefinition.defaultLanguage, pages: [PageSpec]) {
        self.title = title
        self.tabBar = tabBar
        self.direction = direction
        self.language = language
        self.pages = pages
    }

    /// The fields of the rows at the top of the pages (not in groups),
    /// page after page, row after row, left to right: the form's order.
    /// `declaredFields` has every field.
    public var fields: [FieldSpec] { pages.flatMap { $0.rows.flatMap(\.fields) } }

    /// Whether any page holds a group or repeat.
    public var hasGroups: Bool {
        pages.contains { $0.items.contains { if case .group = $0 { true } else { false } } }
    }
}

/// One page of a form file: a tab, holding rows, groups and repeats.
public struct PageSpec: Hashable, Sendable {
    /// The page's key (`main`, `contact`): 1–64 ASCII letters, digits, `_` or `-`.
    public var key: String
    /// What the tab says.
    public var title: String
    /// The page's rows, groups and repeats, top to bottom.
    public var items: [FormItemSpec]

    /// A page of rows, groups and repeats.
    public init(key: String, title: String, items: [FormItemSpec]) {
        self.key = key
        self.title = title
        self.items = items
    }

    /// A page of rows.
    public init(key: String, title: String, rows: [RowSpec]) {
        self.init(key: key, title: title, items: rows.map(FormItemSpec.row))
    }

    /// The rows at the top of the page (not in a group), top to bottom.
    /// Setting them replaces those rows in place, keeping the groups.
    public var rows: [RowSpec] {
        get { items.compactMap { if case .row(let row) = $0 { row } else { nil } } }
        set {
            var rest = newValue[...]
            items = items.compactMap { item in
                guard case .row = item else { return item }
                return rest.popFirst().map(FormItemSpec.row)
            } + rest.map(FormItemSpec.row)
        }
    }
}

/// An item of a page's `rows`, or of a group's: a row, or a group or
/// repeat (`group: KEY`, `repeat: KEY`).
public enum FormItemSpec: Hashable, Sendable {
    /// A row of fields.
    case row(RowSpec)
    /// A group or a repeat.
    case group(GroupSpec)
}

/// A group (`group: KEY`, a titled block of rows) or a repeat (`repeat:
/// KEY`, filled in once per instance; with `field:` a list of values) of a
/// form file (DECISIONS, "Groups and repeats").
public struct GroupSpec: Hashable, Sendable {
    /// Its key, unique among its siblings.
    public var key: String
    /// Whether it is a repeat (else a group).
    public var isRepeat: Bool
    /// The title above its rows.
    public var title: String?
    /// Help text under the title.
    public var hint: String?
    /// Shown (with everything in it) exactly while this holds; names are
    /// looked up from the group outwards.
    public var showIf: ShowCondition?
    /// Its rows, groups and repeats (empty for a list).
    public var items: [FormItemSpec]
    /// A list's one field (`field:`): a repeat of one value.
    public var listField: FieldSpec?
    /// A repeat's fewest instances.
    public var minCount: Int
    /// A repeat's most instances (nil: 10,000).
    public var maxCount: Int?
    /// No two instances may hold the same answers.
    public var unique: Bool
    /// Each instance's title template (`Child {index}`).
    public var itemTitle: String?
    /// What the Add button says.
    public var addLabel: String?

    /// A group or repeat as given.
    public init(key: String, isRepeat: Bool = false, title: String? = nil, hint: String? = nil, showIf: ShowCondition? = nil,
                items: [FormItemSpec] = [], listField: FieldSpec? = nil, minCount: Int = 0, maxCount: Int? = nil,
                unique: Bool = false, itemTitle: String? = nil, addLabel: String? = nil) {
        self.key = key
        self.isRepeat = isRepeat
        self.title = title
        self.hint = hint
        self.showIf = showIf
        self.items = items
        self.listField = listField
        self.minCount = minCount
        self.maxCount = maxCount
        self.unique = unique
        self.itemTitle = itemTitle
        self.addLabel = addLabel
    }
}

/// One row of a form file: a width the user may change within a range, and
/// the fields side by side in it.
public struct RowSpec: Hashable, Sendable {
    /// The row's width in points.
    public var width: Double
    /// The narrowest width the row accepts; the width itself when not given.
    public var minWidth: Double
    /// The widest width the row accepts; the width itself when not given.
    public var maxWidth: Double
    /// The fields, left to right.
    public var fields: [FieldSpec]

    /// A row as given; without a range, the row accepts only its width.
    public init(width: Double, minWidth: Double? = nil, maxWidth: Double? = nil, fields: [FieldSpec]) {
        self.width = width
        self.minWidth = minWidth ?? width
        self.maxWidth = maxWidth ?? width
        self.fields = fields
    }
}

/// One field of a form file: what `field add`, `field rule`, `field hide`
/// and `field show-if` would set, in one place.
public struct FieldSpec: Hashable, Sendable {
    /// The field's key (`first`, `email`).
    public var key: String
    /// The label above the text field; the key when the file gives none.
    public var label: String
    /// Its rules: `required`, `min_length`, `max_length`, `pattern`,
    /// `email`, `short_below` (0 unless the file says otherwise) and `message`.
    public var rules: FieldRules
    /// `hidden: true`: kept, but neither laid out nor checked.
    public var isHidden: Bool
    /// `show_if`: shown exactly while the condition holds.
    public var showIf: ShowCondition?
    /// `hint`: help text under the label.
    public var hint: String?
    /// `default`: the value a new or cleared form holds, as stored text.
    public var defaultValue: String?
    /// `read_only: true`: `set` (without `--force`) and respondents cannot change it.
    public var isReadOnly: Bool

    /// A field as given. A declared field has no `short` state unless it
    /// says so (`short_below` 0), unlike seed 002's fields.
    public init(key: String, label: String? = nil, rules: FieldRules = FieldSpec.defaultRules, isHidden: Bool = false,
                showIf: ShowCondition? = nil, hint: String? = nil, defaultValue: String? = nil, isReadOnly: Bool = false) {
        self.key = key
        self.isReadOnly = isReadOnly
        self.hint = hint
        self.defaultValue = defaultValue
        self.label = label ?? key
        self.rules = rules
        self.isHidden = isHidden
        self.showIf = showIf
    }

    /// A declared field's rules when the file gives none: nothing required,
    /// and no `short` state.
    public static let defaultRules = FieldRules(shortBelow: 0)
}
