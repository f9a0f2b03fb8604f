import FormModel

/// The keys of choice fields (`EditControl.cycle` and `.checklist`). A
/// change of choice is a change of the field's text, as a keystroke in a
/// text field is: the buffer holds what `set` will be given (a choice's
/// value, `true`/`false`, a `select_multiple`'s JSON array, or nothing), so
/// the state, colours, minimap, "(unsaved)" and every save point work as
/// they do for text.
extension EditSession {
    /// How the focused field is edited (`.text` when none has the focus).
    public var control: EditControl {
        guard let field = focusedField else { return .text }
        return EditControl(field.rules.type)
    }

    /// The choice ↑/↓ point at in the focused `select_multiple` field, an
    /// index into its choices; nil for other fields or a field without choices.
    public var focusedChoice: Int? {
        guard control == .checklist, let count = focusedField?.rules.choices.count, count > 0 else { return nil }
        return min(max(choiceFocus, 0), count - 1)
    }

    /// Space, ← and →: the answer `step` places on in the field's options,
    /// wrapping round. An unanswered field (or one whose stored text is no
    /// option, say a value written with sqlite3) goes to the first option
    /// forward and the last one back; "no answer" is never stepped to, and
    /// Ctrl-U (or Backspace) goes back to it.
    func stepChoice(by step: Int, _ now: ContinuousClock.Instant) {
        guard let field = focusedField else { return }
        let options = field.rules.answerOptions
        guard !options.isEmpty else {
            message = .problem("\(field.key) has no choices (formctl field choices \(field.key) add VALUE adds one)")
            return
        }
        let current = field.rules.storedText(forInput: buffer.text)
        let next: Int
        if let index = options.firstIndex(where: { $0.hasValue(current) }) {
            next = ((index + step) % options.count + options.count) % options.count
        } else {
            next = step > 0 ? 0 : options.count - 1
        }
        edit(now) { $0.replace(with: options[next].value) }
    }

    /// Typed text in a `select_one` or `boolean` field. Spaces step forward
    /// (one per space: keys typed fast arrive together). Other text picks
    /// the answer it names as `set` reads it (a value, a label, `y`/`n`);
    /// failing that, a choice's number (1 for the first), or one letter,
    /// which picks the next choice whose label starts with it, as a list
    /// box does. Anything else changes nothing and says
    /// which keys do.
    func type(_ text: String, intoCycle now: ContinuousClock.Instant) {
        guard let field = focusedField else { return }
        if !text.isEmpty, text.allSatisfy({ $0 == " " }) {
            stepChoice(by: text.count, now)
            return
        }
        let options = field.rules.answerOptions
        let named = field.rules.storedText(forInput: text)
        if options.contains(where: { $0.hasValue(named) }) {
            edit(now) { $0.replace(with: named) }
            return
        }
        // A choice's number, as plain mode numbers them (`select_one` only:
        // a yes/no field reads 1 and 0 as yes and no, above).
        if field.rules.type == .selectOne, let number = Int(text), number >= 1, number <= options.count {
            edit(now) { $0.replace(with: options[number - 1].value) }
            return
        }
        if text.count == 1, let letter = text.first?.lowercased(), !options.isEmpty {
            let current = options.firstIndex { $0.hasValue(field.rules.storedText(forInput: buffer.text)) } ?? -1
            let order = (1...options.count).map { (current + $0) % options.count }
            if let index = order.first(where: { options[$0].label.lowercased().hasPrefix(letter) }) {
                edit(now) { $0.replace(with: options[index].value) }
                return
            }
        }
        message = .problem("\"\(text)\" is not a choice of \(field.key): Space or ←/→ changes it, Ctrl-U clears it")
    }

    /// Typed text in a `select_multiple` field: each Space ticks or unticks
    /// the focused choice; other text changes nothing and says which keys do.
    func type(_ text: String, intoChecklist now: ContinuousClock.Instant) {
        guard let field = focusedField, let focused = focusedChoice else {
            if let key = focusedKey { message = .problem("\(key) has no choices (formctl field choices \(key) add VALUE adds one)") }
            return
        }
        guard !text.isEmpty, text.allSatisfy({ $0 == " " }) else {
            message = .problem("\(field.key) is a list of choices: ↑/↓ move, Space ticks or unticks, Ctrl-U clears")
            return
        }
        // An even number of spaces leaves the tick as it was.
        guard text.count % 2 == 1 else { return }
        let value = field.rules.choices[focused].value
        var chosen = selectedValues
        if chosen.contains(where: { $0.isScalarEqual(to: value) }) {
            chosen.removeAll { $0.isScalarEqual(to: value) }
        } else {
            chosen.append(value)
        }
        // A tick past `max_selected` is taken, as `set` takes it: the field
        // is then invalid (orange) and the status line says how many it allows.
        let text = chosen.isEmpty ? "" : field.rules.storedText(forSelection: chosen)
        edit(now) { $0.replace(with: text) }
    }

    /// Backspace or Delete in a `select_multiple` field: unticks the
    /// focused choice (nothing when it is not ticked).
    func untickFocusedChoice(_ now: ContinuousClock.Instant) {
        guard let field = focusedField, let focused = focusedChoice,
              selectedValues.contains(where: { field.rules.choices[focused].hasValue($0) }) else { return }
        type(" ", intoChecklist: now)
    }

    /// The values the buffer holds as a selection: a stored JSON array, or
    /// values as `set` reads typed text. Values that are no choice are
    /// kept, so that a tick never drops what someone else stored (the
    /// field stays invalid, saying so, until Ctrl-U clears it).
    public var selectedValues: [String] {
        let text = buffer.text
        guard !text.isEmpty else { return [] }
        return SelectionValue.decode(text) ?? SelectionValue.values(ofInput: text, choices: focusedField?.rules.choices ?? [])
    }

    /// ↑/↓ inside the focused field: the previous or next choice of a
    /// `select_multiple` list, or line of a `long_text`. Returns false at
    /// the list's or text's end, and in other fields, where ↑/↓ move the
    /// focus to another field.
    func moveInside(by step: Int) -> Bool {
        switch control {
        case .checklist:
            guard let focused = focusedChoice, let count = focusedField?.rules.choices.count else { return false }
            let next = focused + step
            guard next >= 0, next < count else { return false }
            choiceFocus = next
            return true
        case .longText:
            var moved = buffer
            let didMove = step < 0 ? moved.moveLineUp() : moved.moveLineDown()
            if didMove { buffer = moved }
            return didMove
        case .text, .cycle:
            return false
        }
    }
}
