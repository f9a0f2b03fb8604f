import Dispatch
import FormKit
import Synchronization

/// `GET /api/respond/events`: each respondent's own changes, and nobody
/// else's. A stream follows one respondent's form (their draft, or the
/// blank form without one); after each of that respondent's writes
/// through this server (`notify`), the form is read again and compared
/// with what the stream last saw, giving the shared feed's events
/// (`FormSnapshot.changes(to:)`, `FeedEvent`). With the drafts in the
/// file this server is the database's only one (`ServeLock`), so every
/// write of a draft comes through it; with them in PostgreSQL, writes
/// through the other servers arrive as `notify(hash:)`
/// (`StoredForm.observeDrafts`).
///
/// Each stream keeps its own snapshot and minimap (a respondent's values
/// are theirs); a write while a stream is being read marks it to be read
/// once more after, so a burst of writes costs at most two readings.
final class RespondentFeed: Sendable {
    private struct Watcher {
        /// The respondent's hash (nil: a visitor without a draft, whose
        /// blank form no write changes).
        let hash: String?
        let respondent: RespondentID?
        let page: String?
        let subscription: EventSubscription
        let minimaps: PageMinimaps
        var snapshot: FormSnapshot?
        var isReading = false
        var isStale = false
    }

    private struct State {
        var lastID = 0
        var watchers: [Int: Watcher] = [:]
        var nextNumber = 0
        var isClosed = false
    }

    let form: StoredForm
    /// Events that may wait for one stream before it gets a refresh.
    let queueLimit: Int
    private let state = Mutex(State())
    /// The bound on the streams' kept minimaps, all streams together.
    let pictures: PictureBudget
    /// Readings run here, off Swift's cooperative threads.
    private static let queue = DispatchQueue(label: "formctl.serve.respondents", attributes: .concurrent)

    init(form: StoredForm, queueLimit: Int = 256, pictures: PictureBudget = PictureBudget()) {
        self.form = form
        self.queueLimit = queueLimit
        self.pictures = pictures
    }

    /// A stream of `respondent`'s form (`page`: the page watched, nil the
    /// one the form shows). Reads the form: call it on a database thread.
    /// A reconnect (`reconnecting`) gets a refresh first: this feed keeps
    /// no events to replay.
    func subscribe(respondent: RespondentID?, page: String?, reconnecting: Bool) -> EventSubscription {
        let minimaps = PageMinimaps(budget: pictures)
        let snapshot = try? FormSnapshot.respondent(form.respondentForm(respondent).form, page: page, minimaps: minimaps)
        return state.withLock { state in
            let number = state.nextNumber
            state.nextNumber += 1
            let subscription = EventSubscription(page: page, limit: queueLimit, number: number) { [weak self] number in
                self?.state.withLock { _ = $0.watchers.removeValue(forKey: number) }
            }
            if state.isClosed {
                subscription.finish()
                return subscription
            }
            state.watchers[number] = Watcher(hash: respondent?.hash, respondent: respondent, page: page, subscription: subscription,
                                             minimaps: minimaps, snapshot: snapshot)
            if reconnecting {
                state.lastID += 1
                subscription.enqueue(.event(FeedEvent(id: state.lastID, kind: .refresh(reason: "reconnected"))))
            }
            return subscription
        }
    }

    /// `respondent` wrote: their streams read their form again and are
    /// told what changed.
    func notify(_ respondent: RespondentID) {
        notify(hash: respondent.hash)
    }

    /// The respondent whose id hashes to `hash` wrote (through this server
    /// or another): their streams read their form again.
    func notify(hash: String) {
        let toRead = state.withLock { state -> [Int] in
            var numbers: [Int] = []
            for (number, watcher) in state.watchers where watcher.hash == hash {
                if watcher.isReading {
                    state.watchers[number]?.isStale = true
                } else {
                    state.watchers[number]?.isReading = true
                    numbers.append(number)
                }
            }
            return numbers
        }
        for number in toRead {
            Self.queue.async { [self] in read(number) }
        }
    }

    /// Sends a heartbeat to every stream.
    func beat() {
        let subscriptions = state.withLock { $0.watchers.values.map(\.subscription) }
        for subscription in subscriptions { subscription.enqueue(.heartbeat) }
    }

    /// Ends every stream (the server stops).
    func close() {
        let subscriptions = state.withLock { state in
            state.isClosed = true
            return state.watchers.values.map(\.subscription)
        }
        for subscription in subscriptions { subscription.finish() }
    }

    /// Reads watcher `number`'s form, publishes what changed, and reads
    /// again while writes came meanwhile.
    private func read(_ number: Int) {
        while true {
            guard let watcher = state.withLock({ $0.watchers[number] }) else { return }
            let next: FormSnapshot?
            do throws(FormKitError) {
                next = FormSnapshot.respondent(try form.respondentForm(watcher.respondent).form, page: watcher.page, minimaps: watcher.minimaps)
            } catch {
                next = nil
            }
            let again = state.withLock { state -> Bool in
                guard var current = state.watchers[number] else { return false }
                let kinds: [FeedEvent.Kind]
                if let next, let old = current.snapshot {
                    kinds = old.changes(to: next)
                } else {
                    kinds = [.refresh(reason: "the form could not be compared")]
                }
                for kind in kinds {
                    state.lastID += 1
                    current.subscription.enqueue(.event(FeedEvent(id: state.lastID, kind: kind)))
                }
                if let next { current.snapshot = next }
                let again = current.isStale
                current.isStale = false
                current.isReading = again
                state.watchers[number] = current
                return again
            }
            if !again { return }
        }
    }
}
