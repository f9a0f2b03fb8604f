import FormLayout
import FormModel

extension FieldColor {
    /// The engine colour to draw with. The domain names colours; only the
    /// screens know what the engine draws them with.
    public var color: Color {
        switch self {
        case .red: .red
        case .yellow: .yellow
        case .green: .green
        case .orange: .orange
        case .purple: .purple
        case .gray: .gray
        }
    }
}
