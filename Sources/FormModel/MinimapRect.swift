/// One rectangle of the minimap, in minimap points: the minimap area's
/// top-left corner is the origin, so the form container sits at (5, 5) and
/// is `minimapWidth - 10` wide (seed 002's `factor` and `padding(5)`).
public struct MinimapRect: Hashable, Codable, Sendable {
    /// What the rectangle stands for.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case title, field, fieldContainer
        /// A group's or an instance's box (`key` is its path), drawn gray
        /// under its fields.
        case group
    }

    /// Drawing order, 0 for the back-most rectangle.
    public var z: Int
    /// The field's key for `field`/`fieldContainer`, the path for a
    /// group, `title` for the title.
    public var key: String
    /// What the rectangle stands for; `title` has no field behind it.
    public var kind: Kind
    /// By validation state for fields, purple for the title, gray for field containers.
    public var color: FieldColor
    /// Left edge, from the minimap area's left edge.
    public var x: Double
    /// Top edge, from the minimap area's top edge.
    public var y: Double
    /// Width: the view's width divided by the minimap's scale factor.
    public var width: Double
    /// Height: the view's height divided by the minimap's scale factor.
    public var height: Double

    /// A rectangle as given; `FormPicture` computes them from a laid-out `FormScreen`.
    public init(z: Int, key: String, kind: Kind, color: FieldColor, x: Double, y: Double, width: Double, height: Double) {
        self.z = z
        self.key = key
        self.kind = kind
        self.color = color
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
