/// A colour, usable as a view (it fills the space it is offered) and as a
/// fill style, as SwiftUI's `Color`.
///
/// Named colours keep their name so that renderers without colour (plain
/// text) can still tell them apart. Component values are the iOS light-mode
/// system colours, see `SwiftUIConstants`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and opacity, each from 0 to 1.
    public var red: Double, green: Double, blue: Double, opacity: Double
    /// The SwiftUI name of a named colour (`"red"`, `"gray"`, …), or nil.
    public var name: String?

    /// A colour from its components (`Color(red:green:blue:opacity:)`).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity; self.name = nil
    }

    /// A shade of grey, as `Color(white: 0.9)`.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    init(named name: String, _ rgb: (Int, Int, Int), opacity: Double = 1) {
        self.init(red: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255, opacity: opacity)
        self.name = name
    }

    /// This colour with its opacity multiplied by `value`.
    public func opacity(_ value: Double) -> Color {
        var copy = self
        copy.opacity *= value
        return copy
    }

    /// `#rrggbb` for opaque colours, `#rrggbbaa` otherwise.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (opacity < 1 ? byte(opacity) : "")
    }

    public var description: String { name ?? hex }

    public static let red = Color(named: "red", SwiftUIConstants.SystemColor.red)
    public static let orange = Color(named: "orange", SwiftUIConstants.SystemColor.orange)
    public static let yellow = Color(named: "yellow", SwiftUIConstants.SystemColor.yellow)
    public static let green = Color(named: "green", SwiftUIConstants.SystemColor.green)
    public static let mint = Color(named: "mint", SwiftUIConstants.SystemColor.mint)
    public static let teal = Color(named: "teal", SwiftUIConstants.SystemColor.teal)
    public static let cyan = Color(named: "cyan", SwiftUIConstants.SystemColor.cyan)
    public static let blue = Color(named: "blue", SwiftUIConstants.SystemColor.blue)
    public static let indigo = Color(named: "indigo", SwiftUIConstants.SystemColor.indigo)
    public static let purple = Color(named: "purple", SwiftUIConstants.SystemColor.purple)
    public static let pink = Color(named: "pink", SwiftUIConstants.SystemColor.pink)
    public static let brown = Color(named: "brown", SwiftUIConstants.SystemColor.brown)
    public static let gray = Color(named: "gray", SwiftUIConstants.SystemColor.gray)
    public static let black = Color(named: "black", (0, 0, 0))
    public static let white = Color(named: "white", (255, 255, 255))
    public static let clear = Color(named: "clear", (0, 0, 0), opacity: 0)
    /// The default foreground of text and shapes (light mode).
    public static let primary = Color(named: "primary", (0, 0, 0))
    /// Secondary text (light mode: 60 % grey-blue).
    public static let secondary = Color(named: "secondary", (60, 60, 67), opacity: 0.6)
}
