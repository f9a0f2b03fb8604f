import FormKit

/// What a repeat's Add button or an instance's Remove button asks of the
/// page's plain form post (`repeat_add=children`,
/// `repeat_remove=children.2`): done after the posted values are saved,
/// as `formctl repeat add` and `remove` do it.
enum RepeatAction: Equatable, Sendable {
    /// Add an instance at the end of the repeat at this path.
    case add(repeat: String)
    /// Remove the instance at this path; later ones move up a number.
    case remove(instance: String)

    /// The repeat's or the instance's path, as the button named it.
    var path: String {
        switch self {
        case .add(let path), .remove(let path): path
        }
    }

    /// Does it on `form` and returns what the page focuses next: the new
    /// instance (its first field), or after a removal the repeat (its Add
    /// button). A refusal (`instancesRefused`) writes nothing. Blocking:
    /// called on `DatabaseWork`'s threads.
    func perform(on form: StoredForm) throws(FormKitError) -> String {
        switch self {
        case .add(let path):
            return try form.addInstance(to: path)
        case .remove(let path):
            try form.removeInstance(path)
            return FieldPath.parent(of: path) ?? path
        }
    }

    /// Does it on the respondent's own form (`cookie`'s draft; none yet: a
    /// new draft within `limits`) and returns who wrote and what the page
    /// focuses next, as `perform(on:)` does. Blocking.
    func perform(on form: StoredForm, cookie: RespondentID?, limits: DraftLimits) throws(FormKitError) -> (respondent: RespondentID, focus: String) {
        switch self {
        case .add(let path):
            let added = try form.addInstance(to: path, cookie: cookie, limits: limits)
            return (added.respondent, added.path)
        case .remove(let path):
            return (try form.removeInstance(path, cookie: cookie, limits: limits).respondent, FieldPath.parent(of: path) ?? path)
        }
    }
}
