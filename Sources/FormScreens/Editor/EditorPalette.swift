import FormLayout
import FormModel

/// The terminal editor's colours besides the state colours (which are
/// `FieldColor`'s, the minimap's): greys that read on a dark or a light
/// terminal, since the container behind the text is always painted.
public enum EditorPalette {
    /// A field's container (the seed's grey container, darkened for a terminal).
    public static let container = Color(white: 0.16)
    /// The focused field's container.
    public static let focusedContainer = Color(white: 0.28)
    /// A label.
    public static let label = Color(white: 0.7)
    /// The focused field's label.
    public static let focusedLabel = Color.white
    /// A value's text.
    public static let value = Color.white
    /// The title (seed 002's purple).
    public static let title = FieldColor.purple.color
    /// A group's, repeat's or instance's title above its rows.
    public static let heading = Color(white: 0.85)
    /// The key line.
    public static let keys = Color(white: 0.55)
}
