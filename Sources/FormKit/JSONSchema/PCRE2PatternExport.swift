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
        let translator = PCRE2PatternExport(scanner: PatternScanner(pattern))
        let alternatives = try translator.scanner.pattern { () throws(PatternTranslationError) in try translator.alternative() }
        let body = alternatives.joined(separator: "|")
        return "^" + (alternatives.count > 1 ? "(?:\(body))" : body) + "(?![\\s\\S])"
    }

    let scanner: PatternScanner

    var current: Unicode.Scalar? { scanner.current }

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

    func alternative() throws(PatternTranslationError) -> String {
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

    /// A quantifier, optionally lazy (a `{` that is not one is a literal
    /// to PCRE2); nil when none follows.
    func quantifier() throws(PatternTranslationError) -> String? {
        let start = scanner.index
        guard var text = try scanner.quantifier() else { return nil }
        if scanner.skip("?") {
            text += "?"
        } else if scanner.skip("+") {
            throw PatternTranslationError(construct: scanner.text(from: start), reason: "possessive quantifiers have no ECMA-262 equivalent")
        }
        return text
    }

    /// One atom or assertion: its ECMA-262 text and whether a quantifier may follow.
    func term() throws(PatternTranslationError) -> (String, Bool) {
        guard let scalar = current else { return ("", false) }
        switch scalar {
        case "*", "+", "?", "{":
            throw scanner.quantifierWithoutAtom(loneBrace: "a `{` that is not a quantifier; write `\\{` for the character")
        case "^":
            scanner.advance()
            return ("^", false)
        case "$":
            scanner.advance()
            return (Self.endOrBeforeFinalNewline, false)
        case ".":
            scanner.advance()
            return (Self.atom(try Self.members(of: ".")), true)
        case "[":
            let source = try classSource()
            return (Self.atom(try Self.members(of: source)), true)
        case "(":
            return try group()
        case "\\":
            return try escape()
        default:
            scanner.advance()
            return (Self.literal(scalar.value), true)
        }
    }

    /// The source of the class at the scanner, as PCRE2 delimits it: a `]`
    /// first (after `^`) is a member, `\` escapes the next character (or
    /// `\Q…\E` quotes), `[:name:]` is a POSIX class.
    func classSource() throws(PatternTranslationError) -> String {
        let start = scanner.index
        scanner.advance()
        if current == "^" { scanner.advance() }
        if current == "]" { scanner.advance() }
        while let scalar = current, scalar != "]" {
            if scalar == "\\" {
                if scanner.peek(1) == "Q" {
                    scanner.advance(2)
                    while current != nil, !(current == "\\" && scanner.peek(1) == "E") { scanner.advance() }
                    scanner.index = min(scanner.index + 2, scanner.scalars.count)
                } else {
                    scanner.advance(2)
                }
            } else if scalar == "[", scanner.peek(1) == ":" || scanner.peek(1) == "." || scanner.peek(1) == "=" {
                let marker = scanner.peek(1)
                scanner.advance(2)
                while current != nil, !(current == marker && scanner.peek(1) == "]") { scanner.advance() }
                scanner.index = min(scanner.index + 2, scanner.scalars.count)
            } else {
                scanner.advance()
            }
        }
        guard current == "]" else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "a class without its closing `]`") }
        scanner.advance()
        return scanner.text(from: start)
    }

    func group() throws(PatternTranslationError) -> (String, Bool) {
        let start = scanner.index
        scanner.advance()
        var opening = "(?:"
        var isAtom = true
        if current == "*" {
            throw PatternTranslationError(construct: "(*", reason: "PCRE2 verbs and options have no ECMA-262 equivalent")
        }
        if let shared = scanner.groupOpening() {
            opening = shared.opening
            isAtom = !shared.isLookaround
        } else if current == "?" {
            switch (scanner.peek(1), scanner.peek(2)) {
            case ("<", _), ("P", "<"), ("'", _):
                // A named group: only its matching matters here.
                let close: Unicode.Scalar = scanner.peek(1) == "'" ? "'" : ">"
                scanner.index += scanner.peek(1) == "P" ? 3 : 2
                while let scalar = current, scalar != close {
                    guard scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) else {
                        throw PatternTranslationError(construct: scanner.text(from: start), reason: "not a group name")
                    }
                    scanner.advance()
                }
                guard current == close else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "an unfinished group name") }
                scanner.advance()
            default:
                scanner.advance()
                if let next = current { scanner.advance(); _ = next }
                throw PatternTranslationError(construct: scanner.text(from: start),
                                              reason: "inline options, atomic groups, recursion, conditionals and comments have no ECMA-262 equivalent")
            }
        }
        let inner = try scanner.group(openedAt: start) { () throws(PatternTranslationError) in try alternative() }
        return (opening + inner.joined(separator: "|") + ")", isAtom)
    }

    func escape() throws(PatternTranslationError) -> (String, Bool) {
        let start = scanner.index
        guard let letter = scanner.peek(1) else { throw PatternTranslationError(construct: "\\", reason: "a backslash at the end of the pattern") }
        scanner.advance(2)
        switch letter {
        case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V", "N":
            return (Self.atom(try Self.members(of: "\\" + String(letter))), true)
        case "p", "P":
            var source = "\\" + String(letter)
            if current == "{" {
                source += scanner.read(upTo: "}")
                guard current == "}" else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\p{` without its closing brace") }
                scanner.advance()
                source += "}"
            } else if let name = current {
                source.unicodeScalars.append(name)
                scanner.advance()
            }
            return (Self.atom(try Self.members(of: source)), true)
        case "b", "B":
            let word = Self.atom(try Self.members(of: "\\w"))
            return (PatternScanner.wordBoundary(word: word, negated: letter == "B"), false)
        case "A": return ("^", false)
        case "z": return (Self.endOfValue, false)
        case "Z": return (Self.endOrBeforeFinalNewline, false)
        case "Q":
            var result = ""
            while current != nil, !(current == "\\" && scanner.peek(1) == "E") {
                if let scalar = current { result += Self.literal(scalar.value) }
                scanner.advance()
            }
            scanner.index = min(scanner.index + 2, scanner.scalars.count)
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
                scanner.advance()
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
                scanner.advance()
            }
            return (Self.literal(value), true)
        case "c":
            guard let control = current, control.isASCII, control.value >= 0x20, control.value < 0x7F else {
                throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\c` needs a printable ASCII character")
            }
            scanner.advance()
            let upper = ("a"..."z").contains(control) ? control.value - 0x20 : control.value
            return (Self.literal(upper ^ 0x40), true)
        case "1"..."9", "g", "k":
            throw PatternTranslationError(construct: scanner.text(from: start), reason: "backreferences are refused: a group not taken fails in PCRE2 but matches the empty string in ECMA-262")
        default:
            if letter.isASCII, !letter.properties.isAlphabetic, !("0"..."9").contains(letter) {
                return (Self.literal(letter.value), true)
            }
            if !letter.isASCII { return (Self.literal(letter.value), true) }
            throw PatternTranslationError(construct: scanner.text(from: start), reason: "this escape has no ECMA-262 equivalent (or none formctl writes)")
        }
    }

    /// `{…}` digits in `radix` after `\x` or `\o`.
    func braced(start: Int, radix: UInt32) throws(PatternTranslationError) -> UInt32 {
        guard current == "{" else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "needs `{…}`") }
        scanner.advance()
        var value: UInt32 = 0
        var digits = 0
        while let scalar = current, let digit = ECMAPatternImport.hexValue(scalar), digit < radix {
            value = min(value * radix + digit, 0x110000)
            digits += 1
            scanner.advance()
        }
        guard digits > 0, current == "}", value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw PatternTranslationError(construct: scanner.text(from: start), reason: "not a Unicode scalar value")
        }
        scanner.advance()
        return value
    }
}
