/// One end of the range a number, date or time must lie in: `min`/`max`
/// (the value itself allowed) or `above`/`below` (not allowed), as a form
/// file says it.
public struct ValueBound: Hashable, Codable, Sendable {
    /// The bound as the field type's canonical text (`18`, `2026-01-01`).
    public var value: String
    /// True for `min`/`max`, false for `above`/`below`.
    public var isInclusive: Bool

    /// A bound as given.
    public init(_ value: String, inclusive: Bool) {
        self.value = value
        isInclusive = inclusive
    }
}
