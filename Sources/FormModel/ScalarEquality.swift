/// Values compared as JSON and JSON Schema compare strings: code point for
/// code point (the JSON Schema Test Suite's `const.json` and `enum.json`
/// check it), as SQLite's `=` and `UNIQUE` compare them too.
///
/// Swift's `==` on `String` is canonical equivalence: `ä` (U+00E4) equals
/// `a` + U+0308, and U+212A KELVIN SIGN equals `K`. Were a choice, a
/// `const` or a condition's value matched that way, formctl would take as
/// valid a value that every reader of its JSON, its schema or its
/// database sees as another string. Every comparison of values goes
/// through `isScalarEqual(to:)`, or through `ScalarText` where values are
/// kept in a set or a dictionary.
extension StringProtocol {
    /// Whether the two texts are the same Unicode scalars, in the same
    /// order (not merely canonically equivalent, as `==` says).
    ///
    /// Compares the UTF-8 bytes: a Swift string is always valid Unicode,
    /// so equal bytes are equal scalars, and the bytes are compared without
    /// decoding them.
    @inlinable
    public func isScalarEqual<Other: StringProtocol>(to other: Other) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }
}

/// A text that equals another only when their Unicode scalars are the same
/// (`isScalarEqual(to:)`): the key of a set or a dictionary of values,
/// where `String`'s own `Hashable` would take canonically equivalent
/// spellings as one key.
public struct ScalarText: Hashable, Sendable {
    /// The text as given.
    public let text: String

    /// The key for `text`.
    public init(_ text: String) { self.text = text }

    public static func == (lhs: ScalarText, rhs: ScalarText) -> Bool { lhs.text.isScalarEqual(to: rhs.text) }

    /// `String`'s hash: it hashes canonically equivalent texts alike, so
    /// texts equal scalar for scalar (a finer equality) hash alike too.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
