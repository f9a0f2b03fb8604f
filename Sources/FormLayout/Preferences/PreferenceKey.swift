/// A named value that views produce and their ancestors read, as SwiftUI's
/// `PreferenceKey`.
///
/// Values flow up the tree: children's closures run before their parents',
/// siblings in code order. Where two or more values meet, the first one is
/// taken as it is and `reduce` folds each later one into it, so `reduce`
/// never runs for a single value (seed 000).
public protocol PreferenceKey {
    associatedtype Value
    /// The value of a view tree that writes nothing, and the starting value
    /// of `transformPreference`.
    static var defaultValue: Value { get }
    /// Combines `value` with the next sibling's value.
    static func reduce(value: inout Value, nextValue: () -> Value)
}
