/// A note the editor's status line shows after the field's state: what
/// was just done, or what went wrong and what happened to the user's text.
public enum EditMessage: Hashable, Sendable {
    /// Something done (`saved first`).
    case info(String)
    /// Something the user should know about (a save that failed, a value
    /// changed by someone else while being typed).
    case problem(String)

    /// The words shown.
    public var text: String {
        switch self {
        case .info(let text), .problem(let text): text
        }
    }
}
