/// Which fields are shown: a field is shown when it is not hidden
/// (`Field.isVisible`) and its `showIf` condition holds, or it has none.
///
/// A condition holds only while the field it reads is itself shown, so a
/// chain of conditions hides together. A condition that names no field (a
/// reference left dangling by an edit in the sqlite3 shell), or that takes
/// part in a cycle of conditions, never holds: such a field is hidden
/// rather than guessed at. formctl refuses to write either; only a hand
/// edit can make one.
public enum FieldVisibility {
    /// Whether each of `fields` is shown, by index. `outside` gives the
    /// values of shown fields that conditions name but `fields` lacks (a
    /// page's form reading a field of another page); a key absent from both
    /// is a field that is not shown or does not exist.
    ///
    /// Linear in the fields; without any condition, the `isVisible` flags
    /// as they are.
    public static func shown(_ fields: [Field], outside: [String: String] = [:]) -> [Bool] {
        var shown = fields.map(\.isVisible)
        guard fields.contains(where: { $0.showIf != nil }) else { return shown }
        var index: [String: Int] = [:]
        index.reserveCapacity(fields.count)
        for (place, field) in fields.enumerated() where index[field.key] == nil { index[field.key] = place }

        // Resolved without recursion (a chain of a hundred thousand
        // conditions must not exhaust the stack): each field waits on the
        // one its condition reads.
        enum Mark { case unknown, resolving, resolved }
        var marks = [Mark](repeating: .unknown, count: fields.count)
        for start in fields.indices where marks[start] == .unknown {
            var chain = [start]
            marks[start] = .resolving
            while let current = chain.last {
                let field = fields[current]
                guard field.isVisible, let condition = field.showIf else {
                    // No condition (or hidden anyway): the flag decides.
                    marks[current] = .resolved
                    chain.removeLast()
                    continue
                }
                guard let read = index[condition.field] else {
                    shown[current] = outside[condition.field].map(condition.holds(forValue:)) ?? false
                    marks[current] = .resolved
                    chain.removeLast()
                    continue
                }
                switch marks[read] {
                case .resolved:
                    shown[current] = shown[read] && condition.holds(forValue: fields[read].value)
                    marks[current] = .resolved
                    chain.removeLast()
                case .unknown:
                    marks[read] = .resolving
                    chain.append(read)
                case .resolving:
                    // A cycle: every field on it is hidden, and the fields
                    // waiting on them below resolve from that.
                    let cycleStart = chain.lastIndex(of: read) ?? 0
                    for member in chain[cycleStart...] {
                        shown[member] = false
                        marks[member] = .resolved
                    }
                    chain.removeSubrange(cycleStart...)
                }
            }
        }
        return shown
    }

    /// The field whose condition, followed from `key` through the
    /// conditions of `fields` with `key`'s condition replaced by
    /// `condition`, comes back to `key`: the cycle formctl refuses, as the
    /// keys on it in order (`[a, b, a]`); nil when there is none.
    public static func cycle(setting condition: ShowCondition, on key: String, in fields: [Field]) -> [String]? {
        var conditions: [String: String] = [:]
        for field in fields { if let show = field.showIf { conditions[field.key] = show.field } }
        conditions[key] = condition.field
        var path = [key]
        var seen: Set<String> = [key]
        var current = condition.field
        while true {
            path.append(current)
            if current == key { return path }
            guard seen.insert(current).inserted, let next = conditions[current] else { return nil }
            current = next
        }
    }
}
