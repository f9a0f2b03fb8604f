import Foundation

/// Breaks text into lines the way SwiftUI's `Text` does when it is offered
/// less width than it needs: at spaces first, inside a word only when the
/// word alone is wider than the line. Explicit newlines always break.
struct TextLayout {
    let string: String
    let font: Font
    /// At most this many lines are shown (`.lineLimit`); nil for no limit.
    let lineLimit: Int?
    /// The width of the widest paragraph on one line.
    let naturalWidth: CGFloat
    let paragraphCount: Int
    /// Single-paragraph text that is not all printable ASCII, measured with
    /// the default metrics: each character's advance (1/1000 em) and
    /// whether it is a space, found once here. Grapheme breaking and Unicode
    /// property lookups are what cost, and stacks ask a text for its size
    /// many times: without this, a megabyte of "é" in the title took 25
    /// times as long as a megabyte of ASCII. Nil otherwise.
    private let glyphs: [Glyph]?
    /// Single-paragraph text all of printable ASCII: `measureASCIIWrap`
    /// reads its bytes in place. Found once here rather than at each size.
    private let isPrintableASCII: Bool

    /// One character's advance in 1/1000 em, and whether it is a space.
    struct Glyph {
        var units: UInt16
        var isSpace: Bool
    }

    init(string: String, font: Font, lineLimit: Int? = nil, measurer: any TextMeasurer) {
        self.string = string
        self.font = font
        self.lineLimit = lineLimit
        let bytes = Self.scan(string)
        if !bytes.hasLineBreak {
            // One paragraph, the common case: no splitting needed.
            self.paragraphCount = 1
            self.isPrintableASCII = bytes.isPrintableASCII
            let measuredBySystem = isSystemMeasurer(measurer)
            if measuredBySystem, isPrintableASCII {
                // Summed by the scan: the same sum and formula as
                // `SystemTextMeasurer.width`, without a second pass.
                self.glyphs = nil
                self.naturalWidth = CGFloat(bytes.asciiUnits) * font.pointSize * SystemTextMeasurer.weightFactor(font.weight) / 1000
            } else if measuredBySystem {
                // The same sum and formula as `SystemTextMeasurer.width`.
                var glyphs: [Glyph] = []
                var units = 0
                for character in string {
                    let advance = SystemTextMeasurer.units(of: character)
                    units += Int(advance)
                    glyphs.append(Glyph(units: advance, isSpace: character == " "))
                }
                self.glyphs = glyphs
                self.naturalWidth = CGFloat(units) * font.pointSize * SystemTextMeasurer.weightFactor(font.weight) / 1000
            } else {
                self.glyphs = nil
                self.naturalWidth = measurer.width(of: Substring(string), font: font)
            }
            return
        }
        self.glyphs = nil
        self.isPrintableASCII = false
        var widest: CGFloat = 0
        var count = 0
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            widest = max(widest, measurer.width(of: paragraph, font: font))
            count += 1
        }
        self.naturalWidth = widest
        self.paragraphCount = count
    }

    /// Whether `string` has a line break, whether it is all printable
    /// ASCII, and if so the sum of its bytes' advances in 1/1000 em
    /// (`SystemTextMeasurer.asciiWidths`), in one pass over its bytes in
    /// place (two passes through the `UTF8View`'s iterator cost most of
    /// what measuring a label does, and a second pass to measure it half).
    private static func scan(_ string: String) -> (hasLineBreak: Bool, isPrintableASCII: Bool, asciiUnits: Int) {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (hasLineBreak: Bool, isPrintableASCII: Bool, asciiUnits: Int) {
            SystemTextMeasurer.asciiWidths.withUnsafeBufferPointer { widths in
                var printable = true
                var units = 0
                for byte in bytes {
                    if byte == UInt8(ascii: "\n") { return (true, false, 0) }
                    if byte < 32 || byte >= 127 {
                        printable = false
                    } else {
                        units &+= Int(widths[Int(byte) &- 32])
                    }
                }
                return (false, printable, printable ? units : 0)
            }
        }
        return string.utf8.withContiguousStorageIfAvailable(scan) ?? Array(string.utf8).withUnsafeBufferPointer(scan)
    }

    /// The size of the text offered `width` (nil or infinite: one line per paragraph).
    func size(proposedWidth width: CGFloat?, measurer: any TextMeasurer) -> CGSize {
        if string.isEmpty { return CGSize(width: 0, height: font.lineHeight) }
        let lineCount: Int
        let widest: CGFloat
        if let width, width < naturalWidth {
            if let (count, measured) = measureASCIIWrap(width: width, measurer: measurer)
                ?? measureGlyphWrap(width: width, measurer: measurer) {
                (lineCount, widest) = (count, measured)
            } else {
                let (lines, measured) = wrap(width: width, measurer: measurer)
                (lineCount, widest) = (lines.count, measured)
            }
        } else {
            (lineCount, widest) = (paragraphCount, naturalWidth)
        }
        if let lineLimit, lineCount > lineLimit {
            // Cut text fills the lines it keeps, up to the ellipsis.
            let shownWidth = width.map { min($0, naturalWidth) } ?? widest
            return CGSize(width: shownWidth, height: CGFloat(lineLimit) * font.lineHeight)
        }
        return CGSize(width: widest, height: CGFloat(lineCount) * font.lineHeight)
    }

    /// `lines(in:)`'s only line when the text is one paragraph that fits
    /// `width` and may show a line (a label, usually), or nil: inlined where
    /// a text is drawn, so that the layout is not copied to ask.
    @inline(__always)
    func onlyLine(in width: CGFloat) -> String? {
        width >= naturalWidth && paragraphCount == 1 && (lineLimit ?? 1) >= 1 ? string : nil
    }

    /// The lines drawn in a frame `width` wide: wrapped as `size` measured
    /// them and, past the line limit, cut with "…" at the end of the last
    /// line kept (tail truncation, SwiftUI's default).
    func lines(in width: CGFloat, measurer: any TextMeasurer) -> [String] {
        var lines: [String]
        if width >= naturalWidth {
            lines = paragraphCount == 1 ? [string] : string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } else {
            lines = wrap(width: width, measurer: measurer).0
        }
        guard let lineLimit, lines.count > lineLimit else { return lines }
        let rest = lines[(lineLimit - 1)...].joined(separator: " ")
        lines.removeSubrange((lineLimit - 1)...)
        let ellipsis = measurer.advance(of: "…", font: font)
        var kept = ""
        var used: CGFloat = 0
        for character in rest {
            let advance = measurer.advance(of: character, font: font)
            if used + advance + ellipsis > width { break }
            kept.append(character)
            used += advance
        }
        while kept.last == " " { kept.removeLast() }
        lines.append(kept + "…")
        return lines
    }

    /// `wrap(width:)`'s line count and widest line without building any
    /// strings, for single-paragraph ASCII text measured with the default
    /// metrics (stacks probe every label at width 0 to learn its minimum).
    /// Nil when the fast path does not apply.
    func measureASCIIWrap(width: CGFloat, measurer: any TextMeasurer) -> (Int, CGFloat)? {
        guard isPrintableASCII, isSystemMeasurer(measurer), paragraphCount == 1 else { return nil }
        let space = UInt8(ascii: " ")
        func measure<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> (Int, CGFloat) where Bytes.Index == Int {
            if width <= 0 { return measureWrapWhereNothingFits(bytes) }
            return measureWrap(bytes, width: width, units: { Int(SystemTextMeasurer.asciiWidths[Int($0) - 32]) }, isSpace: { $0 == space })
        }
        // A native string's bytes are read in place: stacks ask every label
        // for its size several times, and a copy each time costs more than
        // the measuring.
        return string.utf8.withContiguousStorageIfAvailable { measure($0) } ?? measure(Array(string.utf8))
    }

    /// `measureWrap` of printable ASCII in a width no character fits (0, how
    /// a stack probes a label for its smallest width): each character on a
    /// line of its own, and a space after a character ending its line (an
    /// empty line when spaces follow each other or end the text). The same
    /// count, and the same widest line: `measureWrap`'s widths grow with
    /// the units summed, so the widest line is the one of most units.
    private func measureWrapWhereNothingFits<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> (Int, CGFloat)
    where Bytes.Index == Int {
        var lines = 0
        var widestUnits = 0
        var lineIsEmpty = true
        for byte in bytes {
            // A line holding a character ends at the next character, and at
            // a space (a word's end).
            if !lineIsEmpty { lines += 1 }
            if byte == UInt8(ascii: " ") {
                lineIsEmpty = true
            } else {
                widestUnits = max(widestUnits, Int(SystemTextMeasurer.asciiWidths[Int(byte) - 32]))
                lineIsEmpty = false
            }
        }
        lines += 1
        return (lines, CGFloat(widestUnits) * font.pointSize * SystemTextMeasurer.weightFactor(font.weight) / 1000)
    }

    /// The same as `measureASCIIWrap` for single-paragraph text of other
    /// characters, from the advances measured once in `init`. Nil when the
    /// text has none (ASCII, several paragraphs, another measurer).
    func measureGlyphWrap(width: CGFloat, measurer: any TextMeasurer) -> (Int, CGFloat)? {
        guard let glyphs, isSystemMeasurer(measurer), paragraphCount == 1 else { return nil }
        return measureWrap(glyphs, width: width, units: { Int($0.units) }, isSpace: { $0.isSpace })
    }

    /// `wrap(width:)`'s line count and widest line over characters given as
    /// advances in 1/1000 em, spaces marked.
    private func measureWrap<Characters: RandomAccessCollection>(
        _ bytes: Characters, width: CGFloat, units: (Characters.Element) -> Int, isSpace: (Characters.Element) -> Bool
    ) -> (Int, CGFloat) where Characters.Index == Int {
        // The same formula, segments and order of additions as `wrap`, so
        // both give the same numbers to the last bit.
        let pointSize = font.pointSize
        let factor = SystemTextMeasurer.weightFactor(font.weight)
        func points(_ units: Int) -> CGFloat { CGFloat(units) * pointSize * factor / 1000 }
        let spaceUnits = Int(SystemTextMeasurer.asciiWidths[Int(UInt8(ascii: " ")) - 32])
        var lines = 0
        var widest: CGFloat = 0
        var lineWidth: CGFloat = 0
        // The line's units without its trailing spaces, which `wrap` trims
        // before measuring the line, and those spaces' units.
        var lineUnits = 0
        var trailingSpaceUnits = 0
        var lineIsEmpty = true
        func flush() {
            lines += 1
            widest = max(widest, points(lineUnits))
            lineWidth = 0
            lineUnits = 0
            trailingSpaceUnits = 0
            lineIsEmpty = true
        }
        var start = 0
        while start <= bytes.count {
            var end = start
            var wordUnits = 0
            while end < bytes.count && !isSpace(bytes[end]) {
                wordUnits += units(bytes[end])
                end += 1
            }
            let wordWidth = points(wordUnits)
            let spaceWidth = lineIsEmpty ? 0 : points(spaceUnits)
            if !lineIsEmpty && lineWidth + spaceWidth + wordWidth > width { flush() }
            if lineIsEmpty && wordWidth > width {
                for position in start..<end {
                    let advance = points(units(bytes[position]))
                    if !lineIsEmpty && lineWidth + advance > width { flush() }
                    lineWidth += advance
                    lineUnits += trailingSpaceUnits + units(bytes[position])
                    trailingSpaceUnits = 0
                    lineIsEmpty = false
                }
            } else {
                if !lineIsEmpty {
                    lineWidth += spaceWidth
                    trailingSpaceUnits += spaceUnits
                }
                lineWidth += wordWidth
                if end > start {
                    lineUnits += trailingSpaceUnits + wordUnits
                    trailingSpaceUnits = 0
                }
                // An empty word on an empty line leaves it empty, as in `wrap`.
                if end > start || !lineIsEmpty { lineIsEmpty = false }
            }
            start = end + 1
        }
        flush()
        return (lines, widest)
    }

    /// The lines the text shows in `width`, and the widest line's width.
    func wrap(width: CGFloat, measurer: any TextMeasurer) -> ([String], CGFloat) {
        var lines: [String] = []
        var widest: CGFloat = 0
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraphWidth = measurer.width(of: paragraph, font: font)
            if paragraphWidth <= width {
                lines.append(String(paragraph))
                widest = max(widest, paragraphWidth)
                continue
            }
            var line = ""
            var lineWidth: CGFloat = 0
            func flush() {
                // Trailing spaces hang outside the line, as in UIKit.
                while line.last == " " { line.removeLast() }
                lines.append(line)
                widest = max(widest, measurer.width(of: Substring(line), font: font))
                line = ""
                lineWidth = 0
            }
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = measurer.width(of: word, font: font)
                let spaceWidth = line.isEmpty ? 0 : measurer.advance(of: " ", font: font)
                if !line.isEmpty && lineWidth + spaceWidth + wordWidth > width { flush() }
                if line.isEmpty && wordWidth > width {
                    // A word wider than the line breaks between characters.
                    for character in word {
                        let advance = measurer.advance(of: character, font: font)
                        if !line.isEmpty && lineWidth + advance > width { flush() }
                        line.append(character)
                        lineWidth += advance
                    }
                    continue
                }
                if !line.isEmpty {
                    line.append(" ")
                    lineWidth += spaceWidth
                }
                line += word
                lineWidth += wordWidth
            }
            flush()
        }
        return (lines, widest)
    }

    /// Distance from the top of a line to its baseline: the line's descent
    /// (about a fifth of the line height for SF/Helvetica) sits below it.
    var baselineOffset: CGFloat { (font.lineHeight * 0.8).rounded() }
}
