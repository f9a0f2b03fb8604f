import FormModel
import FormStore

/// One instance of a repeat, as `formctl repeat list` shows it.
public struct InstanceListing: Hashable, Sendable, Encodable {
    /// Its path (`children.2`).
    public var path: String
    /// Its number, from 1.
    public var number: Int
    /// Its title (the repeat's `item_title` filled in, or the repeat's
    /// title and the number).
    public var title: String
    /// How many of its fields hold a value.
    public var filled: Int
    /// How many fields it has (in inner repeats too).
    public var fields: Int
}

extension StoredForm {
    /// Adds an instance at the end of the repeat at `path` (`children`,
    /// `households.1.members`) and returns its path (`children.3`), its
    /// fields holding their defaults. Past the repeat's `max_count`, or a
    /// path that names no repeat: `instancesRefused` (exit 64), nothing written.
    @discardableResult
    public func addInstance(to path: String) throws(FormKitError) -> String {
        var added = ""
        try writing { db throws(FormStoreError) in
            // At the end of a long form, only the end is read and written.
            if let appended = try db.appendInstance(to: path, Self.appendedInstance) {
                added = appended
                return
            }
            try db.replaceStructure(prune: true, valuesFromTarget: true) { current throws(FormStoreError) in
                let change = try Self.addingInstance(to: path, in: current)
                added = change.path
                return change.form
            }
        }
        return added
    }

    /// Removes the instance at `path` (`children.2`); the later instances
    /// move up a number, with their values (as in ODK and Google Forms).
    /// Below the repeat's `min_count`, a number no instance has, or a path
    /// that names no instance: `instancesRefused` (exit 64), nothing written.
    public func removeInstance(_ path: String) throws(FormKitError) {
        try writing { db throws(FormStoreError) in
            _ = try db.replaceStructure(prune: true, valuesFromTarget: true) { current throws(FormStoreError) in
                try Self.removingInstance(path, from: current)
            }
        }
    }

    /// The instances of the repeat at `path`, in order.
    public func instances(of path: String) throws(FormKitError) -> [InstanceListing] {
        let form = try definition()
        do throws(FormStoreError) {
            return try Self.instances(of: path, in: form)
        } catch {
            throw .store(error)
        }
    }

    // MARK: On a form in memory (the owner's, or a respondent's)

    /// `form` with an instance added at the end of the repeat at `path`,
    /// its fields at their defaults and every other field's value (and
    /// whether it is shown) kept, and the
    /// new instance's path. Past the repeat's `max_count`, or a path that
    /// names no repeat: `instancesRefused`.
    static func addingInstance(to path: String, in form: FormDefinition) throws(FormStoreError) -> (form: FormDefinition, path: String) {
        let rules = try repeatRules(path, in: form)
        let count = form.instances(of: path).count
        guard count < rules.upperCount else {
            throw .instancesRefused(path: path, reason: "the repeat holds at most \(rules.upperCount) instance\(rules.upperCount == 1 ? "" : "s"), and has \(count): remove one first (formctl repeat remove \(path).N)")
        }
        var expansion = expansion(of: form)
        expansion.counts[path] = count + 1
        return (ApplyPlan.target(of: FormSpec(definition: form), expansion, over: form), path + "." + String(count + 1))
    }

    /// The instance `appending` asks for, made from its repeat's body as
    /// `FormExpansion` makes every instance; nil when the body cannot be
    /// read or a condition in it reads a field outside the instance.
    static func appendedInstance(_ appending: InstanceAppending) -> AppendedInstance? {
        guard let rules = appending.repeatGroup.repeatRules, let body = FormFileReader.body(rules.body),
              let made = FormExpansion.instance(appending.path, items: body.items, listField: body.field, page: appending.repeatGroup.page,
                                                after: appending.rowsBefore, appending.fieldsBefore)
        else { return nil }
        return AppendedInstance(groups: made.groups, rows: made.rows, fields: made.fields)
    }

