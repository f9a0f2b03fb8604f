import GRDB

/// Commits the writes that wait at the same moment together: one
/// `IMMEDIATE` transaction, each write in a savepoint of its own, one
/// commit and so one `fsync` for all of them (a database that keeps
/// SQLite's `synchronous = FULL` pays an `fsync` per commit, and under
/// many writers at once that, not the work, was what they waited for).
///
/// Each write returns only once the transaction that holds it committed. A
/// write that throws (a refused value, a CHECK, a limit) is rolled back to
/// its savepoint and fails alone; the others commit. An error that ends
/// the transaction itself (a full disk, a lost lock) fails every write of
/// the group, and none of them is on disk.
///
/// The writers take turns leading a group as `CommitGroups` says.
final class GroupCommit: Sendable {
    /// A write: run by the group's leader, inside the transaction.
    private typealias Work = (Database) throws -> Void

    private let groups: CommitGroups<Work>

    /// Groups on `writer`: `starting` runs first in each transaction (its
    /// result is given to `finishing`), `finishing` after the writes, and
    /// `rolledBack` after a transaction that did not commit.
    init(writer: any DatabaseWriter, maximumGroup: Int = 256,
         starting: @escaping @Sendable (Database) throws -> Int64,
         finishing: @escaping @Sendable (Database, _ before: Int64) throws -> Void,
         rolledBack: @escaping @Sendable () -> Void = {}) {
        groups = CommitGroups(maximumGroup: maximumGroup) { works in
            Self.commit(works, on: writer, starting: starting, finishing: finishing, rolledBack: rolledBack)
        }
    }

    /// How many writes wait for a group to take them (for tests).
    var waitingCount: Int { groups.waitingCount }

    /// Runs `body` in the next group's transaction and returns its result
    /// once that transaction committed; throws `body`'s error (nothing of
    /// it is written), or the transaction's.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            var result: T?
            // `CommitGroups` lets the work go before `write` returns, so
            // `body` and `result` outlive every use the leader makes of them.
            try groups.write { db in result = try body(db) }
            guard let result else { throw GroupCommitError.noResult }
            return result
        }
    }

    /// One group's transaction: each write in a savepoint of its own, so
    /// that one that throws is rolled back alone.
    private static func commit(_ works: [Work], on writer: any DatabaseWriter,
                               starting: (Database) throws -> Int64, finishing: (Database, Int64) throws -> Void,
                               rolledBack: () -> Void) -> [(any Error)?] {
        var failures = [(any Error)?](repeating: nil, count: works.count)
        do {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let before = try starting(db)
                    for (index, work) in works.enumerated() {
                        do {
                            try db.inSavepoint {
                                try work(db)
                                return .commit
                            }
                        } catch {
                            failures[index] = error
                            // A full disk or an I/O error ends the whole
                            // transaction: nothing of the group is kept.
                            if !db.isInsideTransaction { throw error }
                        }
                    }
                    try finishing(db, before)
                    return .commit
                }
            }
        } catch {
            rolledBack()
            for index in failures.indices where failures[index] == nil { failures[index] = error }
        }
        return failures
    }
}
