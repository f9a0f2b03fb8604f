/// A JSON Schema `pattern` (ECMA-262, as with the `u` flag: code points,
/// `\u{…}`, `\p{…}`) rewritten as a formctl rule pattern (PCRE2 with
/// `PCRE2_UTF`, `PCRE2_UCP`, matched against the whole value) that accepts
/// exactly the same strings.
///
/// JSON Schema's `pattern` is a search: it holds when the expression
/// matches anywhere in the value. The rule pattern is a whole match, so the
/// expression is wrapped as `[\s\S]*?(?:…)[\s\S]*`, except where it starts
/// with `^` or ends with `$` (those ends are then the rule's own). Every
/// construct whose meaning differs between the dialects is spelt out:
///
/// - `.` is any code point but the four line terminators (`\n`, `\r`,
///   U+2028, U+2029); PCRE2's excludes only `\n`.
/// - `\d`, `\w`, `\s` and `\b` are ECMA-262's ASCII (and, for `\s`, its
///   fixed list of spaces) classes, written out; PCRE2_UCP's are Unicode's.
/// - `^` and `$` are the value's ends (`\A`, `\z`); PCRE2's `$` also
///   matches before a final newline.
/// - Every literal other than an ASCII letter or digit is written `\x{…}`,
///   so no character means something else to PCRE2.
///
/// Backreferences (a group not taken matches the empty string in ECMA-262
/// and fails in PCRE2), and anything this does not know, are refused.
enum ECMAPatternImport {
    /// The PCRE2 whole-value pattern meaning the same as the search `pattern`.
    static func pcre2(from pattern: String) throws(PatternTranslationError) -> String {
        let parser = Parser(scanner: PatternScanner(pattern))
        let alternatives = try parser.scanner.pattern { () throws(PatternTranslationError) in try parser.alternative() }
        // One alternative starting with `^` and/or ending with `$`: the rule's
        // own anchoring takes their place, and the value need not be searched.
        if alternatives.count == 1, let terms = alternatives.first {
            var body = terms[...]
            let anchoredStart = body.first?.kind == .start
            if anchoredStart { body = body.dropFirst() }
            let anchoredEnd = body.last?.kind == .end
            if anchoredEnd { body = body.dropLast() }
            let text = body.map(\.text).joined()
            return (anchoredStart ? "" : "[\\s\\S]*?") + (anchoredStart && anchoredEnd ? text : "(?:\(text))")
                + (anchoredEnd ? "" : "[\\s\\S]*")
        }
        let text = alternatives.map { $0.map(\.text).joined() }.joined(separator: "|")
        return "[\\s\\S]*?(?:\(text))[\\s\\S]*"
    }

    // MARK: Classes ECMA-262 defines

