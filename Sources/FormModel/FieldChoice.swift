import FormText

/// One choice of a `select_one` or `select_multiple` question: the value
/// stored and the label shown (the value itself unless told).
public struct FieldChoice: Hashable, Codable, Sendable {
    /// What is stored: 1 to 200 characters without control characters;
    /// spaces and commas are allowed (`Vitamin A`, `Iron, zinc`), since a
    /// selection of several is stored as a JSON array (`SelectionValue`).
    public var value: String
    /// What a respondent sees.
    public var label: String

    /// A choice as given; the label is the value when not given.
    public init(value: String, label: String? = nil) {
        self.value = value
        self.label = label ?? value
    }

    /// Equal when value and label are the same scalars (`isScalarEqual`):
    /// `ä` (U+00E4) and `a` + U+0308 are two choices, as they are two
    /// strings to JSON and two rows to SQLite, so a change from one to the
    /// other is a change (`apply`, `field choices rename`) and is written.
    public static func == (lhs: FieldChoice, rhs: FieldChoice) -> Bool {
        lhs.value.isScalarEqual(to: rhs.value) && lhs.label.isScalarEqual(to: rhs.label)
    }

    /// `String`'s hashes, which agree with the finer equality above.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(label)
    }

    /// Whether `text` is this choice's value, scalar for scalar.
    public func hasValue(_ text: some StringProtocol) -> Bool { value.isScalarEqual(to: text) }

    /// The longest choice value, in characters counted as Unicode scalars
    /// (code points), which is what SQLite's `length()` counts in the
    /// `field_choice` CHECK (migration 0012): counting grapheme clusters
    /// here would let a value of combining marks or flags past formctl and
    /// into a constraint failure.
    public static let longestValue = 200
    /// The most choices a field has: enough for any list a respondent can
    /// read (a country list is about 250), few enough that every check of a
    /// selection stays fast.
    public static let mostChoices = 10_000

    /// What is wrong with `value` as a choice value, in words; nil when it
    /// is one.
    public static func problem(withValue value: String) -> String? {
        if value.isEmpty { return "a choice value cannot be empty" }
        let length = value.unicodeScalars.count
        if length > longestValue {
            return "a choice value has at most \(longestValue) characters, not \(length): shorten it, and keep the long text as the choice's label"
        }
        // Spaces and commas are fine (a selection is a JSON array); control
        // characters cannot be typed into a field or shown in a terminal.
        if let control = value.unicodeScalars.first(where: { $0.value < 0x20 || $0 == "\u{7F}" }) {
            let code = String(control.value, radix: 16, uppercase: true)
            return "a choice value cannot hold control characters (U+\(String(repeating: "0", count: 4 - code.count))\(code) in \(JSONString.literal(value, style: .unicodeEscapes))): remove it"
        }
        return nil
    }
}
