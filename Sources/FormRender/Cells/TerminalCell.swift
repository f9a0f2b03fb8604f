/// A 24-bit colour as a terminal takes it (`ESC[38;2;r;g;bm`).
public struct CellColor: Hashable, Sendable {
    /// 0–255 components.
    public var red: UInt8, green: UInt8, blue: UInt8

    /// A colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// One character cell of a terminal screen: what it shows and how.
///
/// A wide character takes its cell and the next one; the next one is a
/// `continuation` cell, which shows nothing of its own and is never written.
public struct TerminalCell: Hashable, Sendable {
    /// The grapheme cluster shown (a space for an empty cell; empty for a
    /// continuation cell).
    public var text: String
    /// Text colour; nil is the terminal's default.
    public var foreground: CellColor?
    /// Cell colour; nil is the terminal's default.
    public var background: CellColor?
    /// Bold text.
    public var bold: Bool

    /// A cell as given.
    public init(text: String = " ", foreground: CellColor? = nil, background: CellColor? = nil, bold: Bool = false) {
        self.text = text
        self.foreground = foreground
        self.background = background
        self.bold = bold
    }

    /// An empty cell in the terminal's default colours (what a cleared screen holds).
    public static let blank = TerminalCell()

    /// Whether this cell is the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }
}
