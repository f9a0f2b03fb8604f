/// A terminal screen as `tmux capture-pane -p -e` prints it, parsed into
/// cells with their 24-bit colours, so that tests can ask what colour a
/// cell of the minimap is. Each character counts one cell (the editor's
/// screens in the tests hold no wide characters).
struct ScreenCapture {
    struct RGB: Hashable, CustomStringConvertible {
        var red: Int, green: Int, blue: Int
        var description: String { "(\(red), \(green), \(blue))" }
    }

    struct Cell {
        var character: Character
        var foreground: RGB?
        var background: RGB?
    }

    /// The rows of cells, top to bottom.
    private(set) var lines: [[Cell]] = []

    init(_ captured: String) {
        for rawLine in captured.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [Cell] = []
            var foreground: RGB?, background: RGB?
            var rest = Substring(rawLine)
            while let character = rest.first {
                if character == "\u{1B}", rest.dropFirst().first == "[" {
                    let body = rest.dropFirst(2)
                    guard let end = body.firstIndex(where: { ("@"..."~").contains($0) }) else { break }
                    if body[end] == "m" { Self.apply(String(body[..<end]), &foreground, &background) }
                    rest = body[body.index(after: end)...]
                    continue
                }
                cells.append(Cell(character: character, foreground: foreground, background: background))
                rest = rest.dropFirst()
            }
            lines.append(cells)
        }
    }

    /// The screen's text without colours.
    var text: String { lines.map { String($0.map(\.character)) }.joined(separator: "\n") }

    /// Row `row`'s text, trailing spaces removed.
    func line(_ row: Int) -> String {
        guard row < lines.count else { return "" }
        var text = String(lines[row].map(\.character))
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The cell at `column`, `row`, if the capture has it.
    func cell(_ column: Int, _ row: Int) -> Cell? {
        guard row < lines.count, column < lines[row].count else { return nil }
        return lines[row][column]
    }

    /// Every colour (text or cell) of the cells from column `from` on.
    func colors(fromColumn from: Int) -> [(column: Int, row: Int, color: RGB)] {
        var found: [(Int, Int, RGB)] = []
        for (row, cells) in lines.enumerated() {
            for (column, cell) in cells.enumerated() where column >= from {
                if let color = cell.foreground, cell.character != " " { found.append((column, row, color)) }
                if let color = cell.background { found.append((column, row, color)) }
            }
        }
        return found
    }

    private static func apply(_ parameters: String, _ foreground: inout RGB?, _ background: inout RGB?) {
        let numbers = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < numbers.count {
            switch numbers[index] {
            case 0:
                foreground = nil
                background = nil
            case 38, 48:
                let isForeground = numbers[index] == 38
                if index + 4 < numbers.count, numbers[index + 1] == 2 {
                    let color = RGB(red: numbers[index + 2], green: numbers[index + 3], blue: numbers[index + 4])
                    if isForeground { foreground = color } else { background = color }
                    index += 4
                } else if index + 2 < numbers.count, numbers[index + 1] == 5 {
                    index += 2
                }
            case 39: foreground = nil
            case 49: background = nil
            default: break
            }
            index += 1
        }
    }
}
