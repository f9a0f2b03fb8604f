import FormKit

/// The instances a page was drawn with, as its plain form posts them back
/// (`instances=children:2,nicknames:0`): a field in an instance is named
/// by its number, so a page drawn before someone else added or removed an
/// instance would post its values to the instances that now hold those
/// numbers. `PageRoutes.save` keeps none of a stale page's values inside
/// repeats, nor its Add or Remove.
enum InstanceCounts {
    /// The name of the hidden input.
    static let name = "instances"

    /// Each repeat's path and instance count in form order; nil for a form
    /// without repeats.
    static func of(_ form: FormDefinition) -> String? {
        let repeats = form.groups.filter { $0.kind == .repeat }
        guard !repeats.isEmpty else { return nil }
        return repeats.map { "\($0.path):\(form.instances(of: $0.path).count)" }.joined(separator: ",")
    }

    /// Whether `key` (a field's path) is inside a repeat of `form`.
    static func isInRepeat(_ key: String, of form: FormDefinition) -> Bool {
        form.groups.contains { $0.kind == .repeat && FieldPath.isWithin(key, $0.path) }
    }
}
