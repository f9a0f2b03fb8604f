import Foundation
import Testing

/// `formctl edit` and `formctl minimap --watch` in tmux show a change made
/// by another process (a `sqlite3` UPDATE, a `formctl set`): the time from
/// the moment the other command returns to the first capture of the screen
/// that shows it (the screen captured every 20 ms, so a figure is up to
/// about 30 ms late, more on a busy machine, where starting `tmux
/// capture-pane` takes longer). Each is measured five times and every
/// figure is printed with the middle one.
///
/// In the suite this checks that each change shows, whatever the machine
/// is doing; the goal, a middle figure of 250 ms at most, is a benchmark's
/// (`Benchmarks/live-change.sh` runs these tests with
/// `FORMCTL_HOLD_LATENCY=1`, which holds it). A timed assertion in the suite
/// failed whenever other work kept the cores busy. The four cases run one
/// after another, so as to add one terminal's load at a time to the rest of
/// the suite.
@Suite("others' changes on screen, and how soon", .serialized, .tags(.terminal), .slow)
struct LiveChangeLatencyTests {
    static let limit: TimeInterval = 0.25
    static let rounds = 5
    /// Whether the middle figure is held to `limit` (the benchmark), or
    /// only printed (the suite).
    static let holdsLimit = ProcessInfo.processInfo.environment["FORMCTL_HOLD_LATENCY"] == "1"

    /// The other process's change: the `sqlite3` shell's UPDATE of a value,
    /// or `formctl set`.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case sqlite3Update = "sqlite3 UPDATE"
        case formctlSet = "formctl set"

        var testDescription: String { rawValue }

        /// Sets `key` to `value` in `sandbox`'s database this way.
        func apply(_ key: String, _ value: String, in sandbox: Sandbox) throws {
            switch self {
            case .sqlite3Update: try sandbox.exec("UPDATE field SET value = '\(value)' WHERE key = '\(key)';")
            case .formctlSet: try sandbox.ok(["set", key, value])
            }
        }
    }

    @Test("formctl edit shows another process's change", arguments: Change.allCases)
    func editShows(_ change: Change) throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try EditorTypingTests.startEditor(sandbox)
        let figures = try (1...Self.rounds).map { round in
            try Self.measure(terminal, "Lovelace\(round) in the editor") {
                try change.apply("last", "Lovelace\(round)", in: sandbox)
            } shows: { $0.text.contains("Lovelace\(round)") }
        }
        try Self.report("edit, \(change.rawValue)", figures)
    }

    @Test("minimap --watch shows another process's change", arguments: Change.allCases)
    func watchShows(_ change: Change) throws {
        let sandbox = try Sandbox()
        try sandbox.createDatabase()
        let terminal = try Self.startWatch(sandbox)
        let figures = try (1...Self.rounds).map { round in
            let (value, color) = Self.value(round)
            return try Self.measure(terminal, "the first field \(value) in the minimap") {
                try change.apply("first", value, in: sandbox)
            } shows: { Self.firstFieldColor($0) == color }
        }
        try Self.report("minimap --watch, \(change.rawValue)", figures)
    }

    // MARK: Helpers

    /// Round `round`'s value of the first field and the colour the
    /// minimap gives it: green and yellow in turn, so each round shows.
    static func value(_ round: Int) -> (String, ScreenCapture.RGB) {
        round % 2 == 1 ? ("Ada", EditorTypingTests.green) : ("Ad", EditorTypingTests.yellow)
    }

    /// The colour of the first field in a minimap drawn from column 0.
    static func firstFieldColor(_ screen: ScreenCapture) -> ScreenCapture.RGB? {
        let states: Set = [EditorTypingTests.red, EditorTypingTests.yellow, EditorTypingTests.green, EditorTypingTests.orange]
        return screen.colors(fromColumn: 0)
            .filter { states.contains($0.color) }
            .min { ($0.row, $0.column) < ($1.row, $1.column) }?.color
    }

    static func startWatch(_ sandbox: Sandbox) throws -> TmuxTerminal {
        let terminal = try TmuxTerminal([try Formctl.binary().path, "minimap", "--watch", "--db", sandbox.db], in: sandbox.folder)
        try terminal.waitFor("the minimap, the first field red") { firstFieldColor($0) == EditorTypingTests.red }
        return terminal
    }

    /// Runs `change` (another process), then captures the screen every 20
    /// ms until it `shows` the change; the seconds from `change`'s return.
    /// (The last round's change is on screen already: its own wait ended
    /// when the screen showed it.)
    static func measure(_ terminal: TmuxTerminal, _ what: String, change: () throws -> Void,
                        shows: (ScreenCapture) throws -> Bool) throws -> TimeInterval {
        try change()
        return try terminal.waitFor(what, shows)
    }

    /// Prints the figures, and holds their middle one to `limit` when
    /// `holdsLimit`.
    static func report(_ what: String, _ figures: [TimeInterval]) throws {
        let milliseconds = figures.map { Int(($0 * 1000).rounded()) }
        let middle = milliseconds.sorted()[milliseconds.count / 2]
        print("latency \(what): \(milliseconds.map { "\($0) ms" }.joined(separator: ", ")) (middle \(middle) ms, goal ≤ \(Int(limit * 1000)) ms)")
        if holdsLimit { #expect(Double(middle) <= limit * 1000, "\(what): \(milliseconds) ms") }
    }
}
