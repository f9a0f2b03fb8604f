import Foundation

/// Everything the engine knows about one kind of node: how it sizes itself,
/// places its children, answers alignment guides, draws, and takes part in
/// preferences.
///
/// Each ``NodeKind`` has exactly one type conforming to this protocol, in
/// its own file in the kind's folder (`Stack/StackNode.swift`), and
/// ``NodeKind/visit(_:)`` maps the kind to it in one exhaustive `switch`.
/// Every phase of the engine asks the rules through that switch, so adding
/// a kind is one new file plus one `case` the compiler asks for; a
/// requirement left out does not compile.
///
/// The requirements are static: nodes are rows of the flat arena, not
/// objects, and the rules read their payloads from the graph.
protocol NodeRules {
    /// Whether a node's size can change with the width (height) it is
    /// offered, given what its content's size depends on (both for a leaf;
    /// a modifier's child; any of a container's children). Decided once,
    /// when the node is built, so sizing can normalise the axes it ignores.
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence

    /// Whether the node's size is more than its child's or a formula of the
    /// proposal: the nodes worth a size-cache entry.
    static var computesOwnSize: Bool { get }

    /// Whether the node sizes itself in a few arithmetic steps, whatever it
    /// is offered (a shape, a control): a modifier around it answers faster
    /// without a size-cache entry than with one (see `SizeCache.grow`).
    static var sizesInConstantTime: Bool { get }

    /// Whether the node's size is always its first child's for the same
    /// proposal (a preference writer, a background, an offset): sizing
    /// then asks the child directly (`_ViewGraph.size(of:_:)`).
    static var sizesAsItsChild: Bool { get }

    /// The size the node chooses for `proposal` (already normalised on the
    /// axes it ignores). Called through ``_ViewGraph/size(of:_:)``, which
    /// memoises the answer.
    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize

    /// Places the node's children once the node's own frame (window
    /// coordinates) is `frame`, its parent having sized it for `proposal`;
    /// builds views made from geometry or preferences.
    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph)

    /// The guide `key` the node sets itself (or shows through from its
    /// content) when its size is `size`, or nil to use the guide's default.
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat?

    /// Appends what the node draws, and what its children draw, to `list`
    /// in drawing order.
    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder)

    /// How the node's preference values come from its own and its
    /// children's.
    static var preferenceRole: PreferenceRole { get }

    /// What `LayoutTree` shows beside the node's kind (a text's string, an
    /// identifier), or nil.
    static func label(_ node: Node, in graph: _ViewGraph) -> String?
}

/// Whether a node's size can change with the width and the height offered.
struct SizeDependence: Equatable {
    var width: Bool
    var height: Bool

    /// Depends on both axes: the assumption for a view with no content.
    static let both = SizeDependence(width: true, height: true)
    /// Depends on neither: a fixed-size view.
    static let neither = SizeDependence(width: false, height: false)
}

/// How a node takes part in collecting preference values.
enum PreferenceRole {
    /// Its children's values merged in code order (none for a leaf).
    case mergesChildren
    /// Writes a value of one key over (or into) its child's.
    case writes
    /// Like `mergesChildren`, and its action is called with the value once
    /// layout is done (`onPreferenceChange`).
    case observes
    /// Two children, host and secondary: the secondary's values come first
    /// (a background is behind its host).
    case secondaryFirst
    /// Two children, host and secondary: the host's values come first (an
    /// overlay is in front of its host).
    case hostFirst
}

/// A question asked of a kind's ``NodeRules``; ``NodeKind/visit(_:)``
/// answers it with the kind's rules type. Generic rather than existential,
/// so that each phase's visit specialises into a plain `switch` with
/// direct calls (layout's inner loops go through here).
protocol NodeRulesVisitor {
    associatedtype Answer
    func visit<Rules: NodeRules>(_ rules: Rules.Type) -> Answer
}

