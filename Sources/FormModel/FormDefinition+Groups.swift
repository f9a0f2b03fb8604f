extension FormDefinition {
    /// `shown` with every field of a hidden group or instance turned off:
    /// a group whose `showIf` does not hold hides everything in it (its
    /// values are kept, as a hidden field's are), and so does one inside a
    /// hidden group. A group's condition reads fields as a field's does.
    func hidingGroups(_ shown: [Bool]) -> [Bool] {
        let hidden = hiddenGroups(shown)
        guard !hidden.isEmpty else { return shown }
        var groupOfRow: [Int: String] = [:]
        for row in rows { if let group = row.group { groupOfRow[row.number] = group } }
        var result = shown
        for (index, field) in fields.enumerated() where result[index] {
            guard var group = groupOfRow[field.row] else { continue }
            while true {
                if hidden.contains(group) { result[index] = false; break }
                guard let parent = FieldPath.parent(of: group) else { break }
                group = parent
            }
        }
        return result
    }

    /// The paths of the groups whose own condition does not hold, reading
    /// the fields as `shown` says they are.
    func hiddenGroups(_ shown: [Bool]) -> Set<String> {
        guard groups.contains(where: { $0.showIf != nil }) else { return [] }
        var index: [String: Int] = [:]
        for (place, field) in fields.enumerated() where index[field.key] == nil { index[field.key] = place }
        var hidden: Set<String> = []
        for group in groups {
            guard let condition = group.showIf else { continue }
            let holds = condition.holds { key in
                if let read = index[key] {
                    return shown[read] ? fields[read].conditionOperand : .empty(fields[read].rules.type)
                }
                return outsideValues[key]
            }
            if !holds { hidden.insert(group.path) }
        }
        return hidden
    }

    /// The group, repeat or instance at `path`, if any.
    public func group(_ path: String) -> FormGroup? {
        // By index, each path compared where it is: through `first(where:)`
        // every group was copied, its strings retained and released, and a
        // repeat of 200 instances is looked through twice per instance added.
        for index in groups.indices where groups[index].path == path { return groups[index] }
        return nil
    }

    /// The instances of the repeat at `path`, in order.
    public func instances(of path: String) -> [FormGroup] {
        groups.filter { $0.kind == .instance && $0.parent == path }
    }

    /// The paths of the groups, repeats and instances whose own condition
    /// does not hold (each hides itself and what is in it).
    public var groupsHiddenByConditions: Set<String> {
        hiddenGroups(FieldVisibility.shown(fields, outside: outsideValues))
    }

    /// Whether any group, repeat or instance hides the group at `path` or
    /// one it is in (its own condition or an outer one not holding).
    public func isGroupShown(_ path: String) -> Bool {
        let hidden = hiddenGroups(FieldVisibility.shown(fields, outside: outsideValues))
        var current: String? = path
        while let here = current {
            if hidden.contains(here) { return false }
            current = FieldPath.parent(of: here)
        }
        return true
    }

    /// What keeps each shown repeat from passing `check`: fewer instances
    /// than its `minCount`, more than its `maxCount`, or two equal ones
    /// where it is `unique`; one reason per repeat, in form order.
    public var repeatProblems: [(path: String, page: String, reason: String)] {
        var problems: [(path: String, page: String, reason: String)] = []
        var fieldsByRow: [Int: [Field]] = [:]
        for field in fields { fieldsByRow[field.row, default: []].append(field) }
        for group in groups where group.kind == .repeat {
            guard let rules = group.repeatRules, isGroupShown(group.path) else { continue }
            let instances = instances(of: group.path)
            let noun = instances.count == 1 ? "instance" : "instances"
            if instances.count < rules.minCount {
                problems.append((group.path, group.page, "has \(instances.count) \(noun); it needs at least \(rules.minCount)"))
            } else if let max = rules.maxCount, instances.count > max {
                problems.append((group.path, group.page, "has \(instances.count) \(noun); it takes at most \(max)"))
            } else if rules.unique {
                var seen: [[String]: Int] = [:]
                for instance in instances {
                    let prefix = instance.path + "."
                    let answers = fields.filter { $0.key == instance.path || $0.key.hasPrefix(prefix) }
                        .map { String($0.key.dropFirst(instance.path.count)) + "=" + $0.value }
                    if let earlier = seen[answers] {
                        problems.append((group.path, group.page, "instances \(earlier) and \(instance.number ?? 0) hold the same answers; each must differ"))
                        break
                    }
                    seen[answers] = instance.number ?? 0
                }
            }
        }
        return problems
    }
}

extension FormDefinition {
    /// An instance's title: its repeat's `itemTitle` with `{index}` and the
    /// instance's own `{key}`s filled in, or the repeat's title (its key
    /// when it has none) and the number.
    public func instanceTitle(_ instance: FormGroup) -> String {
        let number = instance.number ?? 0
        guard let repeatPath = instance.parent, let group = group(repeatPath) else { return instance.path }
        guard let template = group.repeatRules?.itemTitle else { return "\(group.title ?? group.key) \(number)" }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if name == "index" {
                result += String(number)
            } else if let field = field(FieldPath.join(instance.path, name)) {
                result += field.value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

/// What a form draws, top to bottom, with its groups (`FormDefinition.layoutItems`):
/// a row, or a group, repeat or instance holding more.
public indirect enum FormLayoutItem: Hashable, Sendable {
    /// The row at this index of `FormDefinition.rows`.
    case row(Int)
    /// A group or an instance, with what it holds.
    case group(FormGroup, [FormLayoutItem])
    /// A repeat, with its instances (each a `.group`).
    case repeatGroup(FormGroup, [FormLayoutItem])
}

extension FormDefinition {
    /// The rows with their groups, repeats and instances around them, top
    /// to bottom (a group before the row it starts at); a group, repeat or
    /// instance that is not shown is left out with its rows.
    public var layoutItems: [FormLayoutItem] {
        var rowsIn: [String: [Int]] = [:]
        for (index, row) in rows.enumerated() { rowsIn[row.group ?? "", default: []].append(index) }
        var groupsIn: [String: [FormGroup]] = [:]
        for group in groups { groupsIn[group.parent ?? "", default: []].append(group) }
        let hidden = hiddenGroups(FieldVisibility.shown(fields, outside: outsideValues))
        func items(in container: String) -> [FormLayoutItem] {
            var entries: [(order: Int, isRow: Bool, item: FormLayoutItem)] = []
            for index in rowsIn[container] ?? [] { entries.append((rows[index].number, true, .row(index))) }
            for group in groupsIn[container] ?? [] where group.kind != .instance && !hidden.contains(group.path) {
                if group.kind == .repeat {
                    let instances = (groupsIn[group.path] ?? []).filter { $0.kind == .instance }
                        .map { FormLayoutItem.group($0, items(in: $0.path)) }
                    entries.append((group.firstRow, false, .repeatGroup(group, instances)))
                } else {
                    entries.append((group.firstRow, false, .group(group, items(in: group.path))))
                }
            }
            return entries.enumerated()
                .sorted { ($0.element.order, $0.element.isRow ? 1 : 0, $0.offset) < ($1.element.order, $1.element.isRow ? 1 : 0, $1.offset) }
                .map(\.element.item)
        }
        return items(in: "")
    }
}
