/// A titled block of a form's rows (a group: SwiftUI's `Section`, XLSForm's
/// `begin_group`), a repeat a person fills in once per instance (SwiftUI's
/// `ForEach` of sections, XLSForm's `begin_repeat`), or one instance of a
/// repeat. A form holds its groups expanded: every group and every
/// instance, each with its own rows and fields, whose keys are paths
/// (`contact.phone`, `children.2.name`). What one instance of a repeat
/// holds is kept with the repeat (`RepeatRules.body`), to make more of them.
public struct FormGroup: Hashable, Codable, Sendable {
    /// What the group is.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A titled block of rows.
        case group
        /// A list of instances, with an Add button after them.
        case `repeat`
        /// One of a repeat's instances: its path ends in its number.
        case instance
    }

    /// Its path: the keys from the page down joined by `.`, with an
    /// instance's number after its repeat's key (`contact`, `children`,
    /// `children.2`, `children.2.pets`).
    public var path: String
    /// What it is.
    public var kind: Kind
    /// The key of the page it is on.
    public var page: String
    /// Where it starts among the rows: the number of its first row, or for
    /// one without rows the number the next row has.
    public var firstRow: Int
    /// The title drawn above its rows (an instance's comes from its repeat's
    /// `itemTitle`).
    public var title: String?
    /// Help text under the title.
    public var hint: String?
    /// While it holds, the group and everything in it is shown; its paths
    /// are resolved (`consent`, `children.2.age`).
    public var showIf: ShowCondition?
    /// A repeat's counts, titles and body; nil for a group or an instance.
    public var repeatRules: RepeatRules?

    /// A group as given.
    public init(path: String, kind: Kind, page: String, firstRow: Int, title: String? = nil, hint: String? = nil,
                showIf: ShowCondition? = nil, repeatRules: RepeatRules? = nil) {
        self.path = path
        self.kind = kind
        self.page = page
        self.firstRow = firstRow
        self.title = title
        self.hint = hint
        self.showIf = showIf
        self.repeatRules = repeatRules
    }

    /// The path of the group or instance it is in (an instance's is its
    /// repeat's); nil at the top.
    public var parent: String? { FieldPath.parent(of: path) }

    /// Its own key, or an instance's number.
    public var key: String { FieldPath.last(of: path) }

    /// An instance's number, from 1; nil for a group or a repeat.
    public var number: Int? { kind == .instance ? Int(key) : nil }

    /// The deepest groups nest (DECISIONS, "Groups and repeats").
    public static let maximumDepth = 8
}

/// What a repeat says of its instances.
public struct RepeatRules: Hashable, Codable, Sendable {
    /// The fewest instances it may hold; a new form holds this many.
    public var minCount: Int
    /// The most instances it may hold (nil: `RepeatRules.maximumCount`).
    public var maxCount: Int?
    /// No two instances may hold the same answers (JSON Schema's
    /// `uniqueItems`).
    public var unique: Bool
    /// Each instance's title: a template of `{index}` and the instance's
    /// own `{key}`s; nil: the repeat's title and the number.
    public var itemTitle: String?
    /// What the Add button says; nil: `Add` and the title.
    public var addLabel: String?
    /// One instance's rows (or its one field, for a list) as a form file's
    /// JSON (`{"rows": [...]}` or `{"field": {...}}`), with conditions as
    /// written (relative to the instance).
    public var body: String
    /// Whether it is a list: a repeat of one field, `field:` in the file,
    /// whose value's path is the instance's own (`nicknames.2`).
    public var isList: Bool

    /// A repeat's rules as given.
    public init(minCount: Int = 0, maxCount: Int? = nil, unique: Bool = false, itemTitle: String? = nil,
                addLabel: String? = nil, body: String, isList: Bool = false) {
        self.minCount = minCount
        self.maxCount = maxCount
        self.unique = unique
        self.itemTitle = itemTitle
        self.addLabel = addLabel
        self.body = body
        self.isList = isList
    }

    /// The most instances any repeat holds.
    public static let maximumCount = 10_000

    /// The most instances this repeat may hold.
    public var upperCount: Int { maxCount ?? Self.maximumCount }
}

extension FormGroup {
    /// What a repeat's Add button says: its `addLabel`, or `Add` and its
    /// title (its key when it has none).
    public var addLabel: String {
        repeatRules?.addLabel ?? "Add " + (title ?? key)
    }
}
