/// Which fields are shown: a field is shown when it is not hidden
/// (`Field.isVisible`) and its `showIf` condition holds, or it has none.
///
/// A condition reads each field it names as that field is while shown, and
/// a field that is not shown reads as empty (`ShowCondition`), so a chain
/// of conditions hides together. A condition that names no field (a
/// reference left dangling by an edit in the sqlite3 shell), or that takes
/// part in a cycle of conditions, never holds: such a field is hidden
/// rather than guessed at. formctl refuses to write either; only a hand
/// edit can make one.
public enum FieldVisibility {
    /// Whether each of `fields` is shown, by index. `outside` gives the
    /// fields that conditions name but `fields` lacks (a page's form
    /// reading a field of another page), as conditions read them; a key
    /// absent from both names no field.
    ///
    /// Linear in the fields and the conditions' leaves; without any
    /// condition, the `isVisible` flags as they are.
    public static func shown(_ fields: [Field], outside: [String: ConditionOperand] = [:]) -> [Bool] {
        var shown = fields.map(\.isVisible)
        guard fields.contains(where: { $0.showIf != nil }) else { return shown }
        var index: [String: Int] = [:]
        index.reserveCapacity(fields.count)
        for (place, field) in fields.enumerated() where index[field.key] == nil { index[field.key] = place }

        // Resolved without recursion (a chain of a hundred thousand
        // conditions must not exhaust the stack): each field waits on the
        // fields its condition reads.
        enum Mark { case unknown, resolving, resolved }
        var marks = [Mark](repeating: .unknown, count: fields.count)
        func reads(_ place: Int) -> [Int] {
            guard fields[place].isVisible, let condition = fields[place].showIf else { return [] }
            return condition.fields.compactMap { index[$0] }
        }
        func resolve(_ place: Int) {
            defer { marks[place] = .resolved }
            guard fields[place].isVisible, let condition = fields[place].showIf else { return }
            shown[place] = condition.holds { key in
                if let read = index[key] {
                    return shown[read] ? fields[read].conditionOperand : .empty(fields[read].rules.type)
                }
                return outside[key]
            }
        }
        for start in fields.indices where marks[start] == .unknown {
            // Each entry: a field, and how many of its reads are done.
            var stack: [(place: Int, reads: [Int], next: Int)] = [(start, reads(start), 0)]
            marks[start] = .resolving
            while let top = stack.last {
                guard top.next < top.reads.count else {
                    resolve(top.place)
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let read = top.reads[top.next]
                switch marks[read] {
                case .resolved:
                    continue
                case .unknown:
                    marks[read] = .resolving
                    stack.append((read, reads(read), 0))
                case .resolving:
                    // A cycle: every field on it is hidden, and the fields
                    // waiting on them below resolve from that.
                    let cycleStart = stack.lastIndex { $0.place == read } ?? 0
                    for member in stack[cycleStart...] {
                        shown[member.place] = false
                        marks[member.place] = .resolved
                    }
                    stack.removeSubrange(cycleStart...)
                }
            }
        }
        return shown
    }

    /// The fields whose conditions, followed from `key` through the
    /// conditions of `fields` with `key`'s condition replaced by
    /// `condition`, come back to `key`: the cycle formctl refuses, as the
    /// keys on it in order (`[a, b, a]`); nil when there is none.
    public static func cycle(setting condition: ShowCondition, on key: String, in fields: [Field]) -> [String]? {
        var reads: [String: [String]] = [:]
        for field in fields { if let show = field.showIf { reads[field.key] = show.fields } }
        reads[key] = condition.fields
        return cycle(from: key, reads: reads)
    }

    /// A path of reads from `key` back to itself in `reads` (each field's
    /// keys read by its condition), or nil. Breadth first, so the path
    /// given is a shortest one.
    public static func cycle(from key: String, reads: [String: [String]]) -> [String]? {
        var cameFrom: [String: String] = [:]
        var queue = (reads[key] ?? []).map { ($0, key) }
        var head = 0
        while head < queue.count {
            let (current, parent) = queue[head]
            head += 1
            guard cameFrom[current] == nil else { continue }
            cameFrom[current] = parent
            if current == key {
                var path = [key]
                var step = parent
                while step != key, let previous = cameFrom[step] {
                    path.append(step)
                    step = previous
                }
                return [key] + Array(path.dropFirst().reversed()) + [key]
            }
            for next in reads[current] ?? [] where cameFrom[next] == nil { queue.append((next, current)) }
        }
        return nil
    }
}
