/// Lengths in points (row widths, ranges) as text for people: a whole
/// number prints without a fraction (`540`, not `540.0`), anything else as
/// Swift prints a `Double` (`412.5`). Error messages, `formctl row` and
/// FormKit all print widths through this one formatter.
public enum Points {
    /// `value` as text: `540`, `412.5`, `inf`.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
