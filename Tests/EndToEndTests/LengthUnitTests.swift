import Foundation
import Testing

/// `formctl field rule KEY --length-unit characters|code-points`.
@Suite("field rule --length-unit")
struct LengthUnitTests {
    @Test("code points count what JSON Schema counts: a flag is one character and two code points")
    func codePoints() throws {
        let box = try Sandbox()
        #expect(try box.ok(["set", "first", "🇫🇷🇫🇷"]).stdoutText == "first: short (yellow), 2 characters\n")
        let changed = try box.ok(["field", "rule", "first", "--length-unit", "code-points", "--max-length", "3"])
        #expect(changed.stdoutText == "first: invalid (orange), 4 code points: allows at most 3 code points, has 4\n", "\(changed)")
        #expect(try box.value("SELECT length_unit FROM field WHERE key = 'first'") == "code_points")
        let listing = try #require(try JSONSerialization.jsonObject(with: try box.ok(["fields", "--json"]).stdout) as? [[String: Any]])
        let rules = listing.compactMap { $0["rules"] as? [String: Any] }
        #expect(rules.compactMap { $0["lengthUnit"] as? String } == ["code_points", "characters", "characters", "characters", "characters"])
        #expect(try box.ok(["set", "first", "🇫🇷a"]).stdoutText == "first: valid (green), 3 code points\n")
        #expect(try box.ok(["field", "rule", "first", "--length-unit", "characters"]).stdoutText == "first: short (yellow), 2 characters\n")
        // The database's spelling is accepted too; --clear goes back to characters.
        try box.ok(["field", "rule", "first", "--length-unit", "code_points"])
        try box.ok(["field", "rule", "first", "--clear"])
        #expect(try box.value("SELECT length_unit FROM field WHERE key = 'first'") == "characters")
    }

    @Test("an unknown unit is a usage error (64) that names the two, and changes nothing")
    func unknownUnit() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let before = try box.bytes()
        let result = try box.formctl(["field", "rule", "first", "--length-unit", "bytes"])
        #expect(result.status == 64 && result.stderrText.contains("characters") && result.stderrText.contains("code-points"), "\(result)")
        #expect(try box.bytes() == before)
    }
}
