import Foundation

/// Every number the engine takes from SwiftUI or from Apple's platform
/// guidelines lives here, each with where the value comes from, so that a
/// reader can check it and a change happens in one place.
public enum SwiftUIConstants {
    /// Spacing between adjacent children of an `HStack`/`VStack` when none is
    /// given. SwiftUI's platform default between two ordinary views on iOS.
    public static let defaultStackSpacing: CGFloat = 8
    /// Spacing between a `Grid`'s columns and between its rows when none is
    /// given. Apple's `Grid` page says only "a default distance between
    /// cells that's appropriate for the platform"; this is the stacks'
    /// default, the platform's spacing between two ordinary views on iOS.
    public static let defaultGridSpacing: CGFloat = defaultStackSpacing
    /// `padding()` with no length: SwiftUI's default padding on iOS.
    public static let defaultPadding: CGFloat = 16
    /// `Spacer()` with no `minLength`: SwiftUI's default minimum.
    public static let defaultSpacerMinLength: CGFloat = 8
    /// A `Divider` is a 1-point hairline across the stack's axis (iOS at 1×).
    public static let dividerThickness: CGFloat = 1
    /// A shape or colour asked for its ideal size (a nil proposal) answers
    /// 10×10, as SwiftUI's shapes do.
    public static let shapeIdealSize = CGSize(width: 10, height: 10)

    /// `TextField` with `RoundedBorderTextFieldStyle`: the height of a
    /// `UITextField` with `.roundedRect` border at the body text size.
    public static let textFieldHeight: CGFloat = 34
    /// Inner horizontal padding of a rounded-border text field (UIKit's 7 pt
    /// text inset rounded up).
    public static let textFieldTextInset: CGFloat = 7
    /// Corner radius of the rounded-border text field (UIKit's `.roundedRect`).
    public static let textFieldCornerRadius: CGFloat = 5
    /// A `TextField` asked for its ideal width with an empty placeholder.
    public static let textFieldIdealWidth: CGFloat = 100
    /// Inset of a `TextEditor`'s text from its top and bottom edges:
    /// `UITextView`'s default `textContainerInset` (8 points top and bottom).
    public static let textEditorVerticalInset: CGFloat = 8
    /// Inset of a `TextEditor`'s text from its sides: `UITextView`'s
    /// default `lineFragmentPadding` (5 points; its side insets are 0).
    public static let textEditorHorizontalInset: CGFloat = 5
    /// The height a `TextEditor` needs to show `lines` lines of body text:
    /// the lines at the body style's line height plus the vertical insets.
    public static func textEditorHeight(lines: Int) -> CGFloat {
        CGFloat(max(0, lines)) * TextStyleMetrics.of(.body).lineHeight + 2 * textEditorVerticalInset
    }
    /// `Toggle`'s switch: `UISwitch`'s fixed 51×31 size.
    public static let toggleSwitchSize = CGSize(width: 51, height: 31)
    /// `Slider`'s height: `UISlider`'s intrinsic height (28-point thumb plus its shadow).
    public static let sliderHeight: CGFloat = 31
    /// `Slider`'s thumb diameter (`UISlider`).
    public static let sliderThumbDiameter: CGFloat = 28
    /// A `Slider` asked for its ideal width (no width proposed).
    public static let sliderIdealWidth: CGFloat = 100

