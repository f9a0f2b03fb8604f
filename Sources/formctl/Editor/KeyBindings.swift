import FormKit

/// The editor's key map: which `EditAction` each key asks for (the README's
/// "Editing live" table says the same).
enum KeyBindings {
    /// The action for `key`, nil for keys that do nothing.
    static func action(for key: Key) -> EditAction? {
        switch key {
        case .text(let text): .insert(text)
        case .tab: .nextField
        case .shiftTab: .previousField
        case .down: .moveDown
        case .up: .moveUp
        case Key.controlJ, .altEnter: .insertNewline
        case .left: .moveLeft
        case .right: .moveRight
        case .home, .control(0x01): .moveToStart  // Ctrl-A
        case .end, .control(0x05): .moveToEnd     // Ctrl-E
        case .backspace: .deleteBackward
        case .delete, .control(0x04): .deleteForward  // Ctrl-D
        case Key.controlU: .clear
        case .enter: .saveAndNext
        case Key.controlS: .save
        case Key.controlX: .submit
        case Key.controlO: .submitDraft
        case Key.controlN: .addInstance
        case Key.controlK: .removeInstance
        case .controlLeft: .previousPage
        case .controlRight: .nextPage
        case .function(let number) where (1...9).contains(number): .page(number)
        case .escape, Key.controlC: .quit
        default: nil
        }
    }
}
