import FormModel
import FormText

/// Values named by path written as nested JSON (DECISIONS, "Exports"): a
/// group is an object, a repeat an array of objects, a list an array of
/// values. A segment followed by a number is an array (keys start with a
/// letter, so a number is always an instance's). Members keep the order
/// their first value came in.
struct NestedJSON {
    /// One object, array or value of the tree.
    private final class Node {
        var keys: [String] = []
        var members: [String: Node] = [:]
        var items: [Int: Node] = [:]
        var isArray = false
        var leaf: String?
    }

    private let root = Node()

    /// Puts `json` (a value's JSON text) at `path`.
    func insert(_ json: String, at path: String) {
        var node = root
        let segments = FieldPath.segments(of: path)
        for (index, segment) in segments.enumerated() {
            let key = String(segment)
            let next: Node
            if node.isArray, let number = Int(key) {
                if let existing = node.items[number] { next = existing } else {
                    next = Node()
                    node.items[number] = next
                }
            } else if let existing = node.members[key] {
                next = existing
            } else {
                next = Node()
                node.members[key] = next
                node.keys.append(key)
            }
            if index + 1 < segments.count, Int(segments[index + 1]) != nil { next.isArray = true }
            node = next
        }
        node.leaf = json
    }

    /// Makes `path` an array, empty unless values are put in it (a repeat
    /// without instances).
    func array(at path: String) {
        var node = root
        for segment in FieldPath.segments(of: path) {
            let key = String(segment)
            if node.isArray, let number = Int(key) {
                guard let existing = node.items[number] else { return }
                node = existing
            } else if let existing = node.members[key] {
                node = existing
            } else {
                let next = Node()
                node.members[key] = next
                node.keys.append(key)
                node = next
            }
        }
        if node.leaf == nil && node.members.isEmpty { node.isArray = true }
    }

    /// The whole tree as one line of JSON.
    var text: String {
        var out = ""
        write(root, into: &out)
        return out
    }

    private func write(_ node: Node, into out: inout String) {
        if let leaf = node.leaf {
            out += leaf
        } else if node.isArray {
            out += "["
            for (index, number) in node.items.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                if let item = node.items[number] { write(item, into: &out) }
            }
            out += "]"
        } else {
            out += "{"
            for (index, key) in node.keys.enumerated() {
                if index > 0 { out += "," }
                out += JSONString.literal(key) + ":"
                if let member = node.members[key] { write(member, into: &out) }
            }
            out += "}"
        }
    }
}
