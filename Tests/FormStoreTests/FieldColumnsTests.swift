import FormModel
import Testing
@testable import FormStore

/// The field columns formctl reads, and the numbers its ORDER BY gives
/// them (issue 35: SQLite resolves a named ORDER BY term again).
@Suite("field columns") struct FieldColumnsTests {
    @Test func fieldColumnsOrderNamesPositionThenKey() {
        let names = ["id"] + FormTables.fieldColumns.components(separatedBy: ", ")
        let numbers = FormTables.fieldColumnsOrder.components(separatedBy: ", ").compactMap { Int($0) }
        #expect(numbers.map { names[$0 - 1] } == ["position", "key"])
        #expect(Set(names).count == names.count, "ColumnIndex needs distinct names")
    }

    @Test func todaysColumnsAreTheColumnsOfEveryVersionAndTheTypedOnes() {
        let today = Set(FormTables.fieldColumns.components(separatedBy: ", "))
        let before = Set(FormTables.fieldColumnsBeforeTypes.components(separatedBy: ", "))
        #expect(before.isSubset(of: today))
        #expect(today.subtracting(before) == ["type", "min_value", "above_value", "max_value", "below_value", "step",
                                              "min_selected", "max_selected", "hint", "default_value", "show_if", "read_only"])
    }
}

extension FieldColumnsTests {
    @Test("a field's own, rule and condition columns are every column, each once")
    func columnsPartitionTheTable() {
        let written = FieldColumn.own + FieldColumn.rules + FieldColumn.conditions
        #expect(Set(written) == Set(FieldColumn.allCases))
        #expect(written.count == FieldColumn.allCases.count)
    }

    @Test("every stored property of FieldProperty.all has its column (choices are rows of field_choice)")
    func everyPropertyHasItsColumn() {
        let columns = Set(FieldColumn.allCases.map(\.rawValue))
        for property in FieldProperty.all {
            guard let column = property.column, column != "field_choice" else { continue }
            #expect(columns.contains(column), "\(property.name) → \(column)")
        }
    }

    @Test("the columns of an older database are today's that its migrations added")
    func olderVersions() {
        #expect(FormTables.fieldColumnsBeforeConditions == #"key, min_length, max_length, required, pattern, email, label, value, "row", position, visible"#)
        #expect(FormTables.fieldColumns(atVersion: EmbeddedMigration.latestVersion) == FormTables.fieldColumns)
        #expect(FormTables.fieldColumns(atVersion: FormTables.lengthUnitVersion) == FormTables.fieldColumnsBeforeTypes)
    }
}
