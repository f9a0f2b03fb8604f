import FormKit
import Synchronization

/// The respondents' page of the blank form (a visitor without a draft),
/// kept per page asked for, with the blank form it was drawn from. The
/// page is a function of that form alone, so a visitor whose blank form
/// equals the kept one gets the kept page: no layout, no drawing. Any
/// change to the form's structure or defaults makes another blank form,
/// and the page is drawn again.
///
/// A data_version would not do here: every respondent's answer changes
/// it, and a survey is when most visitors arrive.
final class BlankPageCache: Sendable {
    private struct Entry {
        let form: FormDefinition
        let html: String
    }

    private let entries = Mutex([String: Entry]())
    /// Pages kept at most (one per page key asked for, and the default):
    /// past it the cache starts again empty.
    private let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The page drawn for `form` and `page` (nil: the form's own), kept;
    /// `draw`'s otherwise (kept unless it throws).
    func html(for form: FormDefinition, page: String?, draw: () throws(FormKitError) -> String) throws(FormKitError) -> String {
        let key = page.map { "page=" + $0 } ?? ""
        if let entry = entries.withLock({ $0[key] }), entry.form == form { return entry.html }
        let html = try draw()
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(form: form, html: html)
        }
        return html
    }
}
