import Foundation
import Testing

/// `history` (formctl's changes and those made with sqlite3) and `check`.
@Suite("history and check")
struct HistoryCheckTests {
    @Test("history lists formctl's changes oldest first, as TIME KEY OLD → NEW (SOURCE)")
    func formctlChanges() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        try box.ok(["set", "first", "John"])
        try box.ok(["set", "last", "Smith"])
        let all = try box.ok(["history"]).stdoutText.lines
        #expect(all.count == 5 + 3, "\(all)")
        let first = try box.ok(["history", "first"]).stdoutText.lines
        #expect(first.count == 3, "the seed's empty value, then two changes: \(first)")
        let stored = try box.rows("SELECT changed_at FROM history WHERE key = 'first' ORDER BY id").map { $0[0] ?? "" }
        for (line, time) in zip(first, stored) {
            #expect(line.hasPrefix(time), "TIME first: \(line)")
            #expect(line.contains(" first "), "\(line)")
            #expect(line.hasSuffix("(formctl)"), "\(line)")
        }
        #expect(first[1].contains("→") && first[1].contains("Jo") && first[2].contains("John"), "\(first)")
        let oldToNew = try #require(first[2].range(of: "→"))
        #expect(first[2][..<oldToNew.lowerBound].contains("Jo") && first[2][oldToNew.upperBound...].contains("John"), "\(first[2])")
        #expect(!first.joined().contains("Smith"))
    }

    @Test("history --limit keeps the last N changes, still oldest first")
    func limit() throws {
        let box = try Sandbox()
        for value in ["a1", "b2", "c3", "d4"] { try box.ok(["set", "middle", value]) }
        let lines = try box.ok(["history", "middle", "--limit", "2"]).stdoutText.lines
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.contains("c3") == true && lines.last?.contains("d4") == true, "\(lines)")
        #expect(lines.last.map { $0.range(of: "c3")!.lowerBound < $0.range(of: "d4")!.lowerBound } == true)
    }

    @Test("history --json is the history table")
    func json() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        try box.ok(["field", "add", "phone", "Phone", "--row", "2"])
        try box.ok(["field", "remove", "phone"])
        let result = try box.ok(["history", "--json"])
        let entries = try #require(try result.stdout.json() as? [[String: Any]], "\(result)")
        let table = try box.json("SELECT id, key, old_value, new_value, changed_at, source FROM history ORDER BY id")
        #expect(entries.count == table.count && entries.count == 8)
        // Every entry has all six keys, null for a value that did not exist.
        let keys: Set<String> = ["id", "key", "oldValue", "newValue", "changedAt", "source"]
        let incomplete = entries.filter { Set($0.keys) != keys }
        #expect(incomplete.isEmpty, "entries without all of \(keys.sorted()): \(incomplete.map { "id \($0["id"] ?? "?"): \($0.keys.sorted())" })")
        for (entry, row) in zip(entries, table) {
            #expect(number(entry["id"]) == number(row["id"]))
            #expect(entry["key"] as? String == row["key"] as? String)
            #expect(entry["changedAt"] as? String == row["changed_at"] as? String)
            #expect(entry["source"] as? String == row["source"] as? String)
            for (name, column) in [("oldValue", "old_value"), ("newValue", "new_value")] {
                if row[column] is NSNull {
                    #expect(entry[name] == nil || entry[name] is NSNull, "\(name): \(entry)")
                } else {
                    #expect(entry[name] as? String == row[column] as? String, "\(name): \(entry)")
                }
            }
        }
    }

    @Test("a change made with sqlite3 is history with source sql, and formctl then shows fresh states")
    func sqlChange() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "John"])
        try box.exec("UPDATE field SET value='x' WHERE key='first'")
        #expect(try box.rows("SELECT old_value, new_value, source FROM history ORDER BY id DESC LIMIT 1") == [["John", "x", "sql"]])

        let history = try box.ok(["history", "first"]).stdoutText.lines
        #expect(history.last?.hasSuffix("(sql)") == true && history.last?.contains("John") == true, "\(history)")
        // The next formctl command refreshed what depends on the value.
        #expect(try box.rows("SELECT state, color, length FROM field WHERE key = 'first'") == [["short", "yellow", "1"]])
        #expect(try box.value("SELECT color FROM minimap_rect WHERE key = 'first' AND kind = 'field'") == "yellow")
        #expect(try box.value("SELECT needs_refresh FROM form") == "0")
        let get = try box.ok(["get", "first", "--json"])
        #expect(get.stdoutText.contains(#""color":"yellow""#) && get.stdoutText.contains(#""state":"short""#), "\(get)")
    }

    @Test("after sqlite3 writes what its triggers can only approximate, formctl shows the exact state")
    func sqlChangeNeedsGraphemes() throws {
        let box = try Sandbox()
        try box.createDatabase()
        // Two characters in four code points: the triggers say 4 and valid.
        try box.exec("UPDATE field SET value = 'e' || char(769) || 'e' || char(769) WHERE key = 'middle'")
        let json = try #require(try box.ok(["get", "middle", "--json"]).stdout.json() as? [String: Any])
        #expect(json["state"] as? String == "short" && json["color"] as? String == "yellow" && number(json["length"]) == 2, "\(json)")
        #expect(try box.rows("SELECT state, color, length FROM field WHERE key = 'middle'") == [["short", "yellow", "2"]])
        #expect(try box.value("SELECT color FROM minimap_rect WHERE key = 'middle' AND kind = 'field'") == "yellow")
        let text = try box.ok(["minimap", "--format", "text"])
        #expect(text.stdoutText.contains("Y"), "\(text)")
        // A minimap rectangle changed in sqlite3 is put back by the next command.
        try box.exec("UPDATE minimap_rect SET color = 'green' WHERE key = 'middle' AND kind = 'field'")
        let fields = try box.ok(["fields"])
        #expect(fields.stdoutText.lines.first { $0.hasPrefix("middle ") }?.words.contains("short yellow") == true, "\(fields)")
        #expect(try box.value("SELECT color FROM minimap_rect WHERE key = 'middle' AND kind = 'field'") == "yellow")
    }

    @Test("history of a key that never existed is 64 with a suggestion")
    func unknownKey() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let result = try box.formctl(["history", "frist"])
        #expect(isError(result, 64) && result.stderrText.contains("did you mean 'first'?"), "\(result)")
    }

    @Test("check: exit 1 listing every shown field that is not valid, 0 when all are")
    func check() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let fresh = try box.formctl(["check"])
        #expect(fresh.status == 1 && !fresh.looksLikeCrash, "\(fresh)")
        let listed = Set(fresh.stdoutText.lines.compactMap { line in seedKeys.first { line.hasPrefix($0) } })
        #expect(listed == ["first", "middle", "last", "email"], "hidden twitter is not checked: \(fresh)")

        try box.ok(["set", "first", "John"])
        try box.ok(["set", "middle", "Quincy"])
        try box.ok(["set", "last", "Adams"])
        try box.ok(["set", "email", "john@example.com"])
        let valid = try box.formctl(["check"])
        #expect(valid.status == 0 && !valid.looksLikeCrash, "\(valid)")
        let validJSON = try box.formctl(["check", "--json"])
        #expect(validJSON.status == 0, "\(validJSON)")
        _ = try validJSON.stdout.json()

        // A hidden field breaking a rule does not count.
        try box.ok(["field", "rule", "twitter", "--min-length", "5"])
        try box.ok(["set", "twitter", "abc"])
        #expect(try box.formctl(["check"]).status == 0)

        try box.ok(["field", "rule", "email", "--pattern", ".*@example\\.org"])
        let invalid = try box.formctl(["check"])
        #expect(invalid.status == 1, "\(invalid)")
        #expect(invalid.stdoutText.lines.count == 1 && invalid.stdoutText.hasPrefix("email"), "\(invalid)")
        let invalidJSON = try box.formctl(["check", "--json"])
        #expect(invalidJSON.status == 1, "\(invalidJSON)")
        #expect(invalidJSON.stdoutText.contains("email"))
        _ = try invalidJSON.stdout.json()

        try box.ok(["field", "rule", "email", "--clear"])
        try box.ok(["field", "rule", "middle", "--required"])
        try box.ok(["set", "middle", ""])
        let required = try box.formctl(["check"])
        #expect(required.status == 1 && required.stdoutText.hasPrefix("middle"), "\(required)")
    }
}
