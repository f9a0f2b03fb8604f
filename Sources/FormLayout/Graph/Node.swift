import Foundation

/// Index of a node in the graph; -1 for "none".
@usableFromInline typealias NodeID = Int32

/// The axis of the stack a view sits in, which decides the direction of
/// `Spacer`s and `Divider`s.
@usableFromInline enum AxisContext: UInt8 { case none, horizontal, vertical }

/// One node of the flat tree: 20 bytes. The node array is the largest a
/// layout reads in every pass (sizing, placing, preferences, drawing), so
/// its flags share one byte rather than taking one each.
struct Node {
    var kind: NodeKind
    var axis: AxisContext
    /// The node's width when it is offered an infinite width, where that
    /// is known from its kind and its children without asking it
    /// (`_ViewGraph.widthOfferedInfinity`): a stack's widest probe of a
    /// form's field then skips sizing the field's whole subtree.
    var widthOfferedInfinity = KnownWidth.unknown
    private var flags: Flags = [.dependsOnWidth, .dependsOnHeight]
    var parent: NodeID = -1
    var payload: Int32
    var childStart: Int32
    var childCount: Int32

    init(kind: NodeKind, axis: AxisContext, payload: Int32, childStart: Int32, childCount: Int32) {
        self.kind = kind
        self.axis = axis
        self.payload = payload
        self.childStart = childStart
        self.childCount = childCount
    }

    /// The node's yes-or-no facts, a bit each.
    private struct Flags: OptionSet {
        let rawValue: UInt8
        static let subtreeWrites = Flags(rawValue: 1 << 0)
        static let isFixedHorizontally = Flags(rawValue: 1 << 1)
        static let isFixedVertically = Flags(rawValue: 1 << 2)
        static let dependsOnWidth = Flags(rawValue: 1 << 3)
        static let dependsOnHeight = Flags(rawValue: 1 << 4)
        static let hasTraits = Flags(rawValue: 1 << 5)
    }

    @inline(__always)
    private mutating func set(_ flag: Flags, _ value: Bool) {
        if value { flags.insert(flag) } else { flags.remove(flag) }
    }

    /// True when this node or a descendant writes a preference.
    var subtreeWrites: Bool {
        get { flags.contains(.subtreeWrites) }
        set { set(.subtreeWrites, newValue) }
    }
    var isFixedHorizontally: Bool {
        get { flags.contains(.isFixedHorizontally) }
        set { set(.isFixedHorizontally, newValue) }
    }
    var isFixedVertically: Bool {
        get { flags.contains(.isFixedVertically) }
        set { set(.isFixedVertically, newValue) }
    }
    /// Whether the node's size can change with the width (height) it is
    /// offered. Text ignores the height it is offered, a fixed frame the
    /// axis it fixes: sizing such a node with that axis normalised lets the
    /// size cache answer the stacks' repeated probes.
    var dependsOnWidth: Bool {
        get { flags.contains(.dependsOnWidth) }
        set { set(.dependsOnWidth, newValue) }
    }
    var dependsOnHeight: Bool {
        get { flags.contains(.dependsOnHeight) }
        set { set(.dependsOnHeight, newValue) }
    }
    /// Whether the node carries a trait (a `layoutPriority`, a `zIndex`, a
    /// grid cell's), kept in `_ViewGraph`'s side dictionaries (`priorities`,
    /// `zIndices`, `gridCellSpans`…): almost no view sets one, and a Double
    /// in every node made each 32 bytes instead of 24 (the node array is
    /// the largest a layout writes after the display list). One flag for
    /// all, so that a modifier around a view without traits (nearly every
    /// one) tests one bit of a node it has loaded anyway.
    var hasTraits: Bool {
        get { flags.contains(.hasTraits) }
        set { set(.hasTraits, newValue) }
    }
}

/// A node's width for an infinite offer of width, when known without
/// asking it (`Node.widthOfferedInfinity`).
enum KnownWidth: UInt8 {
    /// Not known: the node is asked.
    case unknown
    /// Infinite (a text field takes all the width it is offered).
    case infinity
    /// Not a number: what a stack lining its children up by their leading
    /// or trailing edges answers around a child of infinite width
    /// (`−0 × ∞` in `_ViewGraph.extent(widest:fraction:)`).
    case notANumber

    /// The width, or nil when not known.
    var width: CGFloat? {
        switch self {
        case .unknown: nil
        case .infinity: .infinity
        case .notANumber: .nan
        }
    }
}

extension Node {
    /// What the node's size depends on.
    var sizeDependence: SizeDependence { SizeDependence(width: dependsOnWidth, height: dependsOnHeight) }

    mutating func setSizeDependence(_ dependence: SizeDependence) {
        dependsOnWidth = dependence.width
        dependsOnHeight = dependence.height
    }
}

/// What a node is. Everything the engine knows about a kind lives in the
/// type ``NodeKind/visit(_:)`` maps it to (in the kind's folder, beside
/// the view or modifier that builds it).
@usableFromInline enum NodeKind: UInt8 {
    // Leaves.
    case shape, text, textField, textEditor, slider, toggleSwitch, divider, spacer, image
    // Containers.
    case hStack, vStack, zStack, customLayout, viewThatFits, grid, gridRow
    // Unary layout modifiers (child first).
    case fixedFrame, flexFrame, padding, offset, position, fixedSize, alignmentGuide, aspectRatio
    // Drawing-only modifiers.
    case rotation
    // Modifiers that keep their child's frame.
    case hidden, coordinateSpace, identifier, preferenceWriter, preferenceObserver, layoutDirection
    // Two children: [host, secondary].
    case overlay, background
    // Built during placement.
    case geometryReader, preferenceOverlay, preferenceBackground
}

extension NodeKind {
    /// Whether the node builds its second child from its host's preference
    /// values (`overlayPreferenceValue`, `backgroundPreferenceValue`): the
    /// only nodes whose host's value is kept (`preferenceMemo`).
    var buildsFromPreferences: Bool { self == .preferenceOverlay || self == .preferenceBackground }
}
