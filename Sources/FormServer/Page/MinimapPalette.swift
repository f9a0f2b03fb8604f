import FormKit

/// The colours the page paints the minimap and the state markers with:
/// iOS's system colours, as `formctl minimap --format svg` draws them
/// (FormLayout's `SwiftUIConstants.SystemColor`). The one table: the
/// script's palette (the page's `data-palette`) is made from it, and the
/// stylesheet's `--color-NAME` properties (`Assets/app.css`) are held to it
/// by a test.
enum MinimapPalette {
    /// `#rrggbb` for `color`.
    static func hex(_ color: FieldColor) -> String {
        switch color {
        case .red: "#ff3b30"
        case .yellow: "#ffcc00"
        case .green: "#34c759"
        case .orange: "#ff9500"
        case .purple: "#af52de"
        case .gray: "#8e8e93"
        }
    }

    /// The minimap area behind the rectangles (seed 002's `Color(white: 0.7)`).
    static let area = "#b3b3b3"

    /// `{"red":"#ff3b30",…}` for the script, which colours rectangles the
    /// events report.
    static var json: String {
        "{" + FieldColor.allCases.map { "\"\($0.rawValue)\":\"\(hex($0))\"" }.joined(separator: ",") + "}"
    }

    /// `--color-red: #ff3b30;` …: what the stylesheet's `:root` says.
    static var cssProperties: String {
        FieldColor.allCases.map { "  --color-\($0.rawValue): \(hex($0));" }.joined(separator: "\n")
    }
}
