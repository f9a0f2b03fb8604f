import Foundation

/// Measures text for layout. The engine is deterministic because the
/// measurer is: the default uses a fixed table of advance widths, so the
/// same text lays out the same on every machine. Supply your own to match
/// a real font.
public protocol TextMeasurer: Sendable {
    /// The advance width of one grapheme cluster in `font`.
    func advance(of character: Character, font: Font) -> CGFloat
    /// The width of a run of text on one line; the default sums advances.
    func width(of text: Substring, font: Font) -> CGFloat
}

extension TextMeasurer {
    /// Default: the sum of the advances of the text's grapheme clusters.
    public func width(of text: Substring, font: Font) -> CGFloat {
        var total: CGFloat = 0
        for character in text { total += advance(of: character, font: font) }
        return total
    }
}

/// The default measurer: the advance widths of a proportional sans-serif
/// font (Helvetica's published AFM metrics, in thousandths of an em) at each
/// text style's point size, widened slightly for heavier weights. Wide East
/// Asian characters and emoji count one em; combining marks ride on the
/// character they belong to because measurement is per grapheme cluster.
public struct SystemTextMeasurer: TextMeasurer {
    /// The measurer `ViewHost` uses unless given another.
    public init() {}

    /// Advance widths of ASCII 32…126 in 1/1000 em (Helvetica AFM).
    static let asciiWidths: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space … /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 … ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P … _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` … o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,       // p … ~
    ]
    /// Width of other narrow characters (Latin letters with accents, Greek,
    /// Cyrillic …): the average lowercase advance.
    static let defaultWidth: UInt16 = 556
    /// Width of wide characters (CJK, full-width forms, emoji): one em.
    static let wideWidth: UInt16 = 1000

    /// Heavier weights set wider; these factors approximate Helvetica's
    /// bold metrics relative to regular (bold is about 6 % wider).
    static func weightFactor(_ weight: Font.Weight) -> CGFloat {
        switch weight {
        case .ultraLight: 0.96
        case .thin: 0.97
        case .light: 0.98
        case .regular: 1
        case .medium: 1.02
        case .semibold: 1.04
        case .bold: 1.06
        case .heavy: 1.08
        case .black: 1.1
        }
    }

    /// Table width in 1/1000 em × the style's point size × a weight factor (bold ≈ 6 % wider).
    public func advance(of character: Character, font: Font) -> CGFloat {
        CGFloat(Self.units(of: character)) * font.pointSize * Self.weightFactor(font.weight) / 1000
    }

    /// `advance(of:font:)` of the printable ASCII character `byte` (32…126),
    /// the same expression so the same bits, without making a `Character`.
    @inline(__always)
    static func advance(ofASCII byte: UInt8, font: Font) -> CGFloat {
        CGFloat(asciiWidths[Int(byte) - 32]) * font.pointSize * weightFactor(font.weight) / 1000
    }

    /// The sum of the characters' advances, with a fast path for printable ASCII.
    public func width(of text: Substring, font: Font) -> CGFloat {
        // Fast path: plain ASCII needs no grapheme breaking (CR LF aside,
        // which never reaches here because lines are split first), and
        // read through a pointer it costs a few instructions a byte (a
        // form measures every label and value as it builds).
        let ascii: Int? = text.utf8.withContiguousStorageIfAvailable { Self.asciiUnits(of: $0) } ?? Self.asciiUnits(of: text.utf8)
        let units = ascii ?? text.reduce(0) { $0 + Int(Self.units(of: $1)) }
        return CGFloat(units) * font.pointSize * Self.weightFactor(font.weight) / 1000
    }

    /// The sum of the bytes' widths in 1/1000 em, or nil when one is not
    /// printable ASCII.
    @inline(__always)
    private static func asciiUnits<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> Int? {
        asciiWidths.withUnsafeBufferPointer { widths in
            var units = 0
            for byte in bytes {
                guard byte >= 32, byte < 127 else { return nil }
                units += Int(widths[Int(byte) - 32])
            }
            return units
        }
    }

    static func units(of character: Character) -> UInt16 {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value >= 32 && value < 127 { return asciiWidths[Int(value) - 32] }
        if value < 32 || value == 127 { return 0 }
        // Latin-1 and Latin Extended letters alone (é, ł, ß …): no wide,
        // emoji or combining scalar lies below U+0300, so no property
        // lookup is needed (two UTF-8 bytes: one scalar).
        if value < 0x300 && character.utf8.count == 2 { return defaultWidth }
        if isWide(first) || character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) {
            return wideWidth
        }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        return defaultWidth
    }

    /// East Asian Wide and Fullwidth ranges (Unicode UAX #11), the ones that
    /// matter in practice.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}

/// Whether `measurer` is the default one, whose metrics the fast paths
/// read directly. A comparison of metatypes rather than an `is` cast: a
/// struct cannot be subclassed, so the two agree, and the cast is a walk
/// through the runtime's conformance tables for every text built and
/// every wrap measured. The existential is opened (a generic parameter)
/// rather than asked `type(of:)`, which the runtime answers through
/// `swift_getDynamicType`; opened, its type is a pointer already in hand.
@inline(__always)
func isSystemMeasurer(_ measurer: any TextMeasurer) -> Bool {
    isSystemMeasurer(type: measurer)
}

@inline(__always)
private func isSystemMeasurer<Measurer: TextMeasurer>(type _: Measurer) -> Bool {
    Measurer.self == SystemTextMeasurer.self
}
