import Synchronization

extension RulePattern {
    /// The compiled pattern for `pattern`, compiled once per process: a
    /// `set` validates the value it stores, the form's other values and the
    /// value printed back, and `check` validates every field; each of those
    /// would otherwise compile the same pattern again (PCRE2's compile is
    /// far dearer than a match on a short value).
    ///
    /// The cache keeps at most `cacheLimit` patterns, dropping them all when
    /// it is full: a form has a handful of patterns, and a process that sees
    /// many (a test suite, a server over many forms) must not grow without
    /// bound. A pattern that does not compile is remembered with its error.
    public static func cached(_ pattern: String) throws(CompileError) -> RulePattern {
        let known = cache.withLock { $0.compiled[pattern] }
        if let known { return try known.get() }
        let outcome: Result<RulePattern, CompileError>
        do {
            outcome = .success(try RulePattern(pattern))
        } catch {
            outcome = .failure(error)
        }
        cache.withLock { cache in
            if cache.compiled.count >= cacheLimit {
                cache.compiled.removeAll(keepingCapacity: true)
                cache.compileCounts.removeAll(keepingCapacity: true)
            }
            cache.compiled[pattern] = outcome
            cache.compileCounts[pattern, default: 0] += 1
        }
        return try outcome.get()
    }

    /// How many patterns the cache keeps at most.
    public static let cacheLimit = 256

    /// How many times `cached(_:)` has compiled `pattern` in this process
    /// (tests count that a command compiles each pattern once).
    public static func compileCount(of pattern: String) -> Int {
        cache.withLock { $0.compileCounts[pattern] ?? 0 }
    }

    private struct Cache: ~Copyable {
        var compiled: [String: Result<RulePattern, CompileError>] = [:]
        /// Compiles by pattern, for `compileCount(of:)`; as bounded as
        /// `compiled` (cleared with it).
        var compileCounts: [String: Int] = [:]
    }

    private static let cache = Mutex(Cache())
}
