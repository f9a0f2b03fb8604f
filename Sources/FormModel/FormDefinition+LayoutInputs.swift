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
    /// title's text, and so its size, changes with them), those a
    /// `show_if` reads (they show and hide fields), and those whose own
    /// control's size follows the value (`FieldType.valueSizesControl`: a
    /// picker). A new value in any other field changes nothing on screen
    /// but its own field's colour: a text field's size never depends on its
    /// text, nor a switch's on its state, nor a text editor's on its lines.
    public var keysTheLayoutReads: Set<String> {
        var keys = titleKeys.union(keysConditionsRead)
        for field in fields where field.rules.type.valueSizesControl { keys.insert(field.key) }
        return keys
    }

    /// The fields some `show_if` condition reads: a new value there may
    /// show or hide fields.
    public var keysConditionsRead: Set<String> {
        var keys: Set<String> = []
        for field in fields {
            field.showIf?.forEachLeaf { keys.insert($0) }
        }
        return keys
    }

    /// Whether a condition of the form reads field `key` (see
    /// `keysConditionsRead`), without collecting the others.
    public func conditionsRead(_ key: String) -> Bool {
        fields.contains { $0.showIf?.reads(key) ?? false }
    }
}
