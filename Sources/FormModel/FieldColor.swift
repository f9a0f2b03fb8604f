/// The colours the form's minimap uses (seed 002's `getColor()` plus
/// `orange` for rule violations), stored by name in the database.
public enum FieldColor: String, CaseIterable, Codable, Sendable {
    case red, yellow, green, orange, purple, gray

    /// A different number for each colour, from 0 to `allCases.count - 1`:
    /// an index into a table of something per colour.
    public var caseIndex: Int {
        switch self {
        case .red: 0
        case .yellow: 1
        case .green: 2
        case .orange: 3
        case .purple: 4
        case .gray: 5
        }
    }
}
