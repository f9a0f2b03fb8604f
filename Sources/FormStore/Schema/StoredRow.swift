import Foundation
import GRDB

/// A value in the file that formctl cannot use: text where a number belongs,
/// an infinite width, a blob label… Such values reach formctl from files
/// written before migration 0002 made the tables `STRICT`, or from a table
/// a user rebuilt in `sqlite3`. `FormStoreError(_:path:)` turns it into
/// `FormStoreError.unusableValue`, which adds the path.
struct UnusableValue: Error, Equatable {
    /// Table and column holding the value.
    var table: String, column: String
    /// The row, as SQL that selects it (`key = 'first'`, `number = 2`).
    var row: String
    /// The value as SQL would write it (`'x'`, `9e999`, `NULL`, `X'00'`).
    var value: String
    /// What the column must hold, in words.
    var expected: String
    /// A value that would do, as SQL, for the suggested fix.
    var replacement: String
    /// The whole fix, as SQL, when it is not `UPDATE … SET column =
    /// replacement WHERE row`.
    var fix: String?
}

/// Reads one row of a formctl table with throwing decoding only: every
/// column is fetched as its raw `DatabaseValue` (GRDB's throwing
/// `decode(_:forKey:)`, which cannot fail for that type unless the column is
/// missing) and checked against what the code relies on, so that no value in
/// the file can trap the process. Each check mirrors a `CHECK` of
/// migration 0002.
struct StoredRow {
    let row: Row
    let table: String
    /// SQL selecting this row, for messages (`key = 'first'`).
    let identity: String

    /// The whole fix, as SQL, when it is not an `UPDATE` of the value.
    let fix: String?

    /// Where the row's columns are, when the caller made the index once
    /// for all the rows of a statement, and the row's values in that
    /// order (read once; see `ColumnIndex`).
    private let columns: ColumnIndex?
    private let values: [DatabaseValue]

    init(_ row: Row, table: String, identity: String, fix: String? = nil, columns: ColumnIndex? = nil) {
        self.row = row
        self.table = table
        self.identity = identity
        self.fix = fix
        self.columns = columns
        values = columns == nil ? [] : Array(row.databaseValues)
    }

    private init(_ other: StoredRow, identity: String) {
        row = other.row
        table = other.table
        self.identity = identity
        fix = other.fix
        columns = other.columns
        values = other.values
    }

    /// This row named by `identity` in messages (once its key is known).
    func identified(as identity: String) -> StoredRow {
        StoredRow(self, identity: identity)
    }

