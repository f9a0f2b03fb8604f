import Foundation
import Testing

/// A damaged schema (issue 35): bits flipped in the pages that hold
/// `sqlite_master`. formctl's own statements then meet triggers, tables and
/// views that are not the ones its migrations made; that is a damaged file
/// (74, saying so, the file untouched), never formctl's fault (70) and
/// never a crash.
@Suite("hostile input: a damaged schema")
struct HostileSchemaBitFlipTests {
    static let get = ["get", "first"]
    static let set = ["set", "first", "Grace"]

    /// A new database as formctl makes it (the seed form), one file with no
    /// `-wal` beside it; its bytes.
    private func pristine(_ box: Sandbox) throws -> Data {
        try box.ok(Self.get)
        for suffix in ["-wal", "-shm", "-journal"] {
            try #require(!FileManager.default.fileExists(atPath: box.db + suffix), "formctl left \(suffix) beside a new file")
        }
        return try box.bytes()
    }

    /// Puts `data` at the sandbox's database path, with no side files.
    private func install(_ data: Data, in box: Sandbox) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: box.db + suffix) }
        try data.write(to: URL(fileURLWithPath: box.db))
    }

    /// `data`, the sandbox's database, with `mask` flipped in byte `index`
    /// of the first `word` in the SQL of schema entry `entry`. The flip is
    /// made wherever the file holds that SQL: a stale copy in free space
    /// (left by a migration) is flipped too, harmlessly.
    private func flipping(_ data: Data, in box: Sandbox, entry: String, word: String, index: Int, mask: UInt8) throws -> Data {
        let sql = Data(try #require(try box.value("SELECT sql FROM sqlite_master WHERE name = '\(entry)'"), "no entry \(entry)").utf8)
        let offset = try #require(sql.range(of: Data(word.utf8)), "no \(word) in \(entry)").lowerBound + index
        var damaged = data
        var from = data.startIndex
        while let found = data.range(of: sql, in: from..<data.endIndex) {
            damaged[found.lowerBound + offset] ^= mask
            from = found.upperBound
        }
        try #require(from != data.startIndex, "the SQL of \(entry) is not in the file as one piece")
        return damaged
    }

    /// Runs `command` and expects exit `code`; for 74, a message on
    /// standard error holding each of `mentions`, and the sandbox exactly
    /// as it was.
    private func expect(_ command: [String], exits code: Int32, mentioning mentions: [String] = [], in box: Sandbox, _ what: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = box.snapshot
        let result = try box.formctl(command, timeout: 30)
        expectDocumented(result, [code], "\(what), \(command.joined(separator: " "))", sourceLocation: sourceLocation)
        guard code == 74 else { return }
        #expect(isError(result, 74), "\(what): \(result)", sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(result.stderrText.contains(mention), "\(what): the message should mention \(mention): \(result.stderrText)",
                    sourceLocation: sourceLocation)
        }
        #expect(box.snapshot.changes(since: before).isEmpty, "\(what): refused but touched the folder: \(box.snapshot.changes(since: before))",
                sourceLocation: sourceLocation)
    }

    @Test("the issue's damaged trigger: needs_refresh became needc_refresh; set exits 74 saying the schema is damaged, untouched")
    func issueTrigger() throws {
        let box = try Sandbox()
        // 's' (0x73) ^ 0x10 is 'c': `UPDATE form SET needc_refresh = 1 …`
        // in the trigger every `set` fires.
        let damaged = try flipping(try pristine(box), in: box, entry: "field_changed", word: "needs_refresh", index: 4, mask: 0x10)
        try install(damaged, in: box)
        #expect(try box.value("SELECT sql LIKE '%needc_refresh%' FROM sqlite_master WHERE name = 'field_changed'") == "1")
        try expect(Self.get, exits: 0, in: box, "needc_refresh")
        try expect(Self.set, exits: 74, mentioning: ["is damaged", "trigger field_changed", "no such column: needc_refresh", "restore it from a copy"],
                   in: box, "needc_refresh")
    }

    /// A bit flipped by hand in one entry of the schema, and what `get`
    /// and `set` answer.
    struct Damage: CustomTestStringConvertible, Sendable {
        var name: String
        var entry: String
        var word: String
        var index: Int
        var mask: UInt8
        var get: Int32
        var mentions: [String]
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "a column of table field renamed (pattern → pattdrn): get fails too", entry: "field",
               word: "pattern    TEXT", index: 4, mask: 0x01, get: 74, mentions: ["table field", "no such column: pattern"]),
        Damage(name: "a CHECK of table minimap_rect ('field' → 'fiele')", entry: "minimap_rect",
               word: "'field'", index: 5, mask: 0x01, get: 0, mentions: ["table minimap_rect", "CHECK constraint failed"]),
        Damage(name: "a column in view field_estimate (value → valwe)", entry: "field_estimate",
               word: "length(value) AS length", index: 10, mask: 0x02, get: 0, mentions: ["view field_estimate", "no such column: valwe"]),
        Damage(name: "a trigger SQLite cannot parse (WHERE → WJERE)", entry: "field_changed",
               word: "WHERE", index: 1, mask: 0x02, get: 74, mentions: ["malformed database schema (field_changed)"]),
    ]

    @Test("a bit flipped by hand in a table, a CHECK, a view, a trigger: 74 saying the schema is damaged, untouched", arguments: damages)
    func handPicked(damage: Damage) throws {
        let box = try Sandbox()
        let damaged = try flipping(try pristine(box), in: box, entry: damage.entry, word: damage.word, index: damage.index, mask: damage.mask)
        try install(damaged, in: box)
        try expect(Self.get, exits: damage.get, mentioning: ["is damaged"] + damage.mentions, in: box, damage.name)
        try expect(Self.set, exits: 74, mentioning: ["is damaged"] + damage.mentions, in: box, damage.name)
    }

    @Test("the schema's pages are found from page 1 (as dbstat finds them, where the shell has it)")
    func schemaPages() throws {
        let box = try Sandbox()
        let pages = try SchemaPages(of: try pristine(box))
        #expect(pages.numbers.first == 1 && pages.numbers.count > 1, "\(pages.numbers)")
        let dbstat = try box.sqlite("SELECT group_concat(pageno) FROM (SELECT pageno FROM dbstat WHERE name IN ('sqlite_schema', 'sqlite_master') ORDER BY pageno);")
        if dbstat.succeeded {
            #expect(dbstat.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == pages.numbers.map(String.init).joined(separator: ","))
        }
    }

    /// How many random rounds to run: `FORMCTL_BITFLIP_ROUNDS`, else a
    /// number that keeps the test under a minute on two busy cores (about
    /// 7 s alone; `Scripts/schema-bitflips.sh` runs 2,000).
    static var rounds: Int { Int(ProcessInfo.processInfo.environment["FORMCTL_BITFLIP_ROUNDS"] ?? "") ?? 100 }

    @Test("random bits flipped in the schema's pages (100 rounds, FORMCTL_BITFLIP_ROUNDS): get and set never exit 70 or crash; a 74 leaves the file untouched",
          .tags(.bitFlips), .slow)
    func randomFlips() throws {
        let box = try Sandbox()
        let original = try pristine(box)
        let pages = try SchemaPages(of: original)
        let environment = ProcessInfo.processInfo.environment
        let seed = UInt64(environment["FORMCTL_BITFLIP_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        print("schema bit flips: seed \(seed) (FORMCTL_BITFLIP_SEED=\(seed) repeats the rounds), \(Self.rounds) rounds, pages \(pages.numbers) of \(pages.pageSize) bytes")
        var generator = SeededGenerator(seed: seed)
        var exits: [String: [Int32: Int]] = [:]
        var refusals: [String: Int] = [:]
        for round in 1...max(Self.rounds, 1) {
            let page = pages.numbers[Int.random(in: 0..<pages.numbers.count, using: &generator)]
            let byte = Int.random(in: 0..<pages.pageSize, using: &generator)
            let bit = Int.random(in: 0..<8, using: &generator)
            var damaged = original
            damaged[(page - 1) * pages.pageSize + byte] ^= UInt8(1 << bit)
            try install(damaged, in: box)
            let what = "seed \(seed), round \(round): page \(page), byte \(byte), bit \(bit)"
            for command in [Self.get, Self.set] {
                let before = box.snapshot
                let result = try box.formctl(command, timeout: 30)
                expectDocumented(result, nil, "\(what), \(command.joined(separator: " "))")
                let code: Int32 = result.signalled ? -result.status : result.status
                exits[command[0], default: [:]][code, default: 0] += 1
                if result.status == 74 && !result.signalled {
                    let changes = box.snapshot.changes(since: before)
                    #expect(changes.isEmpty, "\(what), \(command.joined(separator: " ")): 74 but touched the folder: \(changes)")
                    refusals[Self.kind(of: result.stderrText), default: 0] += 1
                }
            }
        }
        for command in [Self.get, Self.set] {
            let counts = (exits[command[0]] ?? [:]).sorted { $0.key < $1.key }.map { "exit \($0.key): \($0.value)" }
            print("schema bit flips: \(command.joined(separator: " ")): \(counts.joined(separator: ", "))")
        }
        print("schema bit flips: the 74s: \(refusals.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    }

    /// Which refusal a 74's message is, for the printed counts.
    private static func kind(of message: String) -> String {
        if message.contains("its schema is not the one formctl made (") { return "damaged schema, entry named" }
        if message.contains("its schema is not the one formctl made") { return "damaged schema, SQLite cannot parse it" }
        if message.contains("is not a SQLite database, or it is damaged") { return "not SQLite or damaged pages" }
        if message.contains("not a formctl one") { return "not a formctl database" }
        return "other"
    }
}
