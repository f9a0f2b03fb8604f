import Foundation
import PropertyBased
import Testing

/// Values: huge, non-ASCII, random. Each accepted value round-trips
/// through `get`, `get --json` and `sqlite3` byte for byte.
@Suite("hostile input: values")
struct HostileValueTests {
    struct Large: CustomTestStringConvertible, Sendable {
        var name: String
        var value: String
        var testDescription: String { name }
    }

    static let large: [Large] = [
        // The repro: 1 MB of "é" (two bytes each).
        Large(name: "1 MB of é", value: String(repeating: "é", count: 500_000)),
        Large(name: "1 MB of ASCII", value: String(repeating: "a", count: 1_000_000)),
        Large(name: "1 MB of e + combining acute (one character each)", value: String(repeating: "e\u{301}", count: 333_333)),
        Large(name: "1 MB of CJK", value: String(repeating: "東", count: 333_333)),
        Large(name: "1 MB of family emoji", value: String(repeating: "👨‍👩‍👧‍👦", count: 40_000)),
        Large(name: "1 MB of mixed scripts and newlines", value: String(repeating: "Zoë Łódź 東京 🇯🇵 עברית\n", count: 25_000)),
        Large(name: "one character of 10,000 combining marks", value: "e" + String(repeating: "\u{301}", count: 10_000)),
    ]

    @Test("a large value is set through --stdin, finishes, and round-trips exactly", arguments: large)
    func largeValue(large: Large) throws {
        let box = try Sandbox()
        try box.createDatabase()
        // --stdin drops one trailing newline: add one so the value is kept whole.
        let set = try box.formctl(["set", "middle", "--stdin"], stdin: Data((large.value + "\n").utf8), timeout: 120)
        expectDocumented(set, [0], "set \(large.name)")
        try box.expectRoundTrip("middle", large.value)
        expectDocumented(try box.formctl(["fields"], timeout: 120), [0], "fields with \(large.name)")
        expectDocumented(try box.formctl(["minimap", "--format", "svg"], timeout: 120), [0], "minimap with \(large.name)")
    }

    /// Pieces that are more than one scalar, or mean something to SQL,
    /// shells, terminals or the title template.
    static let pieces = ["e\u{301}", "👨‍👩‍👧‍👦", "🇯🇵", "\r\n", "\u{1B}[31m", "'", "\"", "\\", "%s", "{first}", "é", "東", " ", "-"]

    /// Any Unicode scalar but NUL (refused with 65) and the surrogates
    /// (which are not scalars), mixed with pieces.
    static func value(scalars: [Int], pieces: [String?]) -> String {
        var value = ""
        for (index, number) in scalars.enumerated() {
            if let scalar = Unicode.Scalar(UInt32(number)), number != 0 { value.unicodeScalars.append(scalar) }
            if index < pieces.count, let piece = pieces[index] { value += piece }
        }
        return value
    }

    @Test("random Unicode values round-trip through set, get, get --json and sqlite3")
    func randomValues() async throws {
        let box = try Sandbox()
        try box.createDatabase()
        let scalars = Gen.int(in: 1...0x10FFFF).array(of: 0...30)
        let pieces = Gen<String?>.element(of: Self.pieces).array(of: 0...10)
        await propertyCheck(count: 30, input: scalars, pieces) { scalars, pieces in
            let value = Self.value(scalars: scalars, pieces: pieces)
            // As an argument (a value starting with '-' goes after `--`).
            let set = try box.formctl(["set", "last", "--", value], timeout: 30)
            expectDocumented(set, [0], "set last \(value.debugDescription)")
            try box.expectRoundTrip("last", value)
            // And through --stdin, with the trailing newline it drops.
            let stdin = try box.formctl(["set", "first", "--stdin"], stdin: Data((value + "\n").utf8), timeout: 30)
            expectDocumented(stdin, [0], "set first --stdin \(value.debugDescription)")
            try box.expectRoundTrip("first", value)
        }
        #expect(try box.value("PRAGMA integrity_check") == "ok")
    }

    @Test("random bytes on --stdin: stored exactly when UTF-8 without NUL, else 65 and the value unchanged")
    func randomBytes() async throws {
        let box = try Sandbox()
        try box.ok(["set", "middle", "kept"])
        await propertyCheck(count: 30, input: Gen<UInt8>.value(in: 0...255).array(of: 0...64)) { bytes in
            let set = try box.formctl(["set", "middle", "--stdin"], stdin: Data(bytes), timeout: 30)
            var data = Data(bytes)
            if data.last == 0x0A { data.removeLast() }
            let valid = String(validating: data, as: UTF8.self)
            if let valid, !data.contains(0) {
                expectDocumented(set, [0], "set --stdin \(Data(bytes).hex)")
                try box.expectRoundTrip("middle", valid)
                try box.ok(["set", "middle", "kept"])
            } else {
                expectDocumented(set, [65], "set --stdin \(Data(bytes).hex)")
                try box.expectRoundTrip("middle", "kept")
            }
        }
    }
}
