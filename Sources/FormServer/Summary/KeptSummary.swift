import FormKit
import Synchronization

/// The owner's summary page's counts, kept between requests: each request
/// brings them up to date (`StoredForm.update(_:)`), which reads only the
/// answers of responses submitted since, so that a page reloaded as each
/// response arrives does not count every question again.
final class KeptSummary: Sendable {
    let form: StoredForm
    /// Which responses the page counts: the complete ones, as
    /// `formctl summary` counts by default.
    let filter = ResponseFilter(status: .complete)
    /// The counts, taken out while a request updates them (a request that
    /// finds none meanwhile counts from scratch: slower, never wrong).
    private let tallies = Mutex<SummaryTallies?>(nil)

    init(form: StoredForm) {
        self.form = form
    }

    /// The summary of the complete responses as they are now. Blocking:
    /// called on `DatabaseWork`'s threads.
    func current() throws(FormKitError) -> ResponseSummary {
        let kept = tallies.withLock { tallies in
            defer { tallies = nil }
            return tallies
        }
        var updated: SummaryTallies
        if var kept {
            try form.update(&kept)
            updated = kept
        } else {
            updated = try form.summaryTallies(filter, keepingUpToDate: true)
        }
        let summary = updated.summary
        tallies.withLock { $0 = updated }
        return summary
    }
}
