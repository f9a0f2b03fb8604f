/// Finds the existing key a mistyped one most likely meant (`frist` →
/// `first`), for `FormStoreError.unknownField`.
public enum KeySuggestion {
    /// The key among `candidates` nearest to `key`, if it is within a third
    /// of the longer key's length (at least 1, at most 3 edits), else nil.
    /// Ties go to the candidate listed first (form order).
    public static func nearest(to key: String, in candidates: [String]) -> String? {
        var best: (key: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(key.lowercased(), candidate.lowercased())
            let allowed = min(3, max(1, max(key.count, candidate.count) / 3))
            guard distance <= allowed else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.key
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of two neighbours each count one, so `frist`
    /// is one edit from `first`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
