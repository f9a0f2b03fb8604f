/// Spots regular expressions that can take exponential time to fail a
/// match (catastrophic backtracking, "ReDoS"): a repeated group that itself
/// contains a repetition or an alternative, as in `(a+)+$` or `(a|aa)*`.
/// Swift's `Regex` has no time limit, and the store checks rules while it
/// holds the write lock, so such patterns are refused rather than run.
public enum PatternSafety {
    /// Why `pattern` is unsafe to run, or nil when it has no such group.
    public static func risk(in pattern: String) -> String? {
        struct Group { var repeats = false; var alternates = false }
        var stack = [Group()]
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                _ = characters.popFirst()
            case "[":
                // A character class is one atom: skip to its closing bracket.
                if characters.first == "]" { characters.removeFirst() }
                while let next = characters.popFirst(), next != "]" {
                    if next == "\\" { _ = characters.popFirst() }
                }
            case "(":
                stack.append(Group())
            case ")":
                guard stack.count > 1 else { continue }
                let group = stack.removeLast()
                let repeated = isRepetition(&characters)
                if repeated && (group.repeats || group.alternates) {
                    return "a repeated group that contains a repetition or an alternative can take exponential time to check"
                }
                if repeated || group.repeats { stack[stack.count - 1].repeats = true }
            case "|":
                stack[stack.count - 1].alternates = true
            case "*", "+", "{":
                if character == "{" {
                    // `{n}` and `{0,1}` repeat nothing worth counting.
                    var bound = ""
                    while let next = characters.first, next != "}" { bound.append(next); characters.removeFirst() }
                    if !characters.isEmpty { characters.removeFirst() }
                    if repeatsMoreThanOnce(bound) { stack[stack.count - 1].repeats = true }
                } else {
                    stack[stack.count - 1].repeats = true
                }
            default:
                break
            }
        }
        return nil
    }

    /// Whether a quantifier that repeats follows a group, consuming it.
    private static func isRepetition(_ characters: inout ArraySlice<Character>) -> Bool {
        guard let next = characters.first else { return false }
        switch next {
        case "*", "+":
            characters.removeFirst()
            return true
        case "{":
            characters.removeFirst()
            var bound = ""
            while let character = characters.first, character != "}" { bound.append(character); characters.removeFirst() }
            if !characters.isEmpty { characters.removeFirst() }
            return repeatsMoreThanOnce(bound)
        default:
            return false
        }
    }

    /// `n,`, `n,m` with m > 1, or `n` > 1.
    private static func repeatsMoreThanOnce(_ bound: String) -> Bool {
        let parts = bound.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 2 { return parts[1].isEmpty || (Int(parts[1]) ?? 2) > 1 }
        return (Int(bound) ?? 2) > 1
    }
}
