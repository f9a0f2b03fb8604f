import FormModel
import Synchronization

/// A formctl rule pattern (PCRE2 with `PCRE2_UTF` and `PCRE2_UCP`, matched
/// against the whole value) rewritten as a JSON Schema `pattern`
/// (ECMA-262, a search) that accepts exactly the same strings, or refused.
///
/// The result is `^(?:…)(?![\s\S])`: `(?![\s\S])` is the value's end for
/// ECMA-262 and for Python's `re` alike (Python's `$` also matches before a
/// final newline). Inside:
///
/// - every class-like atom (`[…]`, `.`, `\d`, `\w`, `\s`, `\h`, `\v`,
///   `\N`, `\p{…}`) is written as an explicit class of the scalars PCRE2
///   matches with it, found by asking PCRE2 itself
///   (`RulePattern.matchedScalars`): Unicode-aware `\d` becomes the ranges
///   of every decimal digit PCRE2 knows, not ECMA-262's ASCII `\d`;
/// - `\b`/`\B` are spelt with lookarounds over PCRE2's `\w`;
/// - `$` and `\Z` become "at the end, or before a final newline" and `\z`
///   the end, as PCRE2 means them;
/// - literals are written so that ECMA-262 (with or without `u`) and
///   Python read the same character.
///
/// Refused, naming the construct: backreferences, atomic groups and
/// possessive quantifiers, inline options (`(?i)`), `\K`, `\G`, `\R`,
/// `\X`, `\C`, recursion, conditionals, callouts, verbs, and a `{` that is
/// not a quantifier.
struct PCRE2PatternExport {
    /// The ECMA-262 search pattern meaning the same as the whole-value `pattern`.
    static func ecma(from pattern: String) throws(PatternTranslationError) -> String {
        var translator = PCRE2PatternExport(scalars: Array(pattern.unicodeScalars))
        let alternatives = try translator.disjunction()
        guard translator.atEnd else {
            throw PatternTranslationError(construct: ")", reason: "a closing parenthesis without an opening one")
        }
        let body = alternatives.joined(separator: "|")
        return "^" + (alternatives.count > 1 ? "(?:\(body))" : body) + "(?![\\s\\S])"
    }

    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    var atEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
    func text(from start: Int) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<min(index, scalars.count)])
        return result
    }

    static let endOfValue = "(?![\\s\\S])"
    static let endOrBeforeFinalNewline = "(?=\\n?(?![\\s\\S]))"

    // MARK: Writing ECMA-262

    /// A scalar as an ECMA-262 literal: letters, digits and harmless ASCII
    /// as themselves, syntax characters escaped, other BMP scalars as
    /// `\uXXXX`, and others as themselves in a group (one code point with
    /// `u` and in Python, a surrogate pair matched whole without `u`).
    static func literal(_ value: UInt32) -> String {
        guard let scalar = Unicode.Scalar(value) else { return "" }
        if "^$\\.*+?()[]{}|/".unicodeScalars.contains(scalar) { return "\\" + String(Character(scalar)) }
        if (0x21...0x7E).contains(value) || value == 0x20 { return String(Character(scalar)) }
        if value > 0xFFFF { return "(?:" + String(Character(scalar)) + ")" }
        return unicodeEscape(value)
    }

    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A class member or range end: `\uXXXX` in the BMP (no character is
    /// special then), the character itself beyond it.
    static func classMember(_ value: UInt32) -> String {
        let isAlphanumeric = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        if isAlphanumeric || value > 0xFFFF, let scalar = Unicode.Scalar(value) { return String(Character(scalar)) }
        return unicodeEscape(value)
    }

    /// `set` as an ECMA-262 atom: a literal for one scalar, else a class or
    /// its negation, whichever is shorter.
    static func atom(_ set: ScalarRanges) -> String {
        if set.isEmpty { return "[^\\s\\S]" }
        if set.isAll { return "[\\s\\S]" }
        if let single = set.single { return literal(single) }
        let inverted = set.inverted
        let negate = inverted.ranges.count < set.ranges.count
        let members = (negate ? inverted : set).ranges.map { range in
            range.lowerBound == range.upperBound
                ? classMember(range.lowerBound) : classMember(range.lowerBound) + "-" + classMember(range.upperBound)
        }
        return "[" + (negate ? "^" : "") + members.joined() + "]"
    }

    /// The scalars a class-like PCRE2 atom matches, as PCRE2 decides;
    /// remembered per process (`\w` is asked four times by each `\b`).
    static func members(of atom: String) throws(PatternTranslationError) -> ScalarRanges {
        if let known = memberCache.withLock({ $0[atom] }) { return known }
        let members: ScalarRanges
        do {
            members = ScalarRanges(try RulePattern.matchedScalars(of: atom))
        } catch {
            throw PatternTranslationError(construct: atom, reason: "PCRE2 does not compile it: \(error)")
        }
        memberCache.withLock { cache in
            // A form has a handful of classes; a long-lived process must not grow without bound.
            if cache.count >= 256 { cache.removeAll() }
            cache[atom] = members
        }
        return members
    }

    private static let memberCache = Mutex<[String: ScalarRanges]>([:])

    // MARK: Parsing PCRE2

    mutating func disjunction() throws(PatternTranslationError) -> [String] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 200 else { throw PatternTranslationError(construct: "(", reason: "groups nested more than 200 deep") }
        var alternatives = [try alternative()]
        while current == "|" {
            index += 1
            alternatives.append(try alternative())
        }
        return alternatives
    }

    mutating func alternative() throws(PatternTranslationError) -> String {
        var result = ""
        while let scalar = current, scalar != "|", scalar != ")" {
            let (piece, isAtom) = try term()
            if let quantifier = try quantifier() {
                guard isAtom else {
                    throw PatternTranslationError(construct: quantifier, reason: "a quantifier on an assertion or on `\\Q…\\E` has no ECMA-262 equivalent")
                }
                result += piece + quantifier
            } else {
                result += piece
            }
        }
        return result
    }

    mutating func quantifier() throws(PatternTranslationError) -> String? {
        guard let scalar = current else { return nil }
        let start = index
        var text: String
        switch scalar {
        case "*", "+", "?":
            index += 1
            text = String(scalar)
        case "{":
            guard let bounds = braceQuantifier() else { return nil }
            if let max = bounds.max, max < bounds.min {
                throw PatternTranslationError(construct: self.text(from: start), reason: "the quantifier's minimum is above its maximum")
            }
            text = self.text(from: start)
        default:
            return nil
        }
        if current == "?" {
            index += 1
            text += "?"
        } else if current == "+" {
            index += 1
            throw PatternTranslationError(construct: self.text(from: start), reason: "possessive quantifiers have no ECMA-262 equivalent")
        }
        return text
    }

    mutating func braceQuantifier() -> (min: Int, max: Int?)? {
        let start = index
        index += 1
        guard let min = number() else { index = start; return nil }
        var max: Int? = min
        if current == "," {
            index += 1
            max = number()
        }
        guard current == "}" else { index = start; return nil }
        index += 1
        return (min, max)
    }

    mutating func number() -> Int? {
        var value: Int?
        while let scalar = current, ("0"..."9").contains(scalar) {
            value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), 1_000_000)
            index += 1
        }
        return value
    }

    /// One atom or assertion: its ECMA-262 text and whether a quantifier may follow.
    mutating func term() throws(PatternTranslationError) -> (String, Bool) {
        guard let scalar = current else { return ("", false) }
        let start = index
        switch scalar {
        case "^":
            index += 1
            return ("^", false)
        case "$":
            index += 1
            return (Self.endOrBeforeFinalNewline, false)
        case ".":
            index += 1
            return (Self.atom(try Self.members(of: ".")), true)
        case "[":
            let source = try classSource()
            return (Self.atom(try Self.members(of: source)), true)
        case "(":
            return try group()
        case "\\":
            return try escape()
        case "*", "+", "?":
            throw PatternTranslationError(construct: String(scalar), reason: "a quantifier with nothing before it")
        case "{":
            if braceQuantifier() != nil {
                throw PatternTranslationError(construct: text(from: start), reason: "a quantifier with nothing before it")
            }
            throw PatternTranslationError(construct: "{", reason: "a `{` that is not a quantifier; write `\\{` for the character")
        default:
            index += 1
            return (Self.literal(scalar.value), true)
        }
    }

    /// The source of the class at `index`, as PCRE2 delimits it: a `]`
    /// first (after `^`) is a member, `\` escapes the next character (or
    /// `\Q…\E` quotes), `[:name:]` is a POSIX class.
    mutating func classSource() throws(PatternTranslationError) -> String {
        let start = index
        index += 1
        if current == "^" { index += 1 }
        if current == "]" { index += 1 }
        while let scalar = current, scalar != "]" {
            if scalar == "\\" {
                if peek(1) == "Q" {
                    index += 2
                    while current != nil, !(current == "\\" && peek(1) == "E") { index += 1 }
                    index = min(index + 2, scalars.count)
                } else {
                    index += 2
                }
            } else if scalar == "[", peek(1) == ":" || peek(1) == "." || peek(1) == "=" {
                let marker = peek(1)
                index += 2
                while current != nil, !(current == marker && peek(1) == "]") { index += 1 }
                index = min(index + 2, scalars.count)
            } else {
                index += 1
            }
        }
        guard current == "]" else { throw PatternTranslationError(construct: text(from: start), reason: "a class without its closing `]`") }
        index += 1
        return text(from: start)
    }

    mutating func group() throws(PatternTranslationError) -> (String, Bool) {
        let start = index
        index += 1
        var opening = "(?:"
        var isAtom = true
        if current == "*" {
            throw PatternTranslationError(construct: "(*", reason: "PCRE2 verbs and options have no ECMA-262 equivalent")
        }
        if current == "?" {
            switch (peek(1), peek(2)) {
            case ("=", _), ("!", _):
                opening = "(?" + String(peek(1) ?? "=")
                isAtom = false
                index += 2
            case ("<", "="), ("<", "!"):
                opening = "(?<" + String(peek(2) ?? "=")
                isAtom = false
                index += 3
            case (":", _):
                index += 2
            case ("<", _), ("P", "<"), ("'", _):
                // A named group: only its matching matters here.
                let close: Unicode.Scalar = peek(1) == "'" ? "'" : ">"
                index += peek(1) == "P" ? 3 : 2
                while let scalar = current, scalar != close {
                    guard scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) else {
                        throw PatternTranslationError(construct: text(from: start), reason: "not a group name")
                    }
                    index += 1
                }
                guard current == close else { throw PatternTranslationError(construct: text(from: start), reason: "an unfinished group name") }
                index += 1
            default:
                index += 1
                if let next = current { index += 1; _ = next }
                throw PatternTranslationError(construct: text(from: start),
                                              reason: "inline options, atomic groups, recursion, conditionals and comments have no ECMA-262 equivalent")
            }
        }
        let inner = try disjunction()
        guard current == ")" else { throw PatternTranslationError(construct: text(from: start), reason: "a group without its closing parenthesis") }
        index += 1
        return (opening + inner.joined(separator: "|") + ")", isAtom)
    }

    mutating func escape() throws(PatternTranslationError) -> (String, Bool) {
        let start = index
        guard let letter = peek(1) else { throw PatternTranslationError(construct: "\\", reason: "a backslash at the end of the pattern") }
        index += 2
        switch letter {
        case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V", "N":
            return (Self.atom(try Self.members(of: "\\" + String(letter))), true)
        case "p", "P":
            var source = "\\" + String(letter)
            if current == "{" {
                while let scalar = current, scalar != "}" {
                    source.unicodeScalars.append(scalar)
                    index += 1
                }
                guard current == "}" else { throw PatternTranslationError(construct: text(from: start), reason: "`\\p{` without its closing brace") }
                index += 1
                source += "}"
            } else if let name = current {
                source.unicodeScalars.append(name)
                index += 1
            }
            return (Self.atom(try Self.members(of: source)), true)
        case "b", "B":
            let word = Self.atom(try Self.members(of: "\\w"))
            let text = letter == "b"
                ? "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
                : "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
            return (text, false)
        case "A": return ("^", false)
        case "z": return (Self.endOfValue, false)
        case "Z": return (Self.endOrBeforeFinalNewline, false)
        case "Q":
            var result = ""
            while current != nil, !(current == "\\" && peek(1) == "E") {
                if let scalar = current { result += Self.literal(scalar.value) }
                index += 1
            }
            index = min(index + 2, scalars.count)
            // A quantifier after `\Q…\E` applies to its last character only.
            return ("(?:" + result + ")", false)
        case "E":
            return ("", false)
        case "n": return (Self.literal(0x0A), true)
        case "t": return (Self.literal(0x09), true)
        case "r": return (Self.literal(0x0D), true)
        case "f": return (Self.literal(0x0C), true)
        case "e": return (Self.literal(0x1B), true)
        case "a": return (Self.literal(0x07), true)
        case "0":
            var value: UInt32 = 0
            var digits = 0
            while digits < 2, let digit = current, ("0"..."7").contains(digit) {
                value = value * 8 + (digit.value - 0x30)
                digits += 1
                index += 1
            }
            return (Self.literal(value), true)
        case "o":
            return (Self.literal(try braced(start: start, radix: 8)), true)
        case "x":
            if current == "{" { return (Self.literal(try braced(start: start, radix: 16)), true) }
            var value: UInt32 = 0
            var digits = 0
            while digits < 2, let digit = current, let digitValue = ECMAPatternImport.hexValue(digit) {
                value = value * 16 + digitValue
                digits += 1
                index += 1
            }
            return (Self.literal(value), true)
        case "c":
            guard let control = current, control.isASCII, control.value >= 0x20, control.value < 0x7F else {
                throw PatternTranslationError(construct: text(from: start), reason: "`\\c` needs a printable ASCII character")
            }
            index += 1
            let upper = ("a"..."z").contains(control) ? control.value - 0x20 : control.value
            return (Self.literal(upper ^ 0x40), true)
        case "1"..."9", "g", "k":
            throw PatternTranslationError(construct: text(from: start), reason: "backreferences are refused: a group not taken fails in PCRE2 but matches the empty string in ECMA-262")
        default:
            if letter.isASCII, !letter.properties.isAlphabetic, !("0"..."9").contains(letter) {
                return (Self.literal(letter.value), true)
            }
            if !letter.isASCII { return (Self.literal(letter.value), true) }
            throw PatternTranslationError(construct: text(from: start), reason: "this escape has no ECMA-262 equivalent (or none formctl writes)")
        }
    }

    /// `{…}` digits in `radix` after `\x` or `\o`.
    mutating func braced(start: Int, radix: UInt32) throws(PatternTranslationError) -> UInt32 {
        guard current == "{" else { throw PatternTranslationError(construct: text(from: start), reason: "needs `{…}`") }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while let scalar = current, let digit = ECMAPatternImport.hexValue(scalar), digit < radix {
            value = min(value * radix + digit, 0x110000)
            digits += 1
            index += 1
        }
        guard digits > 0, current == "}", value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw PatternTranslationError(construct: text(from: start), reason: "not a Unicode scalar value")
        }
        index += 1
        return value
    }
}
