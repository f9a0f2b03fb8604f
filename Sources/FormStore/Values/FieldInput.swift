import FormModel

/// What the store accepts as values, keys, labels and rules, checked before
/// anything is written.
///
/// Values are SQLite `TEXT`: any Unicode text, stored exactly (quotes, SQL,
/// control characters, megabytes), except U+0000. A NUL would be stored, but
/// SQLite's text functions, the triggers' `length()` and the `sqlite3` shell
/// stop at it, so a value with one would read back differently depending on
/// who reads it; the store refuses it instead.
public enum FieldInput {
    /// Decodes bytes (from standard input or a file) as a value, refusing
    /// invalid UTF-8 rather than repairing it.
    public static func value(fromUTF8 bytes: some Collection<UInt8>, key: String) throws(FormStoreError) -> String {
        try checkedValue(fromUTF8: bytes, key: key).text
    }

    /// `value(fromUTF8:key:)`, as a value `FormDatabase.setValue` stores
    /// without checking it again.
    public static func checkedValue(fromUTF8 bytes: some Collection<UInt8>, key: String) throws(FormStoreError) -> CheckedValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidValue(key: key, reason: "the value is not valid UTF-8 text")
        }
        return try checked(text, key: key)
    }

    /// `value` once `checkValue` has accepted it.
    public static func checked(_ value: String, key: String) throws(FormStoreError) -> CheckedValue {
        try checkValue(value, key: key)
        return CheckedValue(text: value)
    }

    /// Throws `invalidValue` for a value the store refuses (one with NUL).
    public static func checkValue(_ value: String, key: String) throws(FormStoreError) {
        if value.unicodeScalars.contains("\0") {
            throw .invalidValue(key: key, reason: "the text contains a NUL character (U+0000), which SQLite text and the sqlite3 shell cannot carry")
        }
    }

    /// Throws `invalidValue` unless `key` is 1–64 ASCII letters, digits,
    /// `_` or `-`, starting with a letter: keys (of fields and of pages,
    /// `kind`) are typed on command lines, in SQL and inside `{…}` in the
    /// title template.
    public static func checkKey(_ key: String, kind: String = "field") throws(FormStoreError) {
        guard isKey(key) else {
            throw .invalidValue(key: key, reason: "a \(kind) key is 1 to 64 ASCII letters, digits, '_' or '-', starting with a letter")
        }
    }

    /// Whether `key` is a usable key (see `checkKey`).
    static func isKey(_ key: String) -> Bool {
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        let scalars = key.unicodeScalars
        guard let first = scalars.first, isLetter(first), scalars.count <= 64 else { return false }
        return scalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    /// Throws `invalidValue` for a page title the store refuses: empty, or
    /// holding a NUL.
    public static func checkTitle(_ title: String, key: String) throws(FormStoreError) {
        try checkValue(title, key: key)
        if title.isEmpty { throw .invalidValue(key: key, reason: "a page title cannot be empty") }
    }

    /// Throws `invalidValue` for rules that cannot work: negative lengths,
    /// a minimum above the maximum, a pattern that is not a regular
    /// expression, an empty message.
    public static func checkRules(_ rules: FieldRules, key: String) throws(FormStoreError) {
        if let min = rules.minLength, min < 0 { throw .invalidValue(key: key, reason: "the minimum length cannot be negative") }
        if let max = rules.maxLength, max < 0 { throw .invalidValue(key: key, reason: "the maximum length cannot be negative") }
        if let min = rules.minLength, let max = rules.maxLength, min > max {
            throw .invalidValue(key: key, reason: "the minimum length \(min) is above the maximum length \(max)")
        }
        if rules.shortBelow < 0 { throw .invalidValue(key: key, reason: "the length under which a value is short cannot be negative") }
        if let message = rules.message {
            try checkValue(message, key: key)
            if message.isEmpty { throw .invalidValue(key: key, reason: "a message cannot be empty (use --no-message for none)") }
        }
        if let pattern = rules.pattern {
            try checkValue(pattern, key: key)
            if let error = RulePattern.compileError(in: pattern) {
                throw .invalidValue(key: key, reason: "the pattern /\(pattern)/ is not a valid regular expression (PCRE2): \(error)")
            }
        }
        // Types, bounds, steps and choices that cannot work together.
        if let (_, reason) = rules.inconsistency { throw .invalidValue(key: key, reason: reason) }
        for text in [rules.lowerBound?.value, rules.upperBound?.value, rules.step].compactMap({ $0 }) + rules.choices.flatMap({ [$0.value, $0.label] }) {
            try checkValue(text, key: key)
        }
    }
}

/// A value the store accepts, checked once (`FieldInput.checked`): what
/// `FormDatabase.setValue(key:checkedValue:)` takes, so that a value read
/// from standard input is not checked again when it is stored.
public struct CheckedValue: Sendable, Hashable {
    /// The text, free of what the store refuses.
    public let text: String

    fileprivate init(text: String) {
        self.text = text
    }
}
