/// A key (or typed text) read from the terminal, decoded by `KeyDecoder`.
enum Key: Hashable, Sendable {
    /// Printable text: one key, or a run of them read at once (a paste).
    case text(String)
    case enter, tab, shiftTab, backspace, delete, escape
    /// Alt-Enter (`ESC CR`): a new line in long text.
    case altEnter
    case up, down, left, right, home, end, pageUp, pageDown, insert
    /// Arrows with Ctrl held (page switching).
    case controlLeft, controlRight, controlUp, controlDown
    /// F1…F12.
    case function(Int)
    /// Ctrl and a letter, as its control byte (`control(0x13)` is Ctrl-S).
    case control(UInt8)
    /// An escape sequence this decoder does not know, dropped whole rather
    /// than typed as text.
    case unknown

    /// Ctrl-C, which quits (the terminal is raw, so it is a key, not a signal).
    static let controlC = Key.control(0x03)
    /// Ctrl-J (LF), a new line in long text (as in many chat and terminal
    /// programs, where Enter already sends).
    static let controlJ = Key.control(0x0A)
    /// Ctrl-S, which saves.
    static let controlS = Key.control(0x13)
    /// Ctrl-U, which clears the field.
    static let controlU = Key.control(0x15)
    /// Ctrl-X, which submits the values as a response (as Alpine's
    /// composer sends with it).
    static let controlX = Key.control(0x18)
    /// Ctrl-O, which stores the values as a draft response (Alpine's
    /// "postpone"; raw mode turns IEXTEN off, so the terminal's VDISCARD
    /// does not take it).
    static let controlO = Key.control(0x0F)
    /// Ctrl-N, which adds an instance to a repeat ("new").
    static let controlN = Key.control(0x0E)
    /// Ctrl-K, which removes the instance the focus is in (nano's and
    /// Emacs's "kill").
    static let controlK = Key.control(0x0B)
}
