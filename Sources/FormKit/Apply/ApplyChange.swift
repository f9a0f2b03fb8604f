/// One change `formctl apply` makes to a form's structure, printed as one
/// line: `+ field phone (page contact, row 2)`, `~ row 1 width 540 → 600`,
/// `- field twitter`.
public struct ApplyChange: Hashable, Sendable, CustomStringConvertible {
    /// Whether something is added, removed or changed.
    public enum Kind: String, Hashable, Sendable {
        /// `+`: a page, row or field the form did not have (or, for a new
        /// database, the title and tab bar it starts with).
        case added = "+"
        /// `-`: a page, row or field the file leaves out.
        case removed = "-"
        /// `~`: something that stays but differs.
        case changed = "~"
    }

    /// What the form's structure is made of, in the order lines are printed.
    public enum Subject: Int, Hashable, Sendable, Comparable {
        /// The title template.
        case title
        /// The direction the form is read in (`ltr`, `rtl`).
        case direction
        /// The language the form is written in (a BCP 47 tag).
        case language
        /// The tab bar's height or hiding.
        case tabBar
        /// A page.
        case page
        /// A group, repeat or instance.
        case group
        /// A row of a page.
        case row
        /// A field.
        case field

        /// Print order: title, direction, language, tab bar, pages, groups, rows, fields.
        public static func < (lhs: Subject, rhs: Subject) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Added, removed or changed.
    public var kind: Kind
    /// A title, tab bar, page, row or field.
    public var subject: Subject
    /// The line after the sign: `field phone (page contact, row 2)`.
    public var text: String

    /// A change as given.
    public init(_ kind: Kind, _ subject: Subject, _ text: String) {
        self.kind = kind
        self.subject = subject
        self.text = text
    }

    /// The printed line: the sign, a space and the text.
    public var description: String { "\(kind.rawValue) \(text)" }
}
