import FormKit
import Foundation

/// The minimaps of the pages clients watch by key (`/api/events?page=`),
/// kept between the feed's readings so that a new value costs what it
/// changes: each page is a `RetainedFormPicture`, told which values changed
/// since the last reading and laid out in place where it can be; any other
/// change lays the page out again. The result is what `FormPicture` gives
/// for the form read (`FormSnapshot.minimap(of:page:)`), bit for bit.
///
/// The feed reads on one database thread at a time; the lock keeps a
/// reading and a page no longer watched from meeting anyway.
final class PageMinimaps: @unchecked Sendable {
    private struct Kept {
        /// The form as last pictured, with the page selected.
        var form: FormDefinition
        let picture: RetainedFormPicture
    }

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var kept: [String: Kept] = [:]
    /// What the kept pictures count against (a respondent's stream); nil:
    /// unbounded (the owner's feed, one picture per page).
    private let budget: PictureBudget?

    init(budget: PictureBudget? = nil) {
        self.budget = budget
    }

    deinit {
        budget?.release(ObjectIdentifier(self))
    }

    /// Page `page`'s rectangles in `form` (a form the page exists in), by identity.
    func rects(of form: FormDefinition, page: String) -> [FormSnapshot.RectID: MinimapRect] {
        var pageForm = form
        pageForm.selectedPage = page
        let (rects, keptFields) = lock.withLock { () -> ([MinimapRect], Int) in
            let picture: RetainedFormPicture
            if let previous = kept[page] {
                picture = previous.picture
                if let changed = Self.changedFields(from: previous.form, to: pageForm) {
                    // Values and shown fields laid out incrementally where they can be.
                    if !changed.isEmpty { picture.update(to: pageForm, changedFields: changed) }
                } else {
                    picture.update(to: pageForm)
                }
            } else {
                picture = RetainedFormPicture(form: pageForm)
            }
            kept[page] = Kept(form: pageForm, picture: picture)
            return (picture.minimapRects, kept.values.reduce(0) { $0 + $1.form.fields.count })
        }
        budget?.used(self, cost: keptFields)
        var byID: [FormSnapshot.RectID: MinimapRect] = [:]
        byID.reserveCapacity(rects.count)
        for rect in rects { byID[FormSnapshot.RectID(kind: rect.kind, key: rect.key)] = rect }
        return byID
    }

    /// How many pages are kept laid out.
    var keptPageCount: Int { lock.withLock { kept.count } }

    /// Lets every kept picture go (`PictureBudget`): the next reading of
    /// each page lays it out whole.
    func forgetAll() {
        lock.withLock { kept = [:] }
    }

    /// Forgets the pages not in `pages` (no client watches them any more).
    func keep(only pages: Set<String?>) {
        lock.withLock { kept = kept.filter { pages.contains($0.key) } }
    }

    /// The keys of the fields whose value or visibility alone changed from
    /// `old` to `new`, in form order; nil when anything else changed too.
    static func changedFields(from old: FormDefinition, to new: FormDefinition) -> [String]? {
        guard old.fields.count == new.fields.count else { return nil }
        var aligned = new
        var changed: [String] = []
        for index in new.fields.indices
        where new.fields[index].value != old.fields[index].value || new.fields[index].isVisible != old.fields[index].isVisible {
            changed.append(new.fields[index].key)
            aligned.fields[index].value = old.fields[index].value
            aligned.fields[index].isVisible = old.fields[index].isVisible
        }
        return aligned == old ? changed : nil
    }
}
