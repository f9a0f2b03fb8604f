import FormModel
import FormStore

extension RespondentShape {
    /// A respondent's own instances: a form with repeats is expanded to
    /// the instances their draft's answers name (`children.3.name` makes
    /// three children), each other repeat holding its `min_count`, never
    /// the owner's instances. A respondent's Add or Remove rewrites their
    /// draft's answers (`StoredForm.addInstance(to:cookie:limits:)`), so
    /// that the answers alone say which instances there are. A form
    /// without repeats, or with the instances the answers name, only takes
    /// the answers (`fields`).
    static let instances = RespondentShape { form, answers throws(FormStoreError) in
        let repeats = form.groups.filter { $0.kind == .repeat }
        guard !repeats.isEmpty else { return answered(form, answers) }
        let counts = FieldPath.instanceCounts(in: answers.keys, repeats: Set(repeats.map { FieldPath.declared($0.path) }))
        let drawn = repeats.allSatisfy { form.instances(of: $0.path).count == counts[$0.path] ?? $0.repeatRules?.minCount ?? 0 }
        if drawn { return answered(form, answers) }
        // A repeat inside an instance the form does not hold is in none of
        // its groups, only in its repeat's body: count again with every
        // repeat the form declares.
        let spec = FormSpec(definition: form)
        let declared = Set(spec.declaredGroups.filter(\.group.isRepeat).map(\.path))
        let all = FieldPath.instanceCounts(in: answers.keys, repeats: declared)
        return ApplyPlan.target(of: spec, FormExpansion(counts: all, values: answers), over: form)
    }
}
