import FormModel
import Testing

/// A form of a title field, a repeat `kids` of `count` instances (a name
/// and an age in one row each), and a last field after the repeat; rows
/// and positions numbered in form order from 1, as the store numbers them.
private func kidsForm(count: Int, firstValue: String = "") -> FormDefinition {
    var rows = [FormRow(number: 1, width: 540, minWidth: 540, maxWidth: 540)]
    var fields = [Field(key: "family", label: "Family", value: firstValue, row: 1, position: 1)]
    var groups = [FormGroup(path: "kids", kind: .repeat, page: FormPage.mainKey, firstRow: 2,
                            repeatRules: RepeatRules(body: "{}"))]
    for number in stride(from: 1, through: count, by: 1) {
        let path = "kids.\(number)"
        let row = number + 1
        groups.append(FormGroup(path: path, kind: .instance, page: FormPage.mainKey, firstRow: row))
        rows.append(FormRow(number: row, width: 540, minWidth: 540, maxWidth: 540, group: path))
        fields.append(Field(key: "\(path).name", label: "Name", row: row, position: fields.count + 1))
        fields.append(Field(key: "\(path).age", label: "Age", row: row, position: fields.count + 1))
    }
    rows.append(FormRow(number: count + 2, width: 540, minWidth: 540, maxWidth: 540))
    fields.append(Field(key: "notes", label: "Notes", row: count + 2, position: fields.count + 1))
    return FormDefinition(titleTemplate: "Hello {family}", rows: rows, fields: fields, groups: groups)
}

@Suite("telling an added instance from other changes")
struct AddedInstanceTests {
    @Test("an instance added at the end, later rows and positions numbered again, is found")
    func found() {
        #expect(FormDefinition.addedInstance(from: kidsForm(count: 2), to: kidsForm(count: 3)) == "kids.3")
        #expect(FormDefinition.addedInstance(from: kidsForm(count: 0), to: kidsForm(count: 1)) == "kids.1")
    }

    @Test("anything else changed as well, or instead, is not")
    func notFound() {
        let old = kidsForm(count: 2)
        // Two instances added.
        #expect(FormDefinition.addedInstance(from: old, to: kidsForm(count: 4)) == nil)
        // A value changed too.
        #expect(FormDefinition.addedInstance(from: old, to: kidsForm(count: 3, firstValue: "Lovelace")) == nil)
        // A field moved to another row.
        var moved = kidsForm(count: 3)
        if let index = moved.fields.firstIndex(where: { $0.key == "notes" }) { moved.fields[index].row = 1 }
        #expect(FormDefinition.addedInstance(from: old, to: moved) == nil)
        // The same form, and one instance fewer.
        #expect(FormDefinition.addedInstance(from: old, to: old) == nil)
        #expect(FormDefinition.addedInstance(from: old, to: kidsForm(count: 1)) == nil)
        // An instance numbered past the end.
        var skipped = kidsForm(count: 3)
        for index in skipped.groups.indices where skipped.groups[index].path == "kids.3" { skipped.groups[index].path = "kids.5" }
        #expect(FormDefinition.addedInstance(from: old, to: skipped) == nil)
    }
}
