/// `preference`, `transformPreference`, `anchorPreference`,
/// `transformAnchorPreference`: its child as it is; writes one key's value
/// over (or into) the child's.
enum PreferenceWriterNode: TransparentNodeRules {
    static var preferenceRole: PreferenceRole { .writes }
}

/// `onPreferenceChange`: its child as it is; its action gets the child's
/// value once layout is done.
enum PreferenceObserverNode: TransparentNodeRules {
    static var preferenceRole: PreferenceRole { .observes }
}
