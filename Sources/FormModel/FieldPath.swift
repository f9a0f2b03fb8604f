/// Paths of fields, groups and instances: keys joined by `.`, with an
/// instance's 1-based number after its repeat's key (`contact.phone`,
/// `children.2.name`). A top-level field's path is its key.
public enum FieldPath {
    /// The separator between a path's segments.
    public static let separator: Character = "."

    /// `parent` and `child` joined (`child` alone when `parent` is empty).
    public static func join(_ parent: String, _ child: String) -> String {
        parent.isEmpty ? child : parent + "." + child
    }

    /// The path without its last segment; nil for a single segment.
    public static func parent(of path: String) -> String? {
        guard let dot = path.lastIndex(of: separator) else { return nil }
        return String(path[..<dot])
    }

    /// The last segment.
    public static func last(of path: String) -> String {
        guard let dot = path.lastIndex(of: separator) else { return path }
        return String(path[path.index(after: dot)...])
    }

    /// The segments.
    public static func segments(of path: String) -> [Substring] {
        path.split(separator: separator, omittingEmptySubsequences: false)
    }

    /// Whether `path` is `ancestor` or lies inside it.
    public static func isWithin(_ path: String, _ ancestor: String) -> Bool {
        if let answer = asciiIsWithin(path, ancestor) { return answer }
        return path == ancestor || (path.hasPrefix(ancestor) && path.dropFirst(ancestor.count).first == separator)
    }

    /// `isWithin` by bytes when both paths are ASCII (nearly all are), or
    /// nil. ASCII strings are equal, and one starts another, exactly when
    /// their bytes do, and `.` joins no character before it; counting the
    /// ancestor's characters walks its grapheme clusters instead, which
    /// made this a tenth of adding an instance to a repeat.
    private static func asciiIsWithin(_ path: String, _ ancestor: String) -> Bool? {
        let answer = path.utf8.withContiguousStorageIfAvailable { path in
            ancestor.utf8.withContiguousStorageIfAvailable { ancestor in asciiIsWithin(path, ancestor) } ?? nil
        }
        return answer ?? nil
    }

    /// Only the bytes the answer reads need be ASCII: the ancestor's, and
    /// the path's as far as the one after a `.` that follows them (a mark
    /// there would join the `.` into another character).
    private static func asciiIsWithin(_ path: UnsafeBufferPointer<UInt8>, _ ancestor: UnsafeBufferPointer<UInt8>) -> Bool? {
        var bits: UInt8 = 0
        for byte in ancestor { bits |= byte }
        for byte in path.prefix(ancestor.count + 2) { bits |= byte }
        guard bits < 0x80 else { return nil }
        guard path.count >= ancestor.count, path.starts(with: ancestor) else { return false }
        return path.count == ancestor.count || path[ancestor.count] == UInt8(ascii: ".")
    }

    /// The paths a name written in a condition inside `scope` may mean,
    /// nearest first, as a name in a block of code is looked up: inside
    /// `children.2`, `age` is `children.2.age`, then `children.age`, then
    /// `age`.
    public static func candidates(for name: String, from scope: String?) -> [String] {
        var result: [String] = []
        var current = scope
        while let here = current {
            result.append(join(here, name))
            current = parent(of: here)
        }
        result.append(name)
        return result
    }

    /// `name` as written in a condition inside `scope`, looked up among
    /// `keys` (`candidates(for:from:)`); nil when none names a field.
    public static func resolve(_ name: String, from scope: String?, in keys: Set<String>) -> String? {
        candidates(for: name, from: scope).first { keys.contains($0) }
    }

    /// The shortest name that, written in a condition inside `scope`,
    /// resolves to `path` among `keys` (the path itself when no shorter one does).
    public static func relativeName(of path: String, from scope: String?, in keys: Set<String>) -> String {
        var ancestors: [String] = []
        var current = scope
        while let here = current {
            ancestors.append(here)
            current = parent(of: here)
        }
        for ancestor in ancestors where path.hasPrefix(ancestor + ".") {
            let name = String(path.dropFirst(ancestor.count + 1))
            if resolve(name, from: scope, in: keys) == path { return name }
        }
        return path
    }
}

extension FieldPath {
    /// `path` without its instance numbers: the path a field, group or
    /// repeat is declared at (`households.2.members.3.age` is
    /// `households.members.age`).
    public static func declared(_ path: String) -> String {
        guard path.contains(where: \.isNumber) else { return path }
        return segments(of: path).filter { Int($0) == nil }.joined(separator: ".")
    }

    /// Each repeat's instance count as `keys` (field paths) name its
    /// instances: the highest number after the repeat's path among them.
    /// `repeats` holds the repeats' declared paths (`households.members`);
    /// the counts are by instance path (`households.2.members`).
    public static func instanceCounts(in keys: some Sequence<String>, repeats: Set<String>) -> [String: Int] {
        var counts: [String: Int] = [:]
        for key in keys {
            let parts = segments(of: key)
            var path = ""
            var declaredPath = ""
            var index = 0
            while index < parts.count {
                path = join(path, String(parts[index]))
                declaredPath = join(declaredPath, String(parts[index]))
                index += 1
                guard repeats.contains(declaredPath), index < parts.count, let number = Int(parts[index]), number > 0 else { continue }
                counts[path] = max(counts[path] ?? 0, number)
                path = join(path, String(parts[index]))
                index += 1
            }
        }
        return counts
    }
}
