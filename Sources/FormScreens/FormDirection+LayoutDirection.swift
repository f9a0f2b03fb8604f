import FormLayout
import FormModel

extension FormDirection {
    /// The engine's layout direction for a form read in this direction: the
    /// screens set it around the whole form, so a right-to-left form is
    /// the left-to-right one mirrored across the window, minimap included.
    public var layoutDirection: LayoutDirection {
        switch self {
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
    }
}
