import FormLayout

extension BarChart {
    /// The chart for a terminal `columns` wide: the title, its lines, and a
    /// bar per category in eighths of a column (`▏`…`█`) in 24-bit `colour`;
    /// without a colour, plain text with bars of `#`. Control characters a
    /// label may hold are shown as `?`, never sent to the terminal.
    public func text(columns: Int, colour: Color? = nil) -> String {
        var output = Self.printable(title) + "\n"
        for line in lines { output += "  " + Self.printable(line) + "\n" }
        guard !bars.isEmpty else { return output }
        let labels = bars.map { Self.clipped(Self.printable($0.label), to: 24) }
        let figures = bars.map { Self.printable($0.figures) }
        let labelWidth = labels.map(CellTextMeasurer.columns).max() ?? 0
        let figuresWidth = figures.map(CellTextMeasurer.columns).max() ?? 0
        let barWidth = max(10, columns - 2 - labelWidth - 2 - 2 - figuresWidth)
        let longest = longest
        for (index, bar) in bars.enumerated() {
            let label = labels[index] + String(repeating: " ", count: labelWidth - CellTextMeasurer.columns(of: labels[index]))
            let eighths = Int((Int64(bar.count) * Int64(barWidth) * 8 + Int64(longest) / 2) / Int64(longest))
            let drawn = colour == nil ? Self.plainBar(eighths) : Self.blockBar(eighths)
            let padding = String(repeating: " ", count: barWidth - (eighths + 7) / 8)
            var row = "  " + label + "  "
            if let colour, !drawn.isEmpty {
                let (red, green, blue) = colour.rgbBytes
                row += "\u{1B}[38;2;\(red);\(green);\(blue)m" + drawn + "\u{1B}[0m"
            } else {
                row += drawn
            }
            output += row + padding + "  " + figures[index] + "\n"
        }
        return output
    }

    /// `eighths` eighths of a column in block characters.
    private static func blockBar(_ eighths: Int) -> String {
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// `eighths` eighths of a column in `#`, rounded to whole columns
    /// (a bar of any count above 0 shows at least one).
    private static func plainBar(_ eighths: Int) -> String {
        String(repeating: "#", count: eighths == 0 ? 0 : max(1, (eighths + 4) / 8))
    }

    /// `text` with control characters as `?`.
    static func printable(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            result.unicodeScalars.append(value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 ? "?" : scalar)
        }
        return result
    }

    /// `text` cut to `columns`, with `…` where it was cut.
    static func clipped(_ text: String, to columns: Int) -> String {
        guard CellTextMeasurer.columns(of: text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = CellTextMeasurer.columns(of: String(character))
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }
}
