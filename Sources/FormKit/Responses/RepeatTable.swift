import FormModel

/// One CSV table of an export of a form with repeats (DECISIONS, "Groups
/// and repeats", Exports), as ODK Central writes a form with repeats:
///
/// - the responses' table: one row per response, a column per field
///   outside repeats (by path: `contact.phone`), and a column per
///   top-level repeat (by path: `children`) holding the response's
///   number of instances;
/// - one repeat's table (`--repeat PATH`, the repeat's declared path:
///   `households.members`): one row per instance of it, `response` and
///   `path` (`households.1.members.3`) first, then a column per field of
///   one instance by its path in the instance (`name`, `address.street`;
///   a list's one value by the list's key), and a column per repeat right
///   inside it holding that instance's number of its instances.
///
/// A table is worked out once, from the form as declared and the answer
/// keys of the exported responses (`responseKeys`, the scan's columns):
/// each key is placed in a row and a column, or counted. Answers may come
/// from older versions of the form, so a key is never trusted to fit: one
/// inside no instance the table has is left out, and one the form does not
/// declare gets a column of its own after the declared ones, in order of
/// first appearance, as the flat export does with removed fields.
///
/// The number of instances is read from the keys, since a response stores
/// answers, not instances: the highest instance number among its answers.
/// An instance with no field of its own (only a nested repeat left empty)
/// has no answer, so it is neither counted past the last one that has, nor
/// given a row.
struct RepeatTable {
    /// What one column after the meta columns holds.
    enum Content: Equatable {
        /// An answer: the scan column holding it for each row (`RowPlan.answers`).
        case answer
        /// A count of instances of the repeat with this count slot.
        case count(Int)
    }

    /// One column after the meta columns.
    struct Column {
        /// The header, before `--split` and meta-name care.
        var name: String
        /// The path from the row's instance (or the form's top) it is
        /// found at: its name, but `""` for a list's value.
        var path: String
        var content: Content
        /// `--split`: the choices a `select_multiple` is written as, one
        /// 0/1 column each; nil: one column.
        var splitChoices: [String]?
        /// Whether a `select_multiple` is written as its JSON array (a
        /// choice value holds a space or comma).
        var asArray = false
    }

    /// One row a response may have: the response itself, or an instance.
    struct RowPlan {
        /// The instance's path; nil for the responses' table.
        var path: String?
        /// Per column: the scan column holding its answer (nil: none).
        var answers: [Int?]
        /// The scan columns that count instances for this row: (scan
        /// column, count slot, instance number).
        var counts: [(column: Int, slot: Int, number: Int)] = []
        /// Every scan column of this row: a row of an instance is written
        /// when one of them holds a value.
        var members: [Int] = []
    }

    /// The meta columns this table starts with.
    let metaColumns: [String]
    /// The columns after them.
    private(set) var columns: [Column] = []
    /// The rows, in order (instances by their numbers).
    private(set) var rows: [RowPlan] = []
    /// Whether this is one repeat's table (rows only for instances a
    /// response has) rather than the responses' (a row per response).
    let isRepeatTable: Bool

    /// The meta columns of the responses' table.
    static let responseMetaColumns = ResponseExport.metaColumns
    /// The meta columns of a repeat's table.
    static let instanceMetaColumns = ["response", "path"]

    /// The header row: the meta columns, then the columns (`NAME/VALUE`
    /// per choice for a split one; `values.NAME` for one named as a meta
    /// column, so that every header is unique).
    var header: [String] {
        metaColumns + columns.flatMap { column -> [String] in
            if let choices = column.splitChoices { return choices.map { "\(column.name)/\($0)" } }
            return [metaColumns.contains(column.name) ? "values.\(column.name)" : column.name]
        }
    }

    /// The repeats of `spec` by declared path, in form order.
    static func repeatPaths(of spec: FormSpec) -> [String] {
        spec.declaredGroups.filter(\.group.isRepeat).map(\.path)
    }

