import FormLayout
import Foundation

/// Measures text in terminal cells, so that what the layout engine measures
/// is what a terminal shows: one column per narrow character, two per wide
/// one (East Asian wide and full-width forms, emoji), none for a character a
/// terminal draws on top of the previous one.
///
/// Widths are per grapheme cluster, as the engine measures: `"e\u{301}"` is
/// one column, a family emoji two. Heights are not the measurer's business:
/// the editor lays text out in `Font.body` only, so every line is
/// `CellScale.pointsPerRow` tall, one terminal row (see `CellScale`).
public struct CellTextMeasurer: TextMeasurer {
    /// The measurer the terminal editor lays its screen out with.
    public init() {}

    /// The character's width in columns, as a length in points
    /// (`CellScale.pointsPerColumn` is 1).
    public func advance(of character: Character, font: Font) -> CGFloat {
        CGFloat(Self.columns(of: character))
    }

    /// The text's width in columns.
    public func width(of text: Substring, font: Font) -> CGFloat {
        CGFloat(Self.columns(of: text))
    }

    /// The columns `text` takes on a terminal.
    public static func columns<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for byte in text.utf8 {
            // Printable ASCII, the common case, needs no grapheme breaking.
            guard byte >= 32, byte < 127 else {
                total = 0
                for character in text { total += columns(of: character) }
                return total
            }
            total += 1
        }
        return total
    }

    /// The columns one grapheme cluster takes: 2 for wide characters and
    /// emoji presentation, 1 otherwise. A control character counts 1
    /// because the cell renderer shows it as U+FFFD, never sends it.
    public static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value < 0x300 { return 1 }
        if isWide(first) { return 2 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode UAX #11) that terminals
    /// draw two columns wide, emoji blocks included.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
