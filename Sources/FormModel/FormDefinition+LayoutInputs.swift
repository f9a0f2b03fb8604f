extension FormDefinition {
    /// The keys the title template names (`{first}` names `first`), whether
    /// or not a field has them.
    public var titleKeys: Set<String> {
        Self.keys(inTitle: titleTemplate)
    }

    /// The keys `template` names between braces.
    public static func keys(inTitle template: String) -> Set<String> {
        var keys: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            keys.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return keys
    }

    /// The fields whose values reach the layout: those the title shows (the
    /// title's text, and so its size, changes with them) and those a
    /// `show_if` reads (they show and hide fields). A new value in any other
    /// field changes nothing on screen but its own field's colour: no
    /// control's size depends on its value (a text field takes the width
    /// offered and one line, a picker's selection takes what its label
    /// leaves, a switch and a text editor keep their sizes).
    public var keysTheLayoutReads: Set<String> {
        titleKeys.union(keysConditionsRead)
    }

    /// The fields some `show_if` condition reads, a field's or a group's:
    /// a new value there may show or hide fields.
    public var keysConditionsRead: Set<String> {
        var keys: Set<String> = []
        for field in fields {
            field.showIf?.forEachLeaf { keys.insert($0) }
        }
        for group in groups {
            group.showIf?.forEachLeaf { keys.insert($0) }
        }
        return keys
    }

    /// Whether a condition of the form reads field `key` (see
    /// `keysConditionsRead`), without collecting the others.
    public func conditionsRead(_ key: String) -> Bool {
        fields.contains { $0.showIf?.reads(key) ?? false } || groups.contains { $0.showIf?.reads(key) ?? false }
    }
}
