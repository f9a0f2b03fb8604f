import FormModel

extension EditSession {
    /// The instance the focused field is in (the innermost), if any.
    var focusedInstance: FormGroup? {
        guard let key = focusedKey, let field = storedForm.field(key),
              var path = storedForm.rows.first(where: { $0.number == field.row })?.group else { return nil }
        while true {
            if let group = storedForm.group(path), group.kind == .instance { return group }
            guard let parent = FieldPath.parent(of: path) else { return nil }
            path = parent
        }
    }

    /// Whether the page shown has a repeat, for the key line.
    public var showsRepeats: Bool { shownForm.groups.contains { $0.kind == .repeat } }

    /// Ctrl-N: saves the focused field, then adds an instance to the repeat
    /// the focus is in (else the first repeat on the page) and moves the
    /// focus to its first field; a refusal (past `max_count`) is said in the
    /// status line, nothing changed.
    func addInstance() {
        guard save() else { return }
        guard let path = focusedInstance?.parent ?? shownForm.groups.first(where: { $0.kind == .repeat })?.path else {
            message = .problem("no repeat on this page to add to")
            return
        }
        do {
            let added = try file.addInstance(to: path)
            reload()
            focus(storedForm.fields.first { FieldPath.isWithin($0.key, added) }?.key ?? focusedKey)
            message = .info("added \(added) (\(storedForm.group(added).map(storedForm.instanceTitle) ?? added))")
        } catch {
            message = .problem("not added: \(error.description)")
        }
    }

    /// Ctrl-K: saves the focused field, then removes the instance the focus
    /// is in (later ones move up a number) and moves the focus to the field
    /// now in its place, or before it; a refusal (below `min_count`) is said
    /// in the status line, nothing changed.
    func removeInstance() {
        guard save() else { return }
        guard let instance = focusedInstance else {
            message = .problem("the focus is not in an instance of a repeat: move to one to remove it")
            return
        }
        let title = storedForm.instanceTitle(instance)
        let place = storedForm.fields.firstIndex { FieldPath.isWithin($0.key, instance.path) } ?? 0
        do {
            try file.removeInstance(instance.path)
            reload()
            let fields = Self.shownFields(of: Self.shown(storedForm))
            let next = storedForm.fields.indices.contains(place) ? storedForm.fields[place].key : fields.last?.key
            focus(fields.contains { $0.key == next } ? next : fields.last?.key)
            message = .info("removed \(instance.path) (\(title))")
        } catch {
            message = .problem("not removed: \(error.description)")
        }
    }
}
