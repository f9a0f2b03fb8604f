import FormModel

/// What `FormDatabase.setValues` did: the fields whose value changed, with
/// their new state, and the keys whose value was already the one given.
public struct ValuesUpdate: Hashable, Sendable {
    /// The fields whose value changed, in the order they were given, each
    /// with its new value and state (one history row each).
    public var changed: [Field]
    /// The keys given whose stored value was already exactly the one given
    /// (nothing written for them), in the order they were given.
    public var unchanged: [String]

    /// An update as given.
    public init(changed: [Field], unchanged: [String]) {
        self.changed = changed
        self.unchanged = unchanged
    }
}
