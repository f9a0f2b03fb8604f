import FormModel

extension FormValues {
    /// `instanceCounts(repeats:)` for every repeat `form` declares. A
    /// repeat inside another of which the form holds no instance is in
    /// none of the form's groups, only in its repeat's body, so the
    /// declared paths come from the bodies (`FormSpec.declaredGroups`).
    func instanceCounts(in form: FormDefinition) -> [String: Int] {
        instanceCounts(repeats: Set(FormSpec(definition: form).declaredGroups.filter(\.group.isRepeat).map(\.path)))
    }

    /// How many instances a values file lists for each repeat it names
    /// (`children: [{…}, {…}]` is 2; a list's `["a", "b"]` is 2; `[]` is 0),
    /// by path; `repeats` are the form's repeats' declared paths (numbers
    /// left out: `households.members`).
    func instanceCounts(repeats: Set<String>) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where index < origins.count {
            let origin = origins[index]
            switch origin.kind {
            case .instances where repeats.contains(FieldPath.declared(entry.key)):
                counts[entry.key] = Int(entry.value) ?? 0
            case .list where repeats.contains(FieldPath.declared(entry.key)):
                counts[entry.key] = origin.items.count
            default:
                break
            }
        }
        return counts
    }

    /// The values with a list's array given as one value per instance
    /// (`nicknames.1`, `nicknames.2`), and the marks of a group's object and
    /// a repeat's array left out: what `form`'s fields take. An object or
    /// an array of objects given for a field stays, to be refused as the
    /// field's type refuses it.
    func listsExpanded(for form: FormDefinition) -> FormValues {
        let lists = Set(form.groups.filter { $0.repeatRules?.isList == true }.map(\.path))
        // `[]` for a repeat of objects says it has no instances
        // (`instanceCounts`): no value of a field.
        let repeats = Set(form.groups.filter { $0.kind == .repeat }.map(\.path))
        let hasMarks = origins.contains { $0.kind == .instances || $0.kind == .object }
        guard !lists.isEmpty || !repeats.isEmpty || hasMarks else { return self }
        let fields = hasMarks ? Set(form.fields.map(\.key)) : []
        var result = FormValues(entries: [])
        for index in entries.indices {
            let origin = index < origins.count ? origins[index] : nil
            if let kind = origin?.kind, kind == .instances || kind == .object, !fields.contains(entries[index].key) { continue }
            if let origin, origin.kind == .list,
               lists.contains(entries[index].key) || (origin.items.isEmpty && repeats.contains(entries[index].key)) {
                for item in origin.items {
                    result.entries.append((item.key, item.value))
                    result.origins.append(item.origin)
                }
                continue
            }
            result.entries.append(entries[index])
            if let origin { result.origins.append(origin) }
        }
        return result
    }
}
