import Foundation

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
    public var fill: Color {
        get { fillBox.value }
        set { fillBox = ColorBox.make(newValue) }
    }
    /// Outline colour, if the shape is stroked (a text field's border).
    public var stroke: Color? {
        get { extras?.stroke }
        set { setExtras(stroke: newValue, transform: transform) }
    }
    /// The `accessibilityIdentifier` of the nearest view that set one.
    public var identifier: String?
    /// How the shape is moved when drawn (`rotationEffect`), in window
    /// coordinates; nil when it is drawn where `frame` says.
    public var transform: AffineTransform2D? {
        get { extras?.transform }
        set { setExtras(stroke: stroke, transform: newValue) }
    }

    // The display list is most of the memory a layout writes, and every
    // page of it is a page fault in a fresh process: the colour (48 bytes)
    // is kept out of line in a box that the items drawn in that colour
    // share, and what only a few items have (a stroke, a rotation: 57
    // bytes) in one optional box. 96 bytes an item instead of 184. The
    // boxes are immutable; a setter makes a new one. Internal rather than
    // private, so that the memberwise initialiser exists (the public ones
    // are in an extension): the builder appends items made with it, which
    // the optimiser builds in place, where an item from a written-out
    // initialiser was copied once more and the original destroyed.
    var fillBox: ColorBox
    var extras: Extras?

    /// An immutable colour shared by reference among items.
    final class ColorBox: Hashable, Sendable {
        let value: Color
        init(_ value: Color) { self.value = value }

        /// A box for `color`: the shared one when it is a named system
        /// colour as SwiftUI defines it (what most items are drawn in), a
        /// new one otherwise.
        static func make(_ color: Color) -> ColorBox {
            if color.name != nil {
                for box in named where box.value == color { return box }
            }
            return ColorBox(color)
        }

        private static let named: [ColorBox] = [
            Color.red, .orange, .yellow, .green, .mint, .teal, .cyan, .blue, .indigo, .purple, .pink, .brown, .gray,
            .black, .white, .clear, .primary, .secondary,
        ].map(ColorBox.init)
        static func == (a: ColorBox, b: ColorBox) -> Bool { a === b || a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// What few items have, shared by reference among items.
    final class Extras: Hashable, Sendable {
        let stroke: Color?
        let transform: AffineTransform2D?
        init(stroke: Color?, transform: AffineTransform2D?) {
            self.stroke = stroke
            self.transform = transform
        }
        static func == (a: Extras, b: Extras) -> Bool {
            a === b || (a.stroke == b.stroke && a.transform == b.transform)
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(stroke)
            hasher.combine(transform)
        }
    }

    /// Never an `Extras` of two nils, so that equal items compare equal.
    private mutating func setExtras(stroke: Color?, transform: AffineTransform2D?) {
        extras = stroke == nil && transform == nil ? nil : Extras(stroke: stroke, transform: transform)
    }
}

extension DisplayItem {
    /// A colour boxed once for many items (`init(z:frame:shape:fill:identifier:)`).
    package struct SharedFill {
        let box: ColorBox
        package init(_ color: Color) { box = ColorBox.make(color) }
    }

    /// A plain item (no stroke, no rotation) filled with `fill`, sharing its
    /// box: for lists of many items in a few colours (a minimap), where
    /// boxing the colour is most of the work.
    package init(z: Int, frame: CGRect, shape: Shape, fill: SharedFill, identifier: String?) {
        self.init(z: z, frame: frame, shape: shape, identifier: identifier, fillBox: fill.box, extras: nil)
    }

    /// An item as given; `z` should equal its index in the `DisplayList`.
    public init(z: Int, frame: CGRect, shape: Shape, fill: Color, stroke: Color? = nil, identifier: String? = nil,
                transform: AffineTransform2D? = nil) {
        self.init(z: z, frame: frame, shape: shape, identifier: identifier, fillBox: ColorBox.make(fill),
                  extras: stroke == nil && transform == nil ? nil : Extras(stroke: stroke, transform: transform))
    }
}
