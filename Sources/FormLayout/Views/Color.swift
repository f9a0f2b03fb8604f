/// A colour, usable as a view (it fills the space it is offered) and as a
/// fill style, as SwiftUI's `Color`.
///
/// Named colours keep their name so that renderers without colour (plain
/// text) can still tell them apart. Component values are the iOS light-mode
/// system colours, see `SwiftUIConstants`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and opacity, each from 0 to 1.
    public var red: Double, green: Double, blue: Double, opacity: Double
    /// Which of the named colours this is: its place in `systemNames`
    /// plus one; 0 for none. A number rather than the name itself, so that
    /// a colour holds no reference: views hold colours, and a view type
    /// holding nothing but plain values is copied and destroyed as bytes
    /// (a form's 10,000 field backgrounds, each copied and destroyed
    /// twice through the generic value witnesses while being built, cost
    /// 5% of a layout while a colour held a `String`).
    private var nameNumber: UInt8 = 0

    /// The SwiftUI name of a named colour (`"red"`, `"gray"`, …), or nil.
    /// Only those names are kept: setting another name sets none.
    public var name: String? {
        get { nameNumber == 0 ? nil : Self.systemNames[Int(nameNumber) - 1] }
        set { nameNumber = newValue.flatMap { Self.systemNames.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0 }
    }

    /// The names of the named colours, in the order of their numbers.
    private static let systemNames = ["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo",
                                      "purple", "pink", "brown", "gray", "black", "white", "clear", "primary", "secondary"]

    /// A colour from its components (`Color(red:green:blue:opacity:)`).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

    /// A shade of grey, as `Color(white: 0.9)`.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
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

    /// The colour's name when it has one (`red`), else its `hex`; plain-text output relies on it.
    public var description: String { name ?? hex }

    /// A named system colour, `number` its place in `systemNames` plus
    /// one (so that its `name` is read without looking anything up).
    private init(system number: UInt8, _ rgb: (Int, Int, Int), opacity: Double = 1) {
        self.init(red: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255, opacity: opacity)
        nameNumber = number
    }

    // The named colours are computed, not stored, as the built-in
    // alignments are (`Alignment.swift`): a form reads one for every text,
    // field and minimap rectangle it builds.

    /// iOS's system red (255, 59, 48).
    public static var red: Color { Color(system: 1, SwiftUIConstants.SystemColor.red) }
    /// iOS's system orange (255, 149, 0).
    public static var orange: Color { Color(system: 2, SwiftUIConstants.SystemColor.orange) }
    /// iOS's system yellow (255, 204, 0).
    public static var yellow: Color { Color(system: 3, SwiftUIConstants.SystemColor.yellow) }
    /// iOS's system green (52, 199, 89).
    public static var green: Color { Color(system: 4, SwiftUIConstants.SystemColor.green) }
    /// iOS's system mint (0, 199, 190).
    public static var mint: Color { Color(system: 5, SwiftUIConstants.SystemColor.mint) }
    /// iOS's system teal (48, 176, 199).
    public static var teal: Color { Color(system: 6, SwiftUIConstants.SystemColor.teal) }
    /// iOS's system cyan (50, 173, 230).
    public static var cyan: Color { Color(system: 7, SwiftUIConstants.SystemColor.cyan) }
    /// iOS's system blue (0, 122, 255).
    public static var blue: Color { Color(system: 8, SwiftUIConstants.SystemColor.blue) }
    /// iOS's system indigo (88, 86, 214).
    public static var indigo: Color { Color(system: 9, SwiftUIConstants.SystemColor.indigo) }
    /// iOS's system purple (175, 82, 222).
    public static var purple: Color { Color(system: 10, SwiftUIConstants.SystemColor.purple) }
    /// iOS's system pink (255, 45, 85).
    public static var pink: Color { Color(system: 11, SwiftUIConstants.SystemColor.pink) }
    /// iOS's system brown (162, 132, 94).
    public static var brown: Color { Color(system: 12, SwiftUIConstants.SystemColor.brown) }
    /// iOS's system gray (142, 142, 147).
    public static var gray: Color { Color(system: 13, SwiftUIConstants.SystemColor.gray) }
    /// Pure black (0, 0, 0).
    public static var black: Color { Color(system: 14, (0, 0, 0)) }
    /// Pure white (255, 255, 255).
    public static var white: Color { Color(system: 15, (255, 255, 255)) }
    /// Fully transparent (opacity 0): takes its space but draws nothing visible.
    public static var clear: Color { Color(system: 16, (0, 0, 0), opacity: 0) }
    /// The default foreground of text and shapes (light mode).
    public static var primary: Color { Color(system: 17, (0, 0, 0)) }
    /// Secondary text (light mode: 60 % grey-blue).
    public static var secondary: Color { Color(system: 18, (60, 60, 67), opacity: 0.6) }
}
