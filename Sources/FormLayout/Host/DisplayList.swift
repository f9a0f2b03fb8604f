/// What a laid-out view tree draws: every visible shape with its absolute
/// frame (window coordinates, origin top-left, y down), its fill and its
/// place in the drawing order. Renderers consume only this.
public struct DisplayList: Hashable, Sendable {
    /// The window the tree was laid out in.
    public var size: CGSize
    /// The drawn items, back to front (`items[i].z == i`).
    public var items: [DisplayItem]

    /// A list as given; renderers expect `items` back to front with `items[i].z == i`.
    public init(size: CGSize, items: [DisplayItem]) {
        self.size = size
        self.items = items
    }
}

/// One drawn shape or run of text.
public struct DisplayItem: Hashable, Sendable {
    /// What is drawn inside `frame`.
    public enum Shape: Hashable, Sendable {
        /// A filled rectangle (`Rectangle`, `Color`, a `Divider`).
        case rectangle
        /// A rectangle with rounded corners.
        case roundedRectangle(cornerRadius: CGFloat)
        /// A circle inscribed in (and centred on) the frame.
        case circle
        /// A capsule (the corner radius is half the shorter side).
        case capsule
        /// Text, already broken into lines, each `font.lineHeight` tall.
        case text(lines: [String], font: Font)
        /// An image, named; headless, so renderers draw a placeholder
        /// filling the frame.
        case image(name: String)
    }

    /// Position in the drawing order, 0 for the back-most item.
    public var z: Int
    /// The shape's frame in window coordinates.
    public var frame: CGRect
    /// What is drawn in `frame`: a shape or lines of text.
    public var shape: Shape
    /// Fill colour (text colour for text).
    public var fill: Color
    /// Outline colour, if the shape is stroked (a text field's border).
    public var stroke: Color? {
        get { strokeBox?.value }
        set { strokeBox = newValue.map(ColorBox.init) }
    }
    /// The `accessibilityIdentifier` of the nearest view that set one.
    public var identifier: String?
    /// How the shape is moved when drawn (`rotationEffect`), in window
    /// coordinates; nil when it is drawn where `frame` says.
    public var transform: AffineTransform2D? {
        get { transformBox?.value }
        set { transformBox = newValue.map(TransformBox.init) }
    }

    /// Almost no item is rotated: the transform is kept out of line, so
    /// that it costs the others one pointer instead of 49 bytes each (the
    /// display list is most of the memory a layout touches).
    private var transformBox: TransformBox?

    private final class TransformBox: Hashable, Sendable {
        let value: AffineTransform2D
        init(_ value: AffineTransform2D) { self.value = value }
        static func == (a: TransformBox, b: TransformBox) -> Bool { a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// Only text fields and a few controls are stroked: the stroke is kept
    /// out of line for the same reason as the transform (49 bytes inline,
    /// one pointer here), and the controls that stroke share one box per
    /// colour among all their items.
    private var strokeBox: ColorBox?

    /// An immutable colour shared by reference (see `strokeBox`).
    final class ColorBox: Hashable, Sendable {
        let value: Color
        init(_ value: Color) { self.value = value }
        static func == (a: ColorBox, b: ColorBox) -> Bool { a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// An item as given; `z` should equal its index in the `DisplayList`.
    public init(z: Int, frame: CGRect, shape: Shape, fill: Color, stroke: Color? = nil, identifier: String? = nil,
                transform: AffineTransform2D? = nil) {
        self.transformBox = transform.map(TransformBox.init)
        self.strokeBox = stroke.map(ColorBox.init)
        self.z = z
        self.frame = frame
        self.shape = shape
        self.fill = fill
        self.identifier = identifier
    }

    /// An item whose stroke is already boxed, so that the builder can
    /// share one box among many items.
    init(z: Int, frame: CGRect, shape: Shape, fill: Color, strokeBox: ColorBox?, identifier: String?, transform: AffineTransform2D?) {
        self.transformBox = transform.map(TransformBox.init)
        self.strokeBox = strokeBox
        self.z = z
        self.frame = frame
        self.shape = shape
        self.fill = fill
        self.identifier = identifier
    }
}