    /// The responses' table of `spec` for the scan columns `keys`;
    /// `split`: write `select_multiple` fields as 0/1 columns per choice.
    init(responsesOf spec: FormSpec, keys: [String], split: Bool) {
        metaColumns = Self.responseMetaColumns
        isRepeatTable = false
        let repeats = Set(Self.repeatPaths(of: spec))
        columns = Self.declaredColumns(in: spec.pages.flatMap(\.items), split: split)
        var row = RowPlan(path: nil, answers: Array(repeating: nil, count: columns.count))
        var columnOf = Self.answerColumns(columns)
        let slotOf = Self.countSlots(columns)
        for (scan, key) in keys.enumerated() {
            let location = RepeatLocation(key, repeats: repeats)
            if let outer = location.instances.first {
                // Inside an instance: counted for its top-level repeat
                // (when the key's outer repeat is one: an older form's
                // key may skip an instance, and is then a column of its own).
                if let slot = slotOf[outer.declared] {
                    row.counts.append((scan, slot, outer.number))
                    row.members.append(scan)
                    continue
                }
            }
            let column = columnOf[key] ?? Self.appendExtra(key, to: &columns, &columnOf, &row)
            if row.answers[column] == nil { row.answers[column] = scan }
            row.members.append(scan)
        }
        rows = [row]
    }

    /// The table of the repeat declared at `repeatPath` (one of
    /// `repeatPaths(of: spec)`) for the scan columns `keys`; nil when
    /// `spec` declares no repeat there.
    init?(instancesOf repeatPath: String, in spec: FormSpec, keys: [String], split: Bool) {
        guard let declared = spec.declaredGroups.first(where: { $0.path == repeatPath && $0.group.isRepeat }) else { return nil }
        metaColumns = Self.instanceMetaColumns
        isRepeatTable = true
        let repeats = Set(Self.repeatPaths(of: spec))
        if let field = declared.group.listField {
            // A list's one value sits at the instance's own path: its
            // column is named by the list's key.
            var column = Self.fieldColumn(path: "", field, split: split)
            column.name = FieldPath.last(of: repeatPath)
            columns = [column]
        } else {
            columns = Self.declaredColumns(in: declared.group.items, split: split)
        }
        var columnOf = Self.answerColumns(columns)
        let slotOf = Self.countSlots(columns)
        var rowOf: [String: Int] = [:]
        var order: [[Int]] = []
        var plans: [RowPlan] = []
        for (scan, key) in keys.enumerated() {
            let location = RepeatLocation(key, repeats: repeats)
            guard let depth = location.instances.firstIndex(where: { $0.declared == repeatPath }) else { continue }
            let instance = location.instances[depth]
            let row: Int
            if let known = rowOf[instance.path] {
                row = known
            } else {
                row = plans.count
                rowOf[instance.path] = row
                plans.append(RowPlan(path: instance.path, answers: Array(repeating: nil, count: columns.count)))
                order.append(location.instances[...depth].map(\.number))
            }
            if depth + 1 < location.instances.count {
                // Inside an instance of a repeat within this one: counted.
                let inner = location.instances[depth + 1]
                let name = String(inner.declared.dropFirst(repeatPath.count + 1))
                guard let slot = slotOf[name] else { continue }
                plans[row].counts.append((scan, slot, inner.number))
                plans[row].members.append(scan)
                continue
            }
            let relative = key == instance.path ? "" : String(key.dropFirst(instance.path.count + 1))
            let column: Int
            if let known = columnOf[relative] {
                column = known
            } else {
                column = columns.count
                columns.append(Column(name: relative.isEmpty ? FieldPath.last(of: repeatPath) : relative, path: relative, content: .answer))
                columnOf[relative] = column
                for index in plans.indices { plans[index].answers.append(nil) }
            }
            if plans[row].answers[column] == nil { plans[row].answers[column] = scan }
            plans[row].members.append(scan)
        }
        // Instances in their numbers' order (`households.1.members.2`
        // before `households.2.members.1`), whatever order keys came in.
        rows = plans.indices.sorted { order[$0].lexicographicallyPrecedes(order[$1]) }.map { plans[$0] }
    }