    /// How the headless engine draws controls, approximating iOS's light
    /// appearance: `UITextField`'s border and placeholder greys, `UISwitch`'s
    /// off track and 2-point knob inset, `UISlider`'s 4-point track, and the
    /// separator grey of `Divider` (`UIColor.separator` over white).
    public enum ControlAppearance {
        /// A text field's rounded border (white 0.8).
        public static let textFieldBorder = Color(white: 0.8)
        /// Placeholder text, shown while a text field is empty (white 0.7).
        public static let placeholderText = Color(white: 0.7)
        /// A switch's track when off (white 0.9); on, it is green.
        public static let switchOffTrack = Color(white: 0.9)
        /// Gap in points between a switch's knob and the edge of its track.
        public static let switchKnobInset: CGFloat = 2
        /// Thickness in points of a slider's track.
        public static let sliderTrackHeight: CGFloat = 4
        /// A slider's track beyond the thumb (white 0.9); the part before it is blue.
        public static let sliderTrack = Color(white: 0.9)
        /// Outline of a slider's white thumb (white 0.8).
        public static let sliderThumbBorder = Color(white: 0.8)
        /// A divider's grey (white 0.78, `UIColor.separator` over white).
        public static let divider = Color(white: 0.78)
        /// What a headless `Image` is drawn as: a light grey placeholder
        /// (`UIColor.systemGray5`), as a missing image shows in a preview.
        public static let imagePlaceholder = Color(red: 229 / 255, green: 229 / 255, blue: 234 / 255)
    }

    /// Point size and line height of each dynamic type style at the default
    /// ("Large") content size: Apple's Human Interface Guidelines,
    /// Typography, "iOS, iPadOS Dynamic Type sizes" table (size / leading).
    public struct TextStyleMetrics: Sendable {
        /// The style's font size in points.
        public let pointSize: CGFloat
        /// Distance between baselines in points (the HIG's leading).
        public let lineHeight: CGFloat

        /// The HIG's size and leading for `style`.
        public static func of(_ style: Font.TextStyle) -> TextStyleMetrics {
            switch style {
            case .largeTitle: TextStyleMetrics(pointSize: 34, lineHeight: 41)
            case .title: TextStyleMetrics(pointSize: 28, lineHeight: 34)
            case .title2: TextStyleMetrics(pointSize: 22, lineHeight: 28)
            case .title3: TextStyleMetrics(pointSize: 20, lineHeight: 25)
            case .headline: TextStyleMetrics(pointSize: 17, lineHeight: 22)
            case .body: TextStyleMetrics(pointSize: 17, lineHeight: 22)
            case .callout: TextStyleMetrics(pointSize: 16, lineHeight: 21)
            case .subheadline: TextStyleMetrics(pointSize: 15, lineHeight: 20)
            case .footnote: TextStyleMetrics(pointSize: 13, lineHeight: 18)
            case .caption: TextStyleMetrics(pointSize: 12, lineHeight: 16)
            case .caption2: TextStyleMetrics(pointSize: 11, lineHeight: 13)
            }
        }
    }

    /// iOS light-mode system colours (`UIColor.systemRed` …), 0–255 sRGB:
    /// Apple's Human Interface Guidelines, Color, "System colors".
    public enum SystemColor {
        /// iOS's system red (255, 59, 48).
        public static let red = (255, 59, 48)
        /// iOS's system orange (255, 149, 0).
        public static let orange = (255, 149, 0)
        /// iOS's system yellow (255, 204, 0).
        public static let yellow = (255, 204, 0)
        /// iOS's system green (52, 199, 89).
        public static let green = (52, 199, 89)
        /// iOS's system mint (0, 199, 190).
        public static let mint = (0, 199, 190)
        /// iOS's system teal (48, 176, 199).
        public static let teal = (48, 176, 199)
        /// iOS's system cyan (50, 173, 230).
        public static let cyan = (50, 173, 230)
        /// iOS's system blue (0, 122, 255).
        public static let blue = (0, 122, 255)
        /// iOS's system indigo (88, 86, 214).
        public static let indigo = (88, 86, 214)
        /// iOS's system purple (175, 82, 222).
        public static let purple = (175, 82, 222)
        /// iOS's system pink (255, 45, 85).
        public static let pink = (255, 45, 85)
        /// iOS's system brown (162, 132, 94).
        public static let brown = (162, 132, 94)
        /// iOS's system gray (142, 142, 147).
        public static let gray = (142, 142, 147)
    }
}
