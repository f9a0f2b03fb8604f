/// One value as a values file wrote it (`formctl values --load`, `formctl
/// submit --from`), before the field's type reads it: its text, what kind
/// of value the file gave, and where.
public struct ValuesFileEntry: Hashable, Sendable {
    /// What kind of value the file gave.
    public enum Kind: Hashable, Sendable {
        /// A JSON string: text, a choice, a date or a time.
        case string
        /// A JSON number, its digits as written.
        case number
        /// `true` or `false`.
        case boolean
        /// JSON `null`: the field is empty.
        case null
        /// A JSON array of strings (a `select_multiple`'s choices), kept as
        /// the JSON array text; an empty one as "".
        case list
        /// A CSV cell: text the field's type parses, as `set` does.
        case csv
        /// A JSON array of objects: a repeat's instances, the value their
        /// count (their members are entries of their own, `children.2.name`).
        case instances
        /// A JSON object: a group's values (its members are entries of
        /// their own, `contact.phone`); a field cannot take one.
        case object
    }

    /// The field's key.
    public var key: String
    /// The value's text (a number's digits, a list's JSON array).
    public var value: String
    public var kind: Kind
    /// Where the value starts, as an index into the file's scalars.
    var start: Int
    /// A JSON array's values, each an entry of the list's path and its
    /// number (`nicknames.2`): a list's instances, when the array is one.
    var items: [ValuesFileEntry] = []
}
