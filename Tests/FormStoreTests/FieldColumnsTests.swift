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
                                              "min_selected", "max_selected", "hint", "default_value", "show_if"])
    }
}
