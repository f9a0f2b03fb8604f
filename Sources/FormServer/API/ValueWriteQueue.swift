import FormKit
import Synchronization

/// The shared form's `PUT /api/fields/{key}` writes, stored together: the
/// writes that arrive while one batch is being stored wait, and are
/// stored as the next batch, with one read of the form, one layout of its
/// minimap, one transaction and one `fsync` (`StoredForm.set(each:)`).
/// Each request is answered once its batch committed, with its own
/// outcome: a refused write (an unknown key, text with a NUL) fails alone.
///
/// One set per request cost a read of the form, a layout and a commit
/// each: 64 clients at once got about 350 writes a second.
final class ValueWriteQueue: Sendable {
    typealias Outcome = Result<(field: Field, isShown: Bool), FormKitError>

    private struct Waiting {
        let key: String, value: String
        let continuation: CheckedContinuation<Outcome, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var isWriting = false
    }

    private let form: StoredForm
    private let state = Mutex(State())
    /// Writes per batch at most, so that one batch's answer never waits
    /// for an unbounded amount of work.
    private let maximumBatch: Int

    init(form: StoredForm, maximumBatch: Int = 512) {
        self.form = form
        self.maximumBatch = max(1, maximumBatch)
    }

    /// Stores `value` in field `key` with the writes waiting beside it, and
    /// returns the field as this write left it, once it is on disk.
    func set(_ key: String, to value: String) async throws(FormKitError) -> (field: Field, isShown: Bool) {
        let outcome = await withCheckedContinuation { continuation in
            let starts = state.withLock { state -> Bool in
                state.waiting.append(Waiting(key: key, value: value, continuation: continuation))
                guard !state.isWriting else { return false }
                state.isWriting = true
                return true
            }
            if starts { DatabaseWork.start { self.writeBatches() } }
        }
        return try outcome.get()
    }

    /// Stores batch after batch until nobody waits (on a database thread).
    private func writeBatches() {
        while true {
            let batch = state.withLock { state -> [Waiting] in
                let taken = Array(state.waiting.prefix(maximumBatch))
                state.waiting.removeFirst(taken.count)
                if taken.isEmpty { state.isWriting = false }
                return taken
            }
            guard !batch.isEmpty else { return }
            let outcomes = form.set(each: batch.map { ($0.key, $0.value) })
            for (waiting, outcome) in zip(batch, outcomes) { waiting.continuation.resume(returning: outcome) }
        }
    }
}