    // MARK: Columns

    /// The columns of `items` as declared: each field by its path from
    /// there, each group's fields inside it, and each repeat as one count
    /// column by its path (its own fields are in its table).
    private static func declaredColumns(in items: [FormItemSpec], split: Bool) -> [Column] {
        var columns: [Column] = []
        var slots = 0
        func walk(_ items: [FormItemSpec], prefix: String) {
            for item in items {
                switch item {
                case .row(let row):
                    for field in row.fields { columns.append(fieldColumn(path: FieldPath.join(prefix, field.key), field, split: split)) }
                case .group(let group):
                    let path = FieldPath.join(prefix, group.key)
                    if group.isRepeat {
                        columns.append(Column(name: path, path: path, content: .count(slots)))
                        slots += 1
                    } else {
                        walk(group.items, prefix: path)
                    }
                }
            }
        }
        walk(items, prefix: "")
        return columns
    }

    /// A field's answer column at `path`, named so, split or written as
    /// arrays as its rules say.
    private static func fieldColumn(path: String, _ field: FieldSpec, split: Bool) -> Column {
        var column = Column(name: path, path: path, content: .answer)
        if field.rules.type == .selectMultiple {
            if split { column.splitChoices = field.rules.choices.map(\.value) }
            column.asArray = SelectionValue.needsArrayCells(field.rules.choices)
        }
        return column
    }

    /// Each answer column by its path from the row's instance.
    private static func answerColumns(_ columns: [Column]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (index, column) in columns.enumerated() where column.content == .answer && result[column.path] == nil {
            result[column.path] = index
        }
        return result
    }

    /// Each count column's slot by its repeat's path from the row's instance.
    private static func countSlots(_ columns: [Column]) -> [String: Int] {
        var result: [String: Int] = [:]
        for column in columns { if case .count(let slot) = column.content { result[column.path] = slot } }
        return result
    }

    /// A column for `key`, which the form does not declare, after the others.
    private static func appendExtra(_ key: String, to columns: inout [Column], _ columnOf: inout [String: Int],
                                    _ row: inout RowPlan) -> Int {
        columns.append(Column(name: key, path: key, content: .answer))
        row.answers.append(nil)
        columnOf[key] = columns.count - 1
        return columns.count - 1
    }
}

/// Where a field's path lies among a form's repeats: the instances it is
/// in, outer first (`households.2.members.3.age` is in `households.2`,
/// then `households.2.members.3`). A number counts as an instance's only
/// right after the key of a repeat the form declares, so a key of an
/// older form, whose repeat is gone, lies in no instance.
struct RepeatLocation {
    /// One instance a path is in.
    struct Instance {
        /// Its repeat's declared path (`households.members`).
        var declared: String
        /// Its path (`households.2.members.3`).
        var path: String
        /// Its number, from 1.
        var number: Int
    }

    /// The instances, outer first.
    private(set) var instances: [Instance] = []

    /// The location of `key` among the repeats declared at `repeats`.
    init(_ key: String, repeats: Set<String>) {
        guard key.contains(FieldPath.separator) else { return }
        var declared = ""
        var actual = ""
        var afterRepeatKey = false
        for segment in FieldPath.segments(of: key) {
            if afterRepeatKey, let number = Int(segment), number >= 1 {
                actual += "." + segment
                instances.append(Instance(declared: declared, path: actual, number: number))
                afterRepeatKey = false
                continue
            }
            declared = FieldPath.join(declared, String(segment))
            actual = FieldPath.join(actual, String(segment))
            afterRepeatKey = repeats.contains(declared)
        }
    }
}
