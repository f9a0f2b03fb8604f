/// Telling an added instance from any other change: a kept picture lays out
/// only the instance when that is all that changed (`RetainedFormPicture`).
extension FormDefinition {
    /// The path of the instance that `new` adds at the end of one of
    /// `old`'s repeats, when that instance (its group, rows and fields) is
    /// all that differs; nil otherwise. Rows, positions and first rows may
    /// be numbered again, as `repeat add` numbers them, as long as the
    /// order stays: both forms are compared with each number replaced by
    /// its rank, so a field that moved to another row is a change.
    public static func addedInstance(from old: FormDefinition, to new: FormDefinition) -> String? {
        guard new.groups.count == old.groups.count + 1, new.fields.count > old.fields.count else { return nil }
        // The one group `new` has that `old` has not: groups keep their order.
        var index = 0
        while index < old.groups.count && old.groups[index].path == new.groups[index].path { index += 1 }
        let added = new.groups[index]
        guard added.kind == .instance, let repeatPath = added.parent, old.group(repeatPath)?.kind == .repeat,
              added.number == old.instances(of: repeatPath).count + 1,
              !new.groups.contains(where: { $0.path != added.path && FieldPath.isWithin($0.path, added.path) })
        else { return nil }
        var rest = new
        rest.groups.remove(at: index)
        let rows = Set(new.rows.lazy.filter { $0.group == added.path }.map(\.number))
        rest.rows.removeAll { $0.group == added.path }
        rest.fields.removeAll { rows.contains($0.row) }
        guard rest.rows.count == old.rows.count, rest.fields.count == old.fields.count else { return nil }
        return rest.rankNumbered == old.rankNumbered ? added.path : nil
    }

    /// This form with rows numbered 1, 2, 3… in the order of their numbers,
    /// fields' rows and groups' first rows numbered to match (a number no
    /// row has, a group's "next row", takes the rank it would have), and
    /// positions by rank the same way.
    var rankNumbered: FormDefinition {
        var form = self
        let rowNumbers = rows.map(\.number).sorted()
        let positions = fields.map(\.position).sorted()
        for index in form.rows.indices { form.rows[index].number = Self.rank(of: form.rows[index].number, in: rowNumbers) }
        for index in form.fields.indices {
            form.fields[index].row = Self.rank(of: form.fields[index].row, in: rowNumbers)
            form.fields[index].position = Self.rank(of: form.fields[index].position, in: positions)
        }
        for index in form.groups.indices { form.groups[index].firstRow = Self.rank(of: form.groups[index].firstRow, in: rowNumbers) }
        return form
    }

    /// 1 + how many of `sorted` are below `number`.
    private static func rank(of number: Int, in sorted: [Int]) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = low + (high - low) / 2
            if sorted[middle] < number { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}
