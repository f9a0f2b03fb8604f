/// A construct of a regular expression that cannot be written in the other
/// dialect with the same meaning (or is not valid in its own): the
/// construct as written and why.
struct PatternTranslationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The construct, as it appears in the pattern (`\1`, `(?i)`).
    var construct: String
    /// Why it is refused, and what to write instead where there is something.
    var reason: String

    /// "`\1`: backreferences …"
    var description: String { "`\(construct)`: \(reason)" }
}