    /// SQL text literal for `text`. Built by hand: every row read makes
    /// one (its `identity`), and Foundation's `replacingOccurrences` would
    /// bridge through NSString, whose first use costs a `formctl get` a
    /// sixth of its instructions in Swift runtime type look-ups.
    static func literal(_ text: String) -> String {
        var quoted = "'"
        for scalar in text.unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            if scalar == "'" { quoted.unicodeScalars.append(scalar) }
        }
        quoted.unicodeScalars.append("'")
        return quoted
    }

    /// The raw value of `column` (a missing column throws).
    func raw(_ column: String) throws -> DatabaseValue {
        if let index = columns?.index(of: column), index < values.count { return values[index] }
        return try row.decode(DatabaseValue.self, forColumn: column)
    }

    /// Whether the row has `column`.
    func has(_ column: String) -> Bool {
        if columns?.index(of: column) != nil { return true }
        return row.hasColumn(column)
    }

    private func unusable(_ column: String, _ value: DatabaseValue, expected: String, replacement: String) -> UnusableValue {
        UnusableValue(table: table, column: column, row: identity, value: Self.sql(value), expected: expected,
                      replacement: replacement, fix: fix)
    }

    /// `value` as SQL would write it.
    static func sql(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "NULL"
        case .int64(let number): return String(number)
        case .double(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number < 0 ? "-9e999" : "9e999" }
            return String(number)
        case .string(let text):
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return literal(shown)
        case .blob(let data):
            let bytes = data.prefix(16).map { String(format: "%02X", $0) }.joined()
            return "X'\(bytes)\(data.count > 16 ? "…" : "")'"
        }
    }

    /// Text (a `TEXT` value). Numbers stored in a text column of an old,
    /// non-STRICT table are refused too: formctl would show them differently
    /// from `sqlite3`.
    func text(_ column: String, replacement: String = "''") throws -> String {
        let value = try raw(column)
        if case .string(let text) = value.storage { return text }
        throw unusable(column, value, expected: "text", replacement: replacement)
    }

    /// Text or NULL.
    func optionalText(_ column: String) throws -> String? {
        let value = try raw(column)
        switch value.storage {
        case .null: return nil
        case .string(let text): return text
        default: throw unusable(column, value, expected: "text or NULL", replacement: "NULL")
        }
    }

    /// A whole number within `range`.
    func integer(_ column: String, in range: ClosedRange<Int64>, replacement: String) throws -> Int {
        let value = try raw(column)
        if case .int64(let number) = value.storage, range.contains(number), let result = Int(exactly: number) {
            return result
        }
        throw unusable(column, value, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", replacement: replacement)
    }

    /// A whole number within `range`, or NULL.
    func optionalInteger(_ column: String, in range: ClosedRange<Int64>) throws -> Int? {
        let value = try raw(column)
        if value.isNull { return nil }
        if case .int64(let number) = value.storage, range.contains(number), let result = Int(exactly: number) {
            return result
        }
        throw unusable(column, value, expected: "NULL or a whole number from \(range.lowerBound) to \(range.upperBound)", replacement: "NULL")
    }

    /// 0 or 1.
    func boolean(_ column: String, replacement: String = "0") throws -> Bool {
        let value = try raw(column)
        if case .int64(let number) = value.storage, number == 0 || number == 1 { return number == 1 }
        throw unusable(column, value, expected: "0 or 1", replacement: replacement)
    }

    /// A finite number within `range` (an integer is taken as a real, as a
    /// REAL column stores it).
    func real(_ column: String, in range: ClosedRange<Double>, lowerOpen: Bool = false, replacement: String) throws -> Double {
        let value = try raw(column)
        let number: Double? = switch value.storage {
        case .double(let number): number
        case .int64(let number): Double(number)
        default: nil
        }
        if let number, number.isFinite, range.contains(number), !(lowerOpen && number == range.lowerBound) {
            return number
        }
        let lower = lowerOpen ? "above \(Self.format(range.lowerBound))" : "from \(Self.format(range.lowerBound))"
        throw unusable(column, value, expected: "a finite number \(lower) up to \(Self.format(range.upperBound))", replacement: replacement)
    }

    /// Throws for a row whose columns are each fine but not together
    /// (`width` outside `min_width…max_width`).
    func mismatch(_ column: String, expected: String, replacement: String) throws -> Never {
        throw unusable(column, (try? raw(column)) ?? .null, expected: expected, replacement: replacement)
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

/// The column names of a statement's rows, made once for all its rows.
///
/// GRDB finds a column by name by lowercasing every column name up to it
/// (`Row.index(forColumn:)`), and decodes a value through a generic
/// throwing call: for a field row's 31 columns, read one by one, that was
/// a third of decoding a form (issue 35). Here a name is compared exactly,
/// from the column after the last one found (a row is mostly read in the
/// order of its columns), and `StoredRow` reads the row's values once. A
/// name not found (another case, a missing column) falls back to GRDB's
/// look-up, so that the answer is GRDB's.
final class ColumnIndex {
    private let names: [String]
    /// Where the next look-up starts.
    private var next = 0

    /// The columns of `row` (and of every row of its statement), which
    /// must have distinct names: formctl's own lists of columns, never
    /// `SELECT *` (checking for two of one name cost a tenth of decoding
    /// a form).
    init(_ row: Row) {
        names = Array(row.columnNames)
        assert(Set(names).count == names.count, "columns of one name: \(names)")
    }

    /// The column named exactly `name`.
    func index(of name: String) -> Int? {
        let count = names.count
        for step in 0..<count {
            let index = (next + step) % count
            if names[index] == name {
                next = index + 1
                return index
            }
        }
        return nil
    }
}
