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

    /// Every field of the form, page after page, row after row, left to
    /// right: the form's order.
    public var fields: [FieldSpec] { pages.flatMap { $0.rows.flatMap(\.fields) } }
}

/// One page of a form file: a tab, holding rows.
public struct PageSpec: Hashable, Sendable {
    /// The page's key (`main`, `contact`): 1–64 ASCII letters, digits, `_` or `-`.
    public var key: String
    /// What the tab says.
    public var title: String
    /// The page's rows, top to bottom.
    public var rows: [RowSpec]

    /// A page as given.
    public init(key: String, title: String, rows: [RowSpec]) {
        self.key = key
        self.title = title
        self.rows = rows
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

    /// A field as given. A declared field has no `short` state unless it
    /// says so (`short_below` 0), unlike seed 002's fields.
    public init(key: String, label: String? = nil, rules: FieldRules = FieldSpec.defaultRules, isHidden: Bool = false,
                showIf: ShowCondition? = nil, hint: String? = nil, defaultValue: String? = nil) {
        self.key = key
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