    /// `form` without the instance at `path` (`children.2`), the later
    /// instances moved up a number with their values (as in ODK and Google
    /// Forms), and with whether each is shown. Below the repeat's
    /// `min_count`, a number no instance has, or a path that names no
    /// instance: `instancesRefused`.
    static func removingInstance(_ path: String, from form: FormDefinition) throws(FormStoreError) -> FormDefinition {
        guard let repeatPath = FieldPath.parent(of: path), let number = Int(FieldPath.last(of: path)),
              form.group(repeatPath)?.kind == .repeat else {
            throw .instancesRefused(path: path, reason: "not an instance of a repeat: give the repeat's path and the instance's number (children.2; formctl repeat list PATH lists them)")
        }
        let rules = try repeatRules(repeatPath, in: form)
        let count = form.instances(of: repeatPath).count
        guard form.group(path)?.kind == .instance, number >= 1, number <= count else {
            throw .instancesRefused(path: path, reason: count == 0 ? "repeat \(repeatPath) has no instances" : "repeat \(repeatPath) has instances 1 to \(count)")
        }
        guard count > rules.minCount else {
            throw .instancesRefused(path: path, reason: "repeat \(repeatPath) holds at least \(rules.minCount) instance\(rules.minCount == 1 ? "" : "s"), and has \(count)")
        }
        var expansion = expansion(of: form)
        expansion.counts[repeatPath] = count - 1
        // Later instances move up: their values and inner repeats' counts
        // take the number before theirs.
        let prefix = repeatPath + "."
        func moved(_ key: String) -> String? {
            guard key.hasPrefix(prefix) else { return key }
            let rest = key.dropFirst(prefix.count)
            let numberText = rest.prefix { $0 != "." }
            guard let instance = Int(numberText) else { return key }
            if instance < number { return key }
            if instance == number { return nil }
            return prefix + String(instance - 1) + rest.dropFirst(numberText.count)
        }
        expansion.values = rekeyed(expansion.values, moved)
        expansion.isVisible = rekeyed(expansion.isVisible, moved)
        expansion.counts = rekeyed(expansion.counts, moved)
        return ApplyPlan.target(of: FormSpec(definition: form), expansion, over: form)
    }

    /// The instances of the repeat at `path` in `form`, in order; a path
    /// that names no repeat is `instancesRefused`.
    static func instances(of path: String, in form: FormDefinition) throws(FormStoreError) -> [InstanceListing] {
        _ = try repeatRules(path, in: form)
        return form.instances(of: path).map { instance in
            let fields = form.fields.filter { FieldPath.isWithin($0.key, instance.path) }
            return InstanceListing(path: instance.path, number: instance.number ?? 0, title: form.instanceTitle(instance),
                                   filled: fields.filter { !$0.value.isEmpty }.count, fields: fields.count)
        }
    }

    /// The rules of the repeat at `path`, or `instancesRefused` naming the repeats there are.
    private static func repeatRules(_ path: String, in form: FormDefinition) throws(FormStoreError) -> RepeatRules {
        guard let group = form.group(path), group.kind == .repeat, let rules = group.repeatRules else {
            let repeats = form.groups.filter { $0.kind == .repeat }.map(\.path)
            let known = repeats.isEmpty ? "the form has no repeats" : "its repeats are " + repeats.joined(separator: ", ")
            throw .instancesRefused(path: path, reason: "not a repeat (\(known))")
        }
        return rules
    }

    /// What expanding the form again keeps: each repeat's instance count,
    /// and each field's value and whether it is shown (a field hidden with
    /// `formctl field hide` stays hidden when an instance is added or
    /// removed).
    static func expansion(of form: FormDefinition) -> FormExpansion {
        var expansion = FormExpansion()
        for field in form.fields {
            expansion.values[field.key] = field.value
            expansion.isVisible[field.key] = field.isVisible
        }
        for group in form.groups where group.kind == .repeat { expansion.counts[group.path] = form.instances(of: group.path).count }
        return expansion
    }

    private static func rekeyed<Value>(_ dictionary: [String: Value], _ transform: (String) -> String?) -> [String: Value] {
        var result: [String: Value] = [:]
        for (key, value) in dictionary { if let moved = transform(key) { result[moved] = value } }
        return result
    }
}
