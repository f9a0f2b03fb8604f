import Foundation
import PropertyBased
import Testing

/// Patterns always finish: every `field rule --pattern` is compiled by
/// PCRE2 (refused with 65 and PCRE2's message and offset if it does not
/// compile) and every match runs under PCRE2's limits, so a `set` on a
/// field with any pattern finishes quickly and never holds the lock for
/// long.
@Suite("hostile input: patterns")
struct HostilePatternTests {
    /// The bound for one `set` whatever the pattern (debug build, loaded
    /// machine): the limits stop a match in about a tenth of a second.
    static let bound: TimeInterval = 15

    struct Costly: CustomTestStringConvertible, Sendable {
        var pattern: String
        var value: String
        var testDescription: String { "/\(pattern)/ against \(value.count) characters" }
    }

    static let costly: [Costly] = [
        // The issue's repros.
        Costly(pattern: "(a?){30}a{30}", value: String(repeating: "a", count: 20)),
        Costly(pattern: ".*.*.*.*=.*", value: String(repeating: "a", count: 3_000)),
        // More of the kind: nested and overlapping repetitions.
        Costly(pattern: "(a?){30}a{30}", value: String(repeating: "a", count: 29)),
        Costly(pattern: "(a+)+$", value: String(repeating: "a", count: 40) + "!"),
        Costly(pattern: "(a|aa)*c", value: String(repeating: "a", count: 5_000)),
        Costly(pattern: "(a|a?)+b", value: String(repeating: "a", count: 5_000)),
        Costly(pattern: "(.*a){20}", value: String(repeating: "a", count: 3_000) + "b"),
        Costly(pattern: "(x+x+)+y", value: String(repeating: "x", count: 5_000)),
        Costly(pattern: "(\\w+\\s?)*$", value: String(repeating: "word ", count: 2_000) + "!"),
        Costly(pattern: "^(([a-z])+.)+[A-Z]([a-z])+$", value: String(repeating: "aaaa", count: 1_000) + "!"),
        Costly(pattern: ".*.*.*.*.*.*=.*", value: String(repeating: "é", count: 3_000)),
        Costly(pattern: "(?:(?:a*)*)*b", value: String(repeating: "a", count: 100_000)),
        Costly(pattern: "(\\X+\\X+)+!", value: String(repeating: "e\u{301}", count: 3_000)),
        Costly(pattern: "(?=(a+)+b)a*", value: String(repeating: "a", count: 3_000)),
        Costly(pattern: "(a*)*\\1b", value: String(repeating: "a", count: 3_000)),
    ]

    @Test("a costly pattern is accepted and every set on it finishes: invalid, not a hang", arguments: costly)
    func costlyPattern(costly: Costly) throws {
        let box = try Sandbox()
        try box.createDatabase()
        let rule = try box.formctl(["field", "rule", "middle", "--pattern", costly.pattern], timeout: Self.bound)
        expectDocumented(rule, [0], "field rule --pattern \(costly.pattern)")
        let set = try box.formctl(["set", "middle", "--stdin"], stdin: Data(costly.value.utf8), timeout: Self.bound)
        expectDocumented(set, [0], "set middle (\(costly.testDescription))")
        let state = try box.value("SELECT state FROM field WHERE key = 'middle'")
        #expect(state == "invalid" || state == "valid", "\(state ?? "nil")")
        if state == "invalid" {
            let line = set.stdoutText
            #expect(line.contains("pattern too costly for this value") || line.contains("does not match"), "\(line.prefix(300))")
        }
        // The value is stored as given, whatever the pattern says of it.
        try box.expectRoundTrip("middle", costly.value)
        let check = try box.formctl(["check", "--json"], timeout: Self.bound)
        expectDocumented(check, [1], "check")
    }

    @Test("a set on a costly pattern does not keep another writer waiting")
    func costlyPatternBlocksNoOne() throws {
        let box = try Sandbox()
        try box.createDatabase()
        try box.ok(["field", "rule", "first", "--pattern", "(a|aa)*c"])
        let binary = try Formctl.binary()
        let slow = try (0..<4).map { _ in
            try ChildProcess(binary, ["set", "first", "--stdin", "--db", box.db], input: .bytes(Data(String(repeating: "a", count: 20_000).utf8)),
                             environment: childEnvironment(), currentDirectory: box.folder)
        }
        let fast = try box.formctl(["set", "last", "Lovelace"], timeout: Self.bound)
        expectDocumented(fast, [0], "set last beside costly sets")
        for child in slow { expectDocumented(child.wait(timeout: Self.bound * 2), [0], "costly set") }
    }

    @Test("a pattern PCRE2 cannot compile: 65 with PCRE2's message and offset, the rule unchanged",
          arguments: ["(", "[a-", "a{2,1}", "\\", "(?<n>a)(?<n>b)", "\\C", "a**", "(?P<x", "[[:nope:]]", "\\k<missing>", "(?z)", "x{99999}"])
    func uncompilable(pattern: String) throws {
        let box = try Sandbox()
        try box.ok(["field", "rule", "last", "--pattern", "[A-Z][a-z]+"])
        let result = try box.formctl(["field", "rule", "last", "--pattern", pattern])
        expectDocumented(result, [65], "--pattern \(pattern)")
        #expect(result.stderrText.contains("offset"), "the message names where: \(result.stderrText)")
        #expect(try box.value("SELECT pattern FROM field WHERE key = 'last'") == "[A-Z][a-z]+", "the old rule stays")
    }

    @Test("a pattern written with sqlite3 that does not compile makes the value invalid with PCRE2's reason")
    func uncompilableFromSQL() throws {
        let box = try Sandbox()
        try box.createDatabase()
        try box.exec("UPDATE field SET pattern = '(' WHERE key = 'last'")
        let set = try box.formctl(["set", "last", "Lovelace"])
        expectDocumented(set, [0], "set with a broken pattern")
        #expect(set.stdoutText.contains("invalid") && set.stdoutText.contains("missing closing parenthesis"), "\(set)")
    }

    /// Pieces of patterns, joined at random: many are not valid, some are
    /// costly; none may hang or crash formctl.
    static let pieces = ["a", "a?", "a*", "a+", "(", ")", "(?:", "|", ".*", ".+", "{30}", "{2,}", "[a-z]", "\\d", "\\w+", "\\X", "b", "$", "^", "\\1", "(?=", "(?!", "[", "]", "é", "+", "*?", "{"]

    @Test("random patterns against random runs of a: field rule says 0 or 65, set always finishes")
    func randomPatterns() async throws {
        let box = try Sandbox()
        try box.createDatabase()
        let patterns = Gen<String?>.element(of: Self.pieces).map { $0 ?? "a" }.array(of: 1...10).map { $0.joined() }
        await propertyCheck(count: 40, input: patterns, Gen.int(in: 0...3_000), Gen.bool) { pattern, count, bang in
            let rule = try box.formctl(["field", "rule", "middle", "--pattern", pattern], timeout: Self.bound)
            expectDocumented(rule, [0, 65], "--pattern \(pattern)")
            let value = String(repeating: "a", count: count) + (bang ? "!" : "")
            let set = try box.formctl(["set", "middle", "--stdin"], stdin: Data(value.utf8), timeout: Self.bound)
            expectDocumented(set, [0], "/\(pattern)/ against \(count) a's")
        }
        #expect(try box.value("PRAGMA integrity_check") == "ok")
    }
}
