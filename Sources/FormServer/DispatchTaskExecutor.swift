import Dispatch

/// A task executor that runs its jobs on a serial Dispatch queue of its
/// own, not on Swift's cooperative threads (one per core), which every
/// request of the server shares and which a process's blocking work can
/// hold for seconds. The event feed's reading loop and heartbeat run here
/// (`EventFeed`), so events go out whatever else the process is doing.
final class DispatchTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
