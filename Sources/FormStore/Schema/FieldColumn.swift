import FormModel
import GRDB

/// The columns of the `field` table, each with the migration that added it
/// and what a field holds there: the one list that the field's SELECT,
/// INSERT and UPDATEs are spelled from (`FormTables`). A new property is a
/// case here, with its migration's number and its value: the compiler asks
/// for both, and every statement takes the column from then on.
enum FieldColumn: String, CaseIterable, Sendable {
    // In the order `FormTables.field(from:)` reads them (`ColumnIndex`
    // finds each name from the one after the last read).
    case key
    case minLength = "min_length"
    case maxLength = "max_length"
    case shortBelow = "short_below"
    case message
    case showIfField = "show_if_field"
    case showIfEquals = "show_if_equals"
    case showIfFilled = "show_if_filled"
    case showIf = "show_if"
    case lengthUnit = "length_unit"
    case required
    case pattern
    case email
    case type
    case minValue = "min_value"
    case aboveValue = "above_value"
    case maxValue = "max_value"
    case belowValue = "below_value"
    case step
    case minSelected = "min_selected"
    case maxSelected = "max_selected"
    case hint
    case defaultValue = "default_value"
    case label
    case value
    case row
    case position
    case visible
    case readOnly = "read_only"

    /// The column's name in SQL (`row` is a keyword, so it is quoted).
    var sql: String { self == .row ? "\"row\"" : rawValue }

    /// The migration that added the column.
    var addedIn: Int {
        switch self {
        case .key, .label, .value, .row, .position, .visible, .required, .minLength, .maxLength, .pattern, .email: 1
        case .shortBelow, .message, .showIfField, .showIfEquals, .showIfFilled: FormTables.conditionsVersion
        case .lengthUnit: FormTables.lengthUnitVersion
        case .type, .minValue, .aboveValue, .maxValue, .belowValue, .step, .minSelected, .maxSelected, .hint, .defaultValue, .showIf:
            FormTables.typesVersion
        case .readOnly: FormTables.readOnlyVersion
        }
    }

    /// What `field` holds in the column.
    func value(of field: Field) -> (any DatabaseValueConvertible)? {
        let rules = field.rules
        switch self {
        case .key: return field.key
        case .label: return field.label
        case .value: return field.value
        case .row: return field.row
        case .position: return field.position
        case .visible: return field.isVisible
        case .readOnly: return field.isReadOnly
        case .hint: return field.hint
        case .defaultValue: return field.defaultValue
        case .required: return rules.required
        case .minLength: return rules.minLength
        case .maxLength: return rules.maxLength
        case .pattern: return rules.pattern
        case .email: return rules.email
        case .shortBelow: return rules.shortBelow
        case .message: return rules.message
        case .lengthUnit: return rules.lengthUnit.rawValue
        case .type: return rules.type.rawValue
        case .minValue: return rules.lowerBound.flatMap { $0.isInclusive ? $0.value : nil }
        case .aboveValue: return rules.lowerBound.flatMap { $0.isInclusive ? nil : $0.value }
        case .maxValue: return rules.upperBound.flatMap { $0.isInclusive ? $0.value : nil }
        case .belowValue: return rules.upperBound.flatMap { $0.isInclusive ? nil : $0.value }
        case .step: return rules.step
        case .minSelected: return rules.minSelected
        case .maxSelected: return rules.maxSelected
        // 0004's two kinds of condition in the first three, any other as
        // JSON in `show_if` (`StoredCondition`).
        case .showIfField:
            switch field.showIf {
            case .equals(let key, _)?, .filled(let key)?: return key
            default: return nil
            }
        case .showIfEquals:
            if case .equals(_, let value)? = field.showIf { return value }
            return nil
        case .showIfFilled:
            if case .filled? = field.showIf { return true }
            return false
        case .showIf:
            guard let condition = field.showIf, !condition.isSimple else { return nil }
            return StoredCondition.text(of: condition)
        }
    }

    /// The columns a field's rules fill (the choices are rows of
    /// `field_choice`, written apart).
    static let rules: [FieldColumn] = [
        .required, .minLength, .maxLength, .pattern, .email, .shortBelow, .message, .lengthUnit,
        .type, .minValue, .aboveValue, .maxValue, .belowValue, .step, .minSelected, .maxSelected,
    ]
    /// The columns a field's `show_if` fills.
    static let conditions: [FieldColumn] = [.showIfField, .showIfEquals, .showIfFilled, .showIf]
    /// The columns of the field itself, besides its rules and condition.
    static let own: [FieldColumn] = [.key, .label, .value, .row, .position, .visible, .hint, .defaultValue, .readOnly]

    /// The columns a database at `schemaVersion` has, in reading order.
    static func present(atVersion schemaVersion: Int) -> [FieldColumn] { allCases.filter { $0.addedIn <= schemaVersion } }

    /// `a, b, c`: the columns as a SELECT or INSERT names them.
    static func list(_ columns: [FieldColumn]) -> String { columns.map(\.sql).joined(separator: ", ") }

    /// `a = ?, b = ?`: the columns as an UPDATE sets them.
    static func assignments(_ columns: [FieldColumn]) -> String { columns.map { "\($0.sql) = ?" }.joined(separator: ", ") }

    /// The values of `columns` for `field`, in order.
    static func arguments(_ columns: [FieldColumn], of field: Field) -> StatementArguments {
        StatementArguments(columns.map { $0.value(of: field) })
    }
}
