import FormKit
import Foundation
import Testing

/// A `set` checks its value once: the field's pattern is compiled once per
/// command (`RulePattern.cached`), however many times the command reads
/// the field's state, colour and broken rule.
@Suite("patterns compiled once per command")
struct PatternCompileTests {
    /// A pattern no other test uses, so that this process has never
    /// compiled it: as in a new `formctl set` process.
    static func freshPattern() -> String {
        "[0-9]{3}(?#\(UUID().uuidString))"
    }

    /// Stores `pattern` as `key`'s rule with the sqlite3 shell, as a user
    /// could: nothing in this process compiles it.
    static func storePattern(_ pattern: String, key: String, in form: StoredForm) throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [form.path, "UPDATE field SET pattern = '\(pattern)' WHERE key = '\(key)'"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
    }

    @Test("set of a field with a pattern, after an edit in sqlite3 (so the form is refreshed too): one compile")
    func setCompilesOnce() throws {
        let box = try TemporaryForm()
        let form = box.form
        try form.set("email", to: "x")
        let pattern = Self.freshPattern()
        try Self.storePattern(pattern, key: "middle", in: form)
        #expect(RulePattern.compileCount(of: pattern) == 0)

        let field = try form.set("middle", to: "12a")
        #expect(field.state == .invalid)
        #expect(field.brokenRule == "does not match /\(pattern)/")
        #expect(RulePattern.compileCount(of: pattern) == 1)

        // The next command in this process finds it compiled.
        #expect(try form.set("middle", to: "123").state == .valid)
        #expect(try form.check().problems.contains { $0.key == "middle" } == false)
        #expect(RulePattern.compileCount(of: pattern) == 1)
        withExtendedLifetime(box) {}
    }
}