extension NodeKind {
    /// Asks `visitor` its question of this kind's rules: the one map from a
    /// kind to the type that holds everything about it.
    @inline(__always)
    func visit<Visitor: NodeRulesVisitor>(_ visitor: Visitor) -> Visitor.Answer {
        switch self {
        case .shape: visitor.visit(ShapeNode.self)
        case .text: visitor.visit(TextNode.self)
        case .textField: visitor.visit(TextFieldNode.self)
        case .textEditor: visitor.visit(TextEditorNode.self)
        case .slider: visitor.visit(SliderNode.self)
        case .toggleSwitch: visitor.visit(ToggleSwitchNode.self)
        case .divider: visitor.visit(DividerNode.self)
        case .spacer: visitor.visit(SpacerNode.self)
        case .image: visitor.visit(ImageNode.self)
        case .hStack, .vStack: visitor.visit(StackNode.self)
        case .zStack: visitor.visit(ZStackNode.self)
        case .customLayout: visitor.visit(CustomLayoutNode.self)
        case .viewThatFits: visitor.visit(ViewThatFitsNode.self)
        case .grid: visitor.visit(GridNode.self)
        case .gridRow: visitor.visit(GridRowNode.self)
        case .fixedFrame: visitor.visit(FixedFrameNode.self)
        case .flexFrame: visitor.visit(FlexFrameNode.self)
        case .padding: visitor.visit(PaddingNode.self)
        case .offset: visitor.visit(OffsetNode.self)
        case .position: visitor.visit(PositionNode.self)
        case .fixedSize: visitor.visit(FixedSizeNode.self)
        case .alignmentGuide: visitor.visit(AlignmentGuideNode.self)
        case .aspectRatio: visitor.visit(AspectRatioNode.self)
        case .rotation: visitor.visit(RotationNode.self)
        case .hidden: visitor.visit(HiddenNode.self)
        case .layoutDirection: visitor.visit(LayoutDirectionNode.self)
        case .coordinateSpace: visitor.visit(CoordinateSpaceNode.self)
        case .identifier: visitor.visit(IdentifierNode.self)
        case .preferenceWriter: visitor.visit(PreferenceWriterNode.self)
        case .preferenceObserver: visitor.visit(PreferenceObserverNode.self)
        case .overlay: visitor.visit(OverlayNode.self)
        case .background: visitor.visit(BackgroundNode.self)
        case .geometryReader: visitor.visit(GeometryReaderNode.self)
        case .preferenceOverlay: visitor.visit(PreferenceOverlayNode.self)
        case .preferenceBackground: visitor.visit(PreferenceBackgroundNode.self)
        }
    }

    /// See ``NodeRules/computesOwnSize``. These constant questions are
    /// inlined, so that each becomes a lookup by kind where it is asked (for
    /// every node built, and every node whose preferences are collected).
    @inline(__always)
    var computesOwnSize: Bool {
        struct Ask: NodeRulesVisitor {
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> Bool { Rules.computesOwnSize }
        }
        return visit(Ask())
    }

    /// See ``NodeRules/sizesInConstantTime``.
    @inline(__always)
    var sizesInConstantTime: Bool {
        struct Ask: NodeRulesVisitor {
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> Bool { Rules.sizesInConstantTime }
        }
        return visit(Ask())
    }

    /// See ``NodeRules/sizesAsItsChild``.
    @inline(__always)
    var sizesAsItsChild: Bool {
        struct Ask: NodeRulesVisitor {
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> Bool { Rules.sizesAsItsChild }
        }
        return visit(Ask())
    }

    /// See ``NodeRules/preferenceRole``.
    @inline(__always)
    var preferenceRole: PreferenceRole {
        struct Ask: NodeRulesVisitor {
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> PreferenceRole { Rules.preferenceRole }
        }
        return visit(Ask())
    }
}

extension _ViewGraph {
    /// See ``NodeRules/label(_:in:)``.
    func label(of node: Node) -> String? {
        struct Ask: NodeRulesVisitor {
            let graph: _ViewGraph, node: Node
            func visit<Rules: NodeRules>(_ rules: Rules.Type) -> String? { Rules.label(node, in: graph) }
        }
        return node.kind.visit(Ask(graph: self, node: node))
    }
}

extension NodeRules {
    /// Most kinds do not: only the simplest leaves say so.
    static var sizesInConstantTime: Bool { false }
    /// Only transparent modifiers that keep `TransparentNodeRules`' `size`.
    static var sizesAsItsChild: Bool { false }
}

/// Rules for a modifier that, unless it says otherwise, is its child:
/// the same size, the same frame, the child's guides, drawing and
/// preferences. A kind opts in by conforming; it still has one home and
/// one `case` in ``NodeKind/visit(_:)``.
protocol TransparentNodeRules: NodeRules {}

extension TransparentNodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { content }
    static var computesOwnSize: Bool { false }
    /// True, as `size` below says; a kind that sizes itself otherwise says
    /// false (checked by `size(of:_:)` in debug builds).
    static var sizesAsItsChild: Bool { true }
    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.size(of: graph.firstChild(of: id), proposal)
    }
    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        graph.place(graph.firstChild(of: id), in: frame, proposal: proposal)
    }
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? {
        graph.explicitGuide(graph.firstChild(of: id), key, size)
    }
    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        list.drawChildren(of: id)
    }
    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}

/// Rules for a view with no children: it draws nothing unless it says so,
/// sets no guides and writes no preferences.
protocol LeafNodeRules: NodeRules {}

extension LeafNodeRules {
    static var computesOwnSize: Bool { false }
    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {}
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? { nil }
    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}
