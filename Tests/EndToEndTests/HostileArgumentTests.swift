import Foundation
import PropertyBased
import Testing

/// Numbers a user gives on the command line: range-checked when parsed
/// (64 with the allowed range), never trapping arithmetic.
@Suite("hostile input: numbers in arguments")
struct HostileArgumentTests {
    static let extremes = ["-9223372036854775808", "9223372036854775807", "-1", "0", "99999999999999999999", "1e309", "nan", "-inf", "inf", "0x10", "٣"]

    /// Commands with one number in them; `N` is replaced by the number.
    static let templates: [[String]] = [
        ["field", "move", "first", "--index=N"],
        ["field", "move", "first", "--row=N"],
        ["field", "add", "extra", "Extra", "--row", "1", "--index=N"],
        ["field", "add", "extra", "Extra", "--row=N"],
        ["row", "width", "2", "N"],
        ["row", "width", "N", "400"],
        ["row", "add", "--width=N"],
        ["row", "add", "--min-width=N", "--max-width", "540"],
        ["row", "remove", "N"],
        ["field", "rule", "first", "--min-length=N"],
        ["field", "rule", "first", "--max-length=N"],
        ["history", "--limit=N"],
        ["minimap", "--format", "text", "--width=N"],
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = templates.flatMap { template in
        extremes.map { number in Case(arguments: template.map { $0.replacingOccurrences(of: "N", with: number) }) }
    }

    @Test("the issue's --index=-9223372036854775808: 64 naming the range, no trap")
    func indexAtIntMin() throws {
        let box = try Sandbox()
        try box.createDatabase()
        for arguments in [["field", "move", "first", "--index=-9223372036854775808"],
                          ["field", "add", "extra", "Extra", "--row", "1", "--index=-9223372036854775808"]] {
            let result = try box.formctl(arguments)
            expectDocumented(result, [64], arguments.joined(separator: " "))
        }
        #expect(try box.value("SELECT group_concat(key, ',') FROM (SELECT key FROM field ORDER BY position)") == "first,middle,last,email,twitter")
    }

    @Test("extreme numbers in every numeric option: a documented answer; the file stays sound", arguments: cases)
    func extremeNumber(command: Case) throws {
        let box = try Sandbox()
        try box.createDatabase()
        let result = try box.formctl(command.arguments, timeout: 30)
        expectDocumented(result, [0, 1, 64, 65], command.testDescription)
        // Whatever was accepted, the form still reads and draws.
        expectDocumented(try box.formctl(["fields"]), [0], "fields after \(command.testDescription)")
        expectDocumented(try box.formctl(["minimap", "--format", "json"]), [0], "minimap after \(command.testDescription)")
        expectDocumented(try box.formctl(["set", "first", "Ada"]), [0], "set after \(command.testDescription)")
        #expect(try box.value("PRAGMA integrity_check") == "ok")
    }

    @Test("random 64-bit numbers for --index and --row: never a trap")
    func randomPlaces() async throws {
        let box = try Sandbox()
        try box.createDatabase()
        await propertyCheck(count: 25, input: Gen.int64(in: Int64.min...Int64.max), Gen.int64(in: -3...8)) { index, row in
            let move = try? box.formctl(["field", "move", "middle", "--index=\(index)", "--row=\(row)"], timeout: 30)
            if let move { expectDocumented(move, [0, 64], "field move middle --index=\(index) --row=\(row)") }
            let small = try? box.formctl(["field", "move", "middle", "--index=\(row)"], timeout: 30)
            if let small { expectDocumented(small, [0, 64], "field move middle --index=\(row)") }
        }
        #expect(try box.value("SELECT COUNT(*) FROM field") == "5")
        #expect(try box.value("PRAGMA integrity_check") == "ok")
    }
}
