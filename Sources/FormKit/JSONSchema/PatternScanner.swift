/// A cursor over the scalars of a regular expression, with the syntax that
/// ECMA-262 and PCRE2 spell and mean alike: quantifiers, `|` between
/// alternatives, groups and their openings `(?:`, `(?=`, `(?!`, `(?<=`,
/// `(?<!`.
///
/// The two pattern translators (`ECMAPatternImport`, `PCRE2PatternExport`)
/// read with one each and keep only their own grammar. It is a class so
/// that `pattern(_:)` and `group(openedAt:_:)` can call back into the
/// translator that holds it (a struct would be borrowed by the call and
/// again by the callback).
final class PatternScanner {
    /// Groups may nest this deep; deeper is refused rather than allowed to
    /// exhaust the stack of the recursive-descent translators.
    static let maximumDepth = 200

    let scalars: [Unicode.Scalar]
    /// The position of `current`; `scalars.count` at the end.
    var index = 0
    private var depth = 0

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    var atEnd: Bool { index >= scalars.count }
    /// The scalar at `index`, nil at the end.
    var current: Unicode.Scalar? { peek(0) }

    /// The scalar `offset` places after `index`, nil past the end.
    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    func advance(_ count: Int = 1) {
        index += count
    }

    /// Steps over `scalar` when it is `current`.
    func skip(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        index += 1
        return true
    }

    /// The source from `start` to `index`: the construct an error names.
    func text(from start: Int) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<min(index, scalars.count)])
        return result
    }

    /// The scalars up to (not including) `terminator` or the end; `index`
    /// is left at the terminator.
    func read(upTo terminator: Unicode.Scalar) -> String {
        var result = ""
        while let scalar = current, scalar != terminator {
            result.unicodeScalars.append(scalar)
            index += 1
        }
        return result
    }

    // MARK: Syntax both dialects share

    /// The whole pattern: its alternatives, each read by `alternative`,
    /// with nothing left over (a `)` there closes no group).
    func pattern<Alternative>(
        _ alternative: () throws(PatternTranslationError) -> Alternative
    ) throws(PatternTranslationError) -> [Alternative] {
        let result = try alternatives(alternative)
        guard atEnd else {
            throw PatternTranslationError(construct: ")", reason: "a closing parenthesis without an opening one")
        }
        return result
    }

    /// A group's inside and its `)` (`start` is the group's `(`, for the
    /// error): its alternatives, each read by `alternative`.
    func group<Alternative>(
        openedAt start: Int, _ alternative: () throws(PatternTranslationError) -> Alternative
    ) throws(PatternTranslationError) -> [Alternative] {
        let result = try alternatives(alternative)
        guard skip(")") else {
            throw PatternTranslationError(construct: text(from: start), reason: "a group without its closing parenthesis")
        }
        return result
    }

    /// One or more alternatives separated by `|`; one level of nesting deeper.
    private func alternatives<Alternative>(
        _ alternative: () throws(PatternTranslationError) -> Alternative
    ) throws(PatternTranslationError) -> [Alternative] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw PatternTranslationError(construct: "(", reason: "groups nested more than \(Self.maximumDepth) deep")
        }
        var result = [try alternative()]
        while skip("|") {
            result.append(try alternative())
        }
        return result
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}` at `index`, as written (a
    /// lazy or possessive suffix is left to the dialect); nil, with `index`
    /// left alone, when none is there (a `{` that does not start one included).
    func quantifier() throws(PatternTranslationError) -> String? {
        guard let scalar = current else { return nil }
        let start = index
        switch scalar {
        case "*", "+", "?":
            index += 1
        case "{":
            guard let bounds = braceQuantifier() else { return nil }
            if let max = bounds.max, max < bounds.min {
                throw PatternTranslationError(construct: text(from: start), reason: "the quantifier's minimum is above its maximum")
            }
        default:
            return nil
        }
        return text(from: start)
    }

    /// The refusal of a quantifier found where an atom should start (at
    /// `index`); `loneBrace` is the dialect's reason for a `{` that does
    /// not start a quantifier.
    func quantifierWithoutAtom(loneBrace: String) -> PatternTranslationError {
        let start = index
        guard current == "{" else {
            return PatternTranslationError(construct: current.map(String.init) ?? "", reason: "a quantifier with nothing before it")
        }
        guard braceQuantifier() != nil else { return PatternTranslationError(construct: "{", reason: loneBrace) }
        return PatternTranslationError(construct: text(from: start), reason: "a quantifier with nothing before it")
    }

    /// Reads `{n}`, `{n,}` or `{n,m}` at `index`; leaves `index` alone when it is not one.
    func braceQuantifier() -> (min: Int, max: Int?)? {
        let start = index
        index += 1
        guard let min = number() else { index = start; return nil }
        var max: Int? = min
        if skip(",") {
            max = number()
        }
        guard skip("}") else { index = start; return nil }
        return (min, max)
    }

    /// Decimal digits at `index`, capped at a million (no repeat count is
    /// larger in practice, and the cap keeps the arithmetic from overflowing).
    func number() -> Int? {
        var value: Int?
        while let scalar = current, ("0"..."9").contains(scalar) {
            value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), 1_000_000)
            index += 1
        }
        return value
    }

    /// After a group's `(`: reads `?:`, `?=`, `?!`, `?<=` or `?<!` and
    /// returns the group's opening as both dialects write it, and whether
    /// it is a lookaround (an assertion, which takes no quantifier in the
    /// output); nil, with `index` left alone, for anything else (a plain
    /// group, a named one, or a dialect's own construct).
    func groupOpening() -> (opening: String, isLookaround: Bool)? {
        guard current == "?" else { return nil }
        switch (peek(1), peek(2)) {
        case ("=", _), ("!", _):
            let opening = "(?" + String(peek(1) ?? "=")
            index += 2
            return (opening, true)
        case ("<", "="), ("<", "!"):
            let opening = "(?<" + String(peek(2) ?? "=")
            index += 3
            return (opening, true)
        case (":", _):
            index += 2
            return ("(?:", false)
        default:
            return nil
        }
    }

    /// `\b` (or, `negated`, `\B`) written with lookarounds over `word`, an
    /// atom for one word character; the same text serves both dialects.
    static func wordBoundary(word: String, negated: Bool) -> String {
        negated
            ? "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
            : "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
    }
}
