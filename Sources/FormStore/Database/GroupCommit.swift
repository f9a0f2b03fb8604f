import Foundation
import GRDB
import Synchronization

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
/// There is no thread of its own: the first writer to find no group
/// running leads one, running every write queued by then; the others wait.
/// When a group ends, the first write still waiting leads the next one, so
/// no caller runs others' writes for longer than one group.
final class GroupCommit: Sendable {
    /// One queued write and what became of it.
    private final class Job: @unchecked Sendable {
        /// Called once, inside the group's transaction, by the leader, and
        /// let go before the caller is told: the caller's closure must not
        /// outlive its call (`withoutActuallyEscaping` checks that).
        private var body: ((Database) throws -> Void)?
        private let signal = DispatchSemaphore(value: 0)
        /// Set before `signal`, read after it (the semaphore orders them).
        private(set) var outcome: Outcome = .waiting

        enum Outcome {
            case waiting
            /// Lead the next group.
            case lead
            case committed
            case failed(any Error)
        }

        init(body: @escaping (Database) throws -> Void) {
            self.body = body
        }

        func run(_ db: Database) throws {
            try body?(db)
        }

        func finish(_ outcome: Outcome) {
            if case .lead = outcome {} else { body = nil }
            self.outcome = outcome
            signal.signal()
        }

        func wait() -> Outcome {
            signal.wait()
            return outcome
        }
    }

    private struct Queue {
        var waiting: [Job] = []
        var isLeading = false
    }

    private let writer: any DatabaseWriter
    private let queue = Mutex(Queue())
    /// Writes per group at most, so that one group's transaction (and its
    /// callers' wait) stays short.
    private let maximumGroup: Int
    /// Runs inside each group's transaction after its writes (marking the
    /// history rows they added, for one).
    private let finishing: @Sendable (Database, _ before: Int64) throws -> Void
    private let starting: @Sendable (Database) throws -> Int64
    /// Called when a group's transaction did not commit, so that what was
    /// remembered from inside it is let go.
    private let rolledBack: @Sendable () -> Void

    /// Groups on `writer`: `starting` runs first in each transaction (its
    /// result is given to `finishing`), `finishing` after the writes, and
    /// `rolledBack` after a transaction that did not commit.
    init(writer: any DatabaseWriter, maximumGroup: Int = 256,
         starting: @escaping @Sendable (Database) throws -> Int64,
         finishing: @escaping @Sendable (Database, _ before: Int64) throws -> Void,
         rolledBack: @escaping @Sendable () -> Void = {}) {
        self.writer = writer
        self.maximumGroup = max(1, maximumGroup)
        self.starting = starting
        self.finishing = finishing
        self.rolledBack = rolledBack
    }

    /// How many writes wait for a group to take them (for tests).
    var waitingCount: Int { queue.withLock { $0.waiting.count } }

    /// Runs `body` in the next group's transaction and returns its result
    /// once that transaction committed; throws `body`'s error (nothing of
    /// it is written), or the transaction's.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            var result: T?
            // The job lives until `wait` returns, so `body` and `result`
            // outlive every use the leader makes of them.
            let job = Job { db in result = try body(db) }
            let leads = queue.withLock { queue -> Bool in
                queue.waiting.append(job)
                if queue.isLeading { return false }
                queue.isLeading = true
                return true
            }
            var outcome = leads ? Job.Outcome.lead : job.wait()
            while case .lead = outcome {
                runGroup()
                outcome = job.outcome
                if case .waiting = outcome { outcome = job.wait() }
            }
            switch outcome {
            case .committed:
                guard let result else { throw GroupCommitError.noResult }
                return result
            case .failed(let error): throw error
            case .waiting, .lead: throw GroupCommitError.noResult
            }
        }
    }

    /// Takes the writes waiting now, runs and commits them, tells each
    /// what became of it, and hands the lead to the next waiting write.
    private func runGroup() {
        let group = queue.withLock { queue -> [Job] in
            let taken = Array(queue.waiting.prefix(maximumGroup))
            queue.waiting.removeFirst(taken.count)
            return taken
        }
        var failures: [ObjectIdentifier: any Error] = [:]
        do {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let before = try starting(db)
                    for job in group {
                        do {
                            try db.inSavepoint {
                                try job.run(db)
                                return .commit
                            }
                        } catch {
                            failures[ObjectIdentifier(job)] = error
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
            for job in group where failures[ObjectIdentifier(job)] == nil {
                failures[ObjectIdentifier(job)] = error
            }
        }
        // The next leader is chosen before anyone is told, so that a
        // write queued meanwhile never finds nobody leading.
        let next = queue.withLock { queue -> Job? in
            guard let first = queue.waiting.first else {
                queue.isLeading = false
                return nil
            }
            return first
        }
        for job in group {
            if let error = failures[ObjectIdentifier(job)] {
                job.finish(.failed(error))
            } else {
                job.finish(.committed)
            }
        }
        next?.finish(.lead)
    }
}

/// A group's write ended without a result: never expected (each write is
/// either committed with its result or failed with an error).
struct GroupCommitError: Error, CustomStringConvertible {
    static let noResult = GroupCommitError()
    var description: String { "a grouped write ended without its result" }
}
