/// One page of a form: a tab in the tab bar, holding some of the form's rows
/// (seed 000's tab items, seed 001's pages behind "More").
public struct FormPage: Hashable, Codable, Sendable, Identifiable {
    /// The stable name used on the command line and in SQL (`main`, `contact`):
    /// 1–64 ASCII letters, digits, `_` or `-`, as a field key.
    public var key: String
    /// What the page's tab says (`Contact`).
    public var title: String
    /// Place in the tab bar, from 1, left to right.
    public var position: Int

    /// The key, so pages work in `ForEach` without an `id:` key path.
    public var id: String { key }

    /// A page as given.
    public init(key: String, title: String, position: Int) {
        self.key = key
        self.title = title
        self.position = position
    }

    /// The key of the page every form starts with, and every row belongs to
    /// when nothing else is said.
    public static let mainKey = "main"

    /// The one page of a form that has not been split: `main`, titled `Main`.
    public static let main = FormPage(key: mainKey, title: "Main", position: 1)
}