    /// `\d`.
    static let digits = ScalarRanges([0x30...0x39])
    /// `\w`: ASCII letters, digits and `_`.
    static let wordCharacters = ScalarRanges([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: WhiteSpace and LineTerminator (ECMA-262 §12.2, §12.3, with
    /// Unicode's `Zs` spaces).
    static let spaces = ScalarRanges([
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// What `.` matches: all but the line terminators.
    static let dot = ScalarRanges([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted

    /// General category names ECMA-262 accepts, long and short, each with
    /// PCRE2's (short) name.
    static let generalCategories: [String: String] = {
        let pairs: [(String, String)] = [
            ("L", "Letter"), ("LC", "Cased_Letter"), ("Lu", "Uppercase_Letter"), ("Ll", "Lowercase_Letter"),
            ("Lt", "Titlecase_Letter"), ("Lm", "Modifier_Letter"), ("Lo", "Other_Letter"), ("M", "Mark"),
            ("Mn", "Nonspacing_Mark"), ("Mc", "Spacing_Mark"), ("Me", "Enclosing_Mark"), ("N", "Number"),
            ("Nd", "Decimal_Number"), ("Nl", "Letter_Number"), ("No", "Other_Number"), ("P", "Punctuation"),
            ("Pc", "Connector_Punctuation"), ("Pd", "Dash_Punctuation"), ("Ps", "Open_Punctuation"),
            ("Pe", "Close_Punctuation"), ("Pi", "Initial_Punctuation"), ("Pf", "Final_Punctuation"),
            ("Po", "Other_Punctuation"), ("S", "Symbol"), ("Sm", "Math_Symbol"), ("Sc", "Currency_Symbol"),
            ("Sk", "Modifier_Symbol"), ("So", "Other_Symbol"), ("Z", "Separator"), ("Zs", "Space_Separator"),
            ("Zl", "Line_Separator"), ("Zp", "Paragraph_Separator"), ("C", "Other"), ("Cc", "Control"),
            ("Cf", "Format"), ("Cs", "Surrogate"), ("Co", "Private_Use"), ("Cn", "Unassigned"),
        ]
        var names: [String: String] = [:]
        for (short, long) in pairs {
            names[short] = short
            names[long] = short
        }
        return names
    }()

    /// The value of a hexadecimal digit.
    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// `\x{41}`: how a scalar is written in the PCRE2 pattern.
    static func pcre2Literal(_ value: UInt32) -> String {
        let isAlphanumeric = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        if isAlphanumeric, let scalar = Unicode.Scalar(value) { return String(Character(scalar)) }
        return "\\x{\(String(value, radix: 16, uppercase: true))}"
    }

    /// A PCRE2 class for `set` and property items (`\p{L}`), negated or not.
    static func pcre2Class(_ set: ScalarRanges, properties: [String] = [], negated: Bool = false) -> String {
        if properties.isEmpty {
            // `[]`: nothing; `[^]`: anything. Written so that a quantifier may follow.
            if set.isEmpty { return negated ? "[\\x{0}-\\x{10FFFF}]" : "[^\\x{0}-\\x{10FFFF}]" }
            if !negated, let single = set.single { return pcre2Literal(single) }
        }
        let items = set.ranges.map { range in
            range.lowerBound == range.upperBound
                ? pcre2Literal(range.lowerBound) : "\(pcre2Literal(range.lowerBound))-\(pcre2Literal(range.upperBound))"
        }
        return "[" + (negated ? "^" : "") + items.joined() + properties.joined() + "]"
    }

    /// One piece of an alternative: its PCRE2 text, and whether it is the
    /// `^` or `$` anchor (which the top level may leave to the rule).
    struct Term {
        enum Kind { case start, end, assertion, atom }
        var text: String
        var kind: Kind
    }

    /// A recursive-descent parser of ECMA-262's Pattern grammar (with `u`),
    /// writing PCRE2 as it goes.
    struct Parser {
        let scanner: PatternScanner

        var current: Unicode.Scalar? { scanner.current }

        func alternative() throws(PatternTranslationError) -> [Term] {
            var terms: [Term] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                var term = try atomOrAssertion()
                if let quantifier = try quantifier() {
                    guard term.kind == .atom else {
                        throw PatternTranslationError(construct: quantifier,
                                                      reason: "a quantifier on an assertion (`^`, `$`, `\\b`, a lookaround) is not valid ECMA-262")
                    }
                    term.text += quantifier
                }
                terms.append(term)
            }
            return terms
        }

        /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy; nil when none follows.
        func quantifier() throws(PatternTranslationError) -> String? {
            let start = scanner.index
            guard var text = try scanner.quantifier() else {
                if current == "{" {
                    throw PatternTranslationError(construct: "{", reason: "a `{` that does not start a quantifier `{n}`, `{n,}` or `{n,m}`; write `\\{` for the character")
                }
                return nil
            }
            if scanner.skip("?") { text += "?" }
            if let next = current, next == "*" || next == "+" || next == "?" || next == "{" {
                throw PatternTranslationError(construct: scanner.text(from: start) + String(next), reason: "a quantifier after a quantifier is not valid ECMA-262")
            }
            return text
        }

        func atomOrAssertion() throws(PatternTranslationError) -> Term {
            guard let scalar = current else { return Term(text: "", kind: .atom) }
            switch scalar {
            case "*", "+", "?", "{":
                throw scanner.quantifierWithoutAtom(loneBrace: "a `{` that does not start a quantifier `{n}`, `{n,}` or `{n,m}`; write `\\{` for the character")
            case "^":
                scanner.advance()
                return Term(text: "\\A", kind: .start)
            case "$":
                scanner.advance()
                return Term(text: "\\z", kind: .end)
            case ".":
                scanner.advance()
                return Term(text: ECMAPatternImport.pcre2Class(ECMAPatternImport.dot), kind: .atom)
            case "(":
                return try group()
            case "[":
                return Term(text: try characterClass(), kind: .atom)
            case "\\":
                return try escape()
            default:
                // `]` and `}` alone are literals in ECMA-262 without `u`
                // and errors with it: where valid, they mean themselves.
                scanner.advance()
                return Term(text: ECMAPatternImport.pcre2Literal(scalar.value), kind: .atom)
            }
        }

        func group() throws(PatternTranslationError) -> Term {
            let start = scanner.index
            scanner.advance()
            var opening = "(?:"
            var kind = Term.Kind.atom
            if let shared = scanner.groupOpening() {
                opening = shared.opening
                kind = shared.isLookaround ? .assertion : .atom
            } else if current == "?" {
                switch scanner.peek(1) {
                case "<":
                    // A named group: only its matching matters here.
                    scanner.advance(2)
                    while let scalar = current, scalar != ">" {
                        guard scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil else {
                            throw PatternTranslationError(construct: scanner.text(from: start), reason: "not a valid group name")
                        }
                        scanner.advance()
                    }
                    guard current == ">" else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "an unfinished group name") }
                    scanner.advance()
                default:
                    scanner.advance()
                    throw PatternTranslationError(construct: scanner.text(from: start) + (current.map(String.init) ?? ""),
                                                  reason: "not a group ECMA-262 and formctl both know (modifiers such as `(?i:` are refused)")
                }
            }
            let inner = try scanner.group(openedAt: start) { () throws(PatternTranslationError) in try alternative() }
            return Term(text: opening + inner.map { $0.map(\.text).joined() }.joined(separator: "|") + ")", kind: kind)
        }

        /// An escape outside a class.
        func escape() throws(PatternTranslationError) -> Term {
            let start = scanner.index
            guard let next = scanner.peek(1) else { throw PatternTranslationError(construct: "\\", reason: "a backslash at the end of the pattern") }
            switch next {
            case "b", "B":
                scanner.advance(2)
                let word = ECMAPatternImport.pcre2Class(ECMAPatternImport.wordCharacters)
                return Term(text: PatternScanner.wordBoundary(word: word, negated: next == "B"), kind: .assertion)
            case "1"..."9":
                scanner.advance(2)
                while let digit = current, ("0"..."9").contains(digit) { scanner.advance() }
                throw PatternTranslationError(construct: scanner.text(from: start), reason: "backreferences are refused: a group not taken matches the empty string in ECMA-262 but fails in PCRE2")
            case "k":
                scanner.advance(2)
                throw PatternTranslationError(construct: "\\k", reason: "backreferences are refused: a group not taken matches the empty string in ECMA-262 but fails in PCRE2")
            default:
                let item = try classEscape(inClass: false)
                switch item {
                case .scalar(let value): return Term(text: ECMAPatternImport.pcre2Literal(value), kind: .atom)
                case .set(let set): return Term(text: ECMAPatternImport.pcre2Class(set), kind: .atom)
                case .property(let property): return Term(text: property, kind: .atom)
                }
            }
        }

        enum ClassItem {
            case scalar(UInt32)
            case set(ScalarRanges)
            case property(String)
        }

        /// An escape that stands for one scalar or a set (the scanner at the backslash).
        func classEscape(inClass: Bool) throws(PatternTranslationError) -> ClassItem {
            let start = scanner.index
            scanner.advance()
            guard let letter = current else { throw PatternTranslationError(construct: "\\", reason: "a backslash at the end of the pattern") }
            scanner.advance()
            switch letter {
            case "d": return .set(ECMAPatternImport.digits)
            case "D": return .set(ECMAPatternImport.digits.inverted)
            case "w": return .set(ECMAPatternImport.wordCharacters)
            case "W": return .set(ECMAPatternImport.wordCharacters.inverted)
            case "s": return .set(ECMAPatternImport.spaces)
            case "S": return .set(ECMAPatternImport.spaces.inverted)
            case "t": return .scalar(0x09)
            case "n": return .scalar(0x0A)
            case "v": return .scalar(0x0B)
            case "f": return .scalar(0x0C)
            case "r": return .scalar(0x0D)
            case "b" where inClass: return .scalar(0x08)
            case "-" where inClass: return .scalar(0x2D)
            case "0":
                if let digit = current, ("0"..."9").contains(digit) {
                    scanner.advance()
                    throw PatternTranslationError(construct: scanner.text(from: start), reason: "octal escapes are not valid ECMA-262 with `u`; write `\\x` or `\\u`")
                }
                return .scalar(0)
            case "c":
                guard let control = current, control.isASCII, control.properties.isAlphabetic else {
                    throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\c` needs an ASCII letter")
                }
                scanner.advance()
                return .scalar(control.value % 32)
            case "x":
                guard let value = hexDigits(count: 2) else {
                    throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\x` needs two hexadecimal digits")
                }
                return .scalar(value)
            case "u":
                return .scalar(try unicodeEscape(start: start))
            case "p", "P":
                let property = try propertyName(start: start)
                return .property("\\" + String(letter) + "{" + property + "}")
            default:
                // Identity escapes: ECMA-262's syntax characters and `/`
                // (and, without `u`, other punctuation) stand for themselves.
                if letter.isASCII, !letter.properties.isAlphabetic, !("0"..."9").contains(letter), letter.value >= 0x21, letter.value < 0x7F {
                    return .scalar(letter.value)
                }
                throw PatternTranslationError(construct: scanner.text(from: start), reason: "not an escape ECMA-262 defines with the `u` flag")
            }
        }

        func hexDigits(count: Int) -> UInt32? {
            var value: UInt32 = 0
            for offset in 0..<count {
                guard let scalar = scanner.peek(offset), let digit = ECMAPatternImport.hexValue(scalar) else { return nil }
                value = value * 16 + digit
            }
            scanner.index += count
            return value
        }

        /// `\uXXXX`, a surrogate pair of two, or `\u{…}` (the scanner after the `u`).
        func unicodeEscape(start: Int) throws(PatternTranslationError) -> UInt32 {
            if current == "{" {
                scanner.advance()
                var value: UInt32 = 0
                var digits = 0
                while let scalar = current, let digit = ECMAPatternImport.hexValue(scalar) {
                    value = min(value * 16 + digit, 0x110000)
                    digits += 1
                    scanner.advance()
                }
                guard digits > 0, current == "}", value <= 0x10FFFF else {
                    throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\u{…}` needs hexadecimal digits up to 10FFFF and a closing brace")
                }
                scanner.advance()
                if (0xD800...0xDFFF).contains(value) {
                    throw PatternTranslationError(construct: scanner.text(from: start), reason: "a lone surrogate, which no string holds")
                }
                return value
            }
            guard let value = hexDigits(count: 4) else {
                throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\u` needs four hexadecimal digits or `{…}`")
            }
            if (0xD800...0xDBFF).contains(value), current == "\\", scanner.peek(1) == "u" {
                let mark = scanner.index
                scanner.advance(2)
                if let low = hexDigits(count: 4), (0xDC00...0xDFFF).contains(low) {
                    return 0x10000 + (value - 0xD800) * 0x400 + (low - 0xDC00)
                }
                scanner.index = mark
            }
            if (0xD800...0xDFFF).contains(value) {
                throw PatternTranslationError(construct: scanner.text(from: start), reason: "a lone surrogate, which no string holds")
            }
            return value
        }

        /// `{Name}` or `{Name=Value}` after `\p`/`\P`, as PCRE2 spells it.
        func propertyName(start: Int) throws(PatternTranslationError) -> String {
            guard current == "{" else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\p` needs `{…}`") }
            scanner.advance()
            let name = scanner.read(upTo: "}")
            guard current == "}" else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "`\\p{` without its closing brace") }
            scanner.advance()
            let parts = name.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 1, let category = ECMAPatternImport.generalCategories[name] { return category }
            if parts.count == 2, parts[0] == "General_Category" || parts[0] == "gc", let category = ECMAPatternImport.generalCategories[parts[1]] {
                return category
            }
            if parts.count == 2, parts[0] == "Script" || parts[0] == "sc" || parts[0] == "Script_Extensions" || parts[0] == "scx",
               !parts[1].isEmpty, parts[1].unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_") }) {
                return (parts[0].hasPrefix("scx") || parts[0] == "Script_Extensions" ? "scx:" : "sc:") + parts[1]
            }
            throw PatternTranslationError(construct: scanner.text(from: start), reason: "only general categories (`\\p{L}`, `\\p{Letter}`) and scripts (`\\p{Script=Greek}`) are translated")
        }

        /// `[…]` or `[^…]` (the scanner at the bracket).
        func characterClass() throws(PatternTranslationError) -> String {
            let start = scanner.index
            scanner.advance()
            let negated = current == "^"
            if negated { scanner.advance() }
            var set = ScalarRanges([])
            var properties: [String] = []
            while let scalar = current, scalar != "]" {
                let itemStart = scanner.index
                let first = try classAtom()
                if current == "-", let after = scanner.peek(1), after != "]" {
                    scanner.advance()
                    let second = try classAtom()
                    guard case .scalar(let low) = first, case .scalar(let high) = second else {
                        throw PatternTranslationError(construct: scanner.text(from: itemStart), reason: "a class escape (`\\d`, `\\p{…}`) cannot end a range")
                    }
                    guard low <= high else { throw PatternTranslationError(construct: scanner.text(from: itemStart), reason: "a range out of order") }
                    set = set.union(ScalarRanges([low...high]))
                    continue
                }
                _ = scalar
                switch first {
                case .scalar(let value): set = set.union(ScalarRanges([value...value]))
                case .set(let members): set = set.union(members)
                case .property(let property): properties.append(property)
                }
            }
            guard current == "]" else { throw PatternTranslationError(construct: scanner.text(from: start), reason: "a class without its closing `]`") }
            scanner.advance()
            return ECMAPatternImport.pcre2Class(set, properties: properties, negated: negated)
        }

        func classAtom() throws(PatternTranslationError) -> ClassItem {
            guard let scalar = current else { return .set(ScalarRanges([])) }
            if scalar == "\\" { return try classEscape(inClass: true) }
            scanner.advance()
            return .scalar(scalar.value)
        }
    }
}
