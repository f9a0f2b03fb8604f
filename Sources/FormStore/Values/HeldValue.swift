/// A field that holds a value, named with the value's length: what
/// `formctl apply` lists when it refuses to remove fields without `--prune`
/// (the value itself may be long or private; its length says enough).
public struct HeldValue: Hashable, Sendable, CustomStringConvertible {
    /// The field's key.
    public var key: String
    /// The value's length in characters (grapheme clusters).
    public var length: Int

    /// A held value as given.
    public init(key: String, length: Int) {
        self.key = key
        self.length = length
    }

    /// `email (15 characters)`.
    public var description: String {
        "\(key) (\(length) character\(length == 1 ? "" : "s"))"
    }
}
