import FormModel
import GRDB
import Testing
@testable import FormStore

/// `FormTables.updateMinimapRects` when the number of rectangles changes:
/// the equal runs at both ends are kept and the end's renumbered in SQL
/// (an instance added or removed, a field shown or hidden), and what the
/// table holds afterwards is exactly the new rectangles.
@Suite("Minimap rectangles spliced")
struct MinimapRectSpliceTests {
    /// Rectangles `keys` in z order, each at its own y.
    static func rects(_ keys: [String], y: Double = 0) -> [MinimapRect] {
        keys.enumerated().map { index, key in
            MinimapRect(z: index, key: key, kind: .field, color: .green, x: 1, y: y + Double(index), width: 10, height: 2)
        }
    }

    static func stored(_ before: [MinimapRect], then after: [MinimapRect]) throws -> [MinimapRect] {
        let queue = try DatabaseQueue()
        try MigrationRunner.migrate(queue, path: ":memory:")
        return try queue.write { db in
            try FormTables.replaceMinimapRects(with: before, db)
            try FormTables.updateMinimapRects(from: before, to: after, db)
            return try FormTables.minimapRects(db)
        }
    }

    @Test("inserted at the start, in the middle and at the end; removed from each; moved; nothing kept", arguments: [
        (["a", "b", "c", "d"], ["x", "y", "a", "b", "c", "d"]),
        (["a", "b", "c", "d"], ["a", "b", "x", "y", "z", "c", "d"]),
        (["a", "b", "c", "d"], ["a", "b", "c", "d", "x"]),
        (["x", "y", "a", "b", "c", "d"], ["a", "b", "c", "d"]),
        (["a", "b", "x", "y", "z", "c", "d"], ["a", "b", "c", "d"]),
        (["a", "b", "c", "d", "x"], ["a", "b", "c", "d"]),
        (["a", "b", "c"], ["p", "q"]),
        ([], ["a"]),
        (["a"], []),
    ])
    func spliced(before: [String], after: [String]) throws {
        let new = Self.rects(after)
        #expect(try Self.stored(Self.rects(before), then: new) == new)
    }

    @Test("an equal run at the end whose rectangles moved is written, not kept")
    func movedRun() throws {
        let before = Self.rects(["a", "b", "c", "d"])
        var after = Self.rects(["a", "x", "b", "c", "d"])
        after[4].y += 5
        #expect(try Self.stored(before, then: after) == after)
    }
}
