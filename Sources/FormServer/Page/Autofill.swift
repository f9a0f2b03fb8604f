import FormKit

/// What a text field says about itself to the browser (WCAG 1.3.5, and
/// the right keyboard on a phone): `autocomplete` and `inputmode`, from
/// the field's rules and its key. The rule, documented in docs/serve.md:
///
/// - a field with the `email` rule: `type` stays text, `inputmode="email"`,
///   `autocomplete="email"`;
/// - a key that names a person's name, its words split at `_`, `-`, `.`
///   and case changes: `first`, `given`, `forename` or a `name` with
///   `first` or `given` (`first_name`) is `given-name`; `middle` or
///   `middle_name` is `additional-name`; `last`, `surname` or a `name`
///   with `last` or `family` is `family-name`; `name` or `full_name`
///   alone is `name`;
/// - a key `phone`, `tel`, `mobile` (`tel`, with the phone keypad), or
///   `email` without the rule;
/// - anything else: `autocomplete="off"`, as before, so that a browser
///   does not offer unrelated things it remembers.
struct Autofill {
    let field: Field

    /// The keyboard a phone shows: `email` or `tel` for those tokens.
    var inputMode: String? {
        switch token {
        case "email": "email"
        case "tel": "tel"
        default: nil
        }
    }

    /// Whether the browser should not check the spelling (an email
    /// address, or text that names nothing it knows).
    var spellcheckOff: Bool { token == nil || token == "email" }

    /// The `autocomplete` token, or nil for none.
    var token: String? {
        if field.rules.email { return "email" }
        let words = Self.words(of: field.key)
        if words.contains("email") || words.contains("mail") { return "email" }
        if words.contains(where: { ["phone", "tel", "telephone", "mobile"].contains($0) }) { return "tel" }
        let isName = words.contains("name")
        if words == ["first"] || words == ["given"] || words.contains("forename")
            || isName && (words.contains("first") || words.contains("given")) { return "given-name" }
        if words == ["middle"] || isName && words.contains("middle") { return "additional-name" }
        if words == ["last"] || words.contains("surname")
            || isName && (words.contains("last") || words.contains("family")) { return "family-name" }
        if words == ["name"] || words == ["full", "name"] || words == ["fullname"] { return "name" }
        return nil
    }

    /// `firstName`, `first_name`, `first-name` → `["first", "name"]`.
    static func words(of key: String) -> [String] {
        var words: [String] = []
        var word = ""
        var previousWasLower = false
        for character in key {
            if character == "_" || character == "-" || character == "." {
                if !word.isEmpty { words.append(word) }
                word = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word += character.lowercased()
            previousWasLower = character.isLowercase
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
