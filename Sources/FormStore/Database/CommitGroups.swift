import Dispatch
import Synchronization

/// Runs the writes that wait at the same moment as one group, so that one
/// transaction (and one commit, one `fsync`) holds them all: how many
/// writers at once stop waiting for each other's commits. `GroupCommit`
/// groups a form file's writes with it, FormPostgres's `PostgresDrafts` a
/// server's answers to PostgreSQL.
///
/// There is no thread of its own: the first writer to find no group
/// running leads one, handing every write queued by then to `commit`; the
/// others wait. When a group ends, the first write still waiting leads the
/// next one, so no caller runs others' writes for longer than one group.
///
/// `Work` is what a write asks (a closure, or a statement to run); it is
/// let go before its writer is told, so that a closure the writer made
/// with `withoutActuallyEscaping` does not outlive the call.
public final class CommitGroups<Work>: Sendable {
    /// One queued write and what became of it.
    private final class Job: @unchecked Sendable {
        /// Taken by the leader (`take`), once.
        private var work: Work?
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

        init(work: Work) {
            self.work = work
        }

        func take() -> Work? {
            defer { work = nil }
            return work
        }

        func finish(_ outcome: Outcome) {
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

    private let queue = Mutex(Queue())
    /// Writes per group at most, so that one group's transaction (and its
    /// callers' wait) stays short.
    private let maximumGroup: Int
    /// Runs a group: one transaction for all of `works`, and what became
    /// of each, in order (nil: committed).
    private let commit: @Sendable (_ works: [Work]) -> [(any Error)?]

    /// Groups of at most `maximumGroup` writes, each run by `commit`, which
    /// returns for each work of the group, in order, nil when it committed
    /// or the error that kept it out.
    public init(maximumGroup: Int = 256, commit: @escaping @Sendable (_ works: [Work]) -> [(any Error)?]) {
        self.maximumGroup = max(1, maximumGroup)
        self.commit = commit
    }

    /// How many writes wait for a group to take them (for tests).
    public var waitingCount: Int { queue.withLock { $0.waiting.count } }

    /// Runs `work` in the next group and returns once that group's
    /// transaction committed; throws what kept `work` out of it.
    public func write(_ work: Work) throws {
        let job = Job(work: work)
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
        case .committed: return
        case .failed(let error): throw error
        case .waiting, .lead: throw GroupCommitError.noResult
        }
    }

    /// Takes the writes waiting now, commits them, tells each what became
    /// of it, and hands the lead to the next waiting write.
    private func runGroup() {
        let group = queue.withLock { queue -> [Job] in
            let taken = Array(queue.waiting.prefix(maximumGroup))
            queue.waiting.removeFirst(taken.count)
            return taken
        }
        let failures = committing(group)
        // The next leader is chosen before anyone is told, so that a
        // write queued meanwhile never finds nobody leading.
        let next = queue.withLock { queue -> Job? in
            guard let first = queue.waiting.first else {
                queue.isLeading = false
                return nil
            }
            return first
        }
        for (job, failure) in zip(group, failures) {
            job.finish(failure.map { .failed($0) } ?? .committed)
        }
        next?.finish(.lead)
    }

    /// `commit` of the group's works, which are let go when it returns.
    private func committing(_ group: [Job]) -> [(any Error)?] {
        let works = group.compactMap { $0.take() }
        var failures = commit(works)
        // A `commit` that answered for fewer works than it was given
        // failed the rest: none is reported committed unseen.
        while failures.count < group.count { failures.append(GroupCommitError.noResult) }
        return failures
    }
}

/// A group's write ended without a result: never expected (each write is
/// either committed with its result or failed with an error).
public struct GroupCommitError: Error, CustomStringConvertible {
    public static let noResult = GroupCommitError()
    public var description: String { "a grouped write ended without its result" }
}
