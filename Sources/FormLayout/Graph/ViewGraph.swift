import Foundation

/// The flat, arena-allocated tree the engine lays out: one `Node` per
/// primitive view or modifier, children as index ranges into one shared
/// array, and kind-specific data in typed side arrays. Keeping the tree flat
/// keeps layout free of per-node allocation and existential dispatch.
///
/// Views add themselves through `_makeView`; everything here is internal
/// to the engine apart from the type's name.
///
/// The graph's state is grouped by the phase that writes it: building
/// writes the arena (nodes, children, payloads, build state); sizing writes
/// only ``sizeCache``, ``stackScratch`` and ``stackShares`` (which placing
/// stacks reads back); placement writes only ``frames`` (and builds the
/// views it makes from geometry and preferences into the arena);
/// collecting preferences writes only ``preferenceMemo`` and
/// ``retainedValues``.
///
/// The engine is single-threaded and touches its arrays in a strict stack
/// discipline, so the stored properties opt out of dynamic exclusivity
/// checks (`@exclusivity(unchecked)`), which cost about a third of layout
/// time under callgrind; this keeps the library free of unsafe build flags.
public final class _ViewGraph {
    // The arena, written while building.
    @exclusivity(unchecked) var nodes = UniqueArray<Node>()
    @exclusivity(unchecked) var childIDs = UniqueArray<NodeID>()
    /// Views being built push their top-level node ids here; containers
    /// take theirs off again.
    @exclusivity(unchecked) var output = UniqueArray<NodeID>()

    // Kind-specific payloads, indexed by `Node.payload`.
    @exclusivity(unchecked) var texts: [TextPayload] = []
    /// Unique, not an array: the room a minimap's `ForEach` makes for its
    /// rectangles moves the form's shapes to larger memory, which an
    /// array does by copying each (its colour box retained) and freeing
    /// the old (each released again).
    @exclusivity(unchecked) var shapes = UniqueArray<ShapePayload>()
    @exclusivity(unchecked) var controls: [ControlPayload] = []
    @exclusivity(unchecked) var stacks: [StackPayload] = []
    @exclusivity(unchecked) var fixedFrames: [FixedFramePayload] = []
    @exclusivity(unchecked) var flexFrames: [FlexFramePayload] = []
    @exclusivity(unchecked) var insets: [EdgeInsets] = []
    @exclusivity(unchecked) var points: [CGPoint] = []
    @exclusivity(unchecked) var alignments: [Alignment] = []
    @exclusivity(unchecked) var guides: [AlignmentGuidePayload] = []
    @exclusivity(unchecked) var writers: [PreferenceWriterSlot] = []
    /// The writers (indices in `writers`) built under right-to-left, whose
    /// anchors count x from their right edge; empty in most trees.
    @exclusivity(unchecked) var rightToLeftWriters: Set<Int32> = []
    /// The preference writes, one table per key written (`writers` says
    /// where each writer node's write is).
    @exclusivity(unchecked) var writeTables: [AnyPreferenceWriteTable] = []
    @exclusivity(unchecked) var readers: [(GeometryProxy) -> AnyView] = []
    /// The layout direction around each of `readers`, by index: its
    /// content, built while it is placed, is built in that direction.
    @exclusivity(unchecked) var readerDirections: [LayoutDirection] = []
    @exclusivity(unchecked) var preferenceViews: [AnyPreferenceView] = []
    /// The layout direction around each of `preferenceViews`, by index.
    @exclusivity(unchecked) var preferenceViewDirections: [LayoutDirection] = []
    @exclusivity(unchecked) var spaceNames: [AnyHashable] = []
    @exclusivity(unchecked) var identifiers: [String] = []
    @exclusivity(unchecked) var changeObservers: [AnyPreferenceObserver] = []
    @exclusivity(unchecked) var images: [ImagePayload] = []
    @exclusivity(unchecked) var aspectRatios: [AspectRatioPayload] = []
    @exclusivity(unchecked) var rotations: [RotationPayload] = []
    @exclusivity(unchecked) var layouts: [AnyLayoutBox] = []
    @usableFromInline @exclusivity(unchecked) var grids: [GridPayload] = []
    /// The number of grid columns the cells that set one span
    /// (`gridCellColumns`), carried up through the modifiers around them.
    @exclusivity(unchecked) var gridCellSpans: [NodeID: Int] = [:]
    /// The horizontal alignment cells set for their grid column
    /// (`gridColumnAlignment`), carried up like `gridCellSpans`.
    @exclusivity(unchecked) var gridColumnAlignments: [NodeID: HorizontalAlignment] = [:]
    /// The axes along which cells ask their grid not to size them by
    /// them (`gridCellUnsizedAxes`), carried up like `gridCellSpans`.
    @exclusivity(unchecked) var gridCellUnsizedAxes: [NodeID: Axis.Set] = [:]
    /// The anchors cells are aligned by in their grid cell
    /// (`gridCellAnchor`), carried up like `gridCellSpans`.
    @exclusivity(unchecked) var gridCellAnchors: [NodeID: UnitPoint] = [:]
    /// The `zIndex` of the nodes that set one (a trait, carried up through
    /// the modifiers around them); empty in most trees.
    @exclusivity(unchecked) var zIndices: [NodeID: Double] = [:]
    /// The `layoutPriority` of the nodes that set one (`Node.hasTraits`),
    /// carried up through the modifiers around them; empty in most trees.
    @exclusivity(unchecked) var priorities: [NodeID: Double] = [:]

    // Identities (`Graph/ViewGraph+Identities.swift`): recorded only for a
    // `RetainedLayout`, which rebuilds identified views in place.
    /// Whether `id(_:)` records the views it names.
    @usableFromInline @exclusivity(unchecked) var recordsIdentities = false
    /// The views named with `id(_:)`.
    @exclusivity(unchecked) var namedViews = NamedViews()
    /// Where the names met while one view is rebuilt in place go, to be
    /// moved onto the nodes they replace once the rebuild is kept.
    @exclusivity(unchecked) var rebuiltIdentities: [IdentityKey: IdentityRecord]? = nil
    /// `overlayPreferenceValue` and `backgroundPreferenceValue` nodes whose
    /// host's value changed in place since their view was built.
    @exclusivity(unchecked) var staleSecondaries: Set<NodeID> = []

    // Build state.
    /// Builders of the views that `ViewModifier`s being applied stand
    /// around, innermost last.
    @exclusivity(unchecked) var modifiedContents: [(_ViewGraph) -> Void] = []
    @exclusivity(unchecked) var axisContext: AxisContext = .none
    /// True while a `Grid`'s own content is built (not a container's inside
    /// it): a `GridRow` there is a row, elsewhere a group.
    @usableFromInline @exclusivity(unchecked) var isBuildingGridContent = false
    @exclusivity(unchecked) var environment = EnvironmentValues()
    /// True once any view sets an explicit alignment guide; until then the
    /// stacks skip looking for them.
    @exclusivity(unchecked) var hasExplicitGuides = false
    /// Boxes the colours of shapes and texts as they are built, shared
    /// among all drawn in the same colour.
    @exclusivity(unchecked) var colorBoxes = ColorBoxCache()
    let textMeasurer: any TextMeasurer

    // Sizing's state (`Layout/Sizing.swift`).
    @exclusivity(unchecked) var sizeCache = SizeCache()
    /// Stack-disciplined scratch space for stacks sharing out space, so
    /// that layout allocates nothing per node.
    @exclusivity(unchecked) var stackScratch = StackScratch()
    /// Each stack's last share-out, which placement reuses.
    @exclusivity(unchecked) var stackShares = StackShares()
    /// Set while a debug build checks that a modifier sizes as its child
    /// (`Layout/Sizing.swift`).
    @exclusivity(unchecked) var isCheckingPassThrough = false

    // Placement's state (`Layout/Placement.swift`): each node's frame in
    // window coordinates.
    @exclusivity(unchecked) var frames = UniqueArray<CGRect>()
    /// The subviews custom layouts placed in the placement under way, so
    /// that the ones a layout leaves out are placed too.
    @exclusivity(unchecked) var placedSubviews: [NodeID] = []
    /// How many direction changes are being placed: their content's frames
    /// are mirrored once each is placed (`LayoutDirectionNode`).
    @exclusivity(unchecked) var mirrorsInProgress = 0
    /// Whether `place` records each node's proposal in `placedProposals`:
    /// only for a `RetainedLayout`, which places parts of the tree again.
    @exclusivity(unchecked) var recordsPlacement = false
    /// The proposal each node was last placed with (`recordsPlacement`).
    @exclusivity(unchecked) var placedProposals: [PlacedProposal] = []
    /// The nodes an incremental change sized again, until they are placed
    /// again (`ViewGraph+Resize.swift`), in `isOnResizedPath` too: by node,
    /// so that placing again tests a node with one load, not a hash.
    @exclusivity(unchecked) var resizedPath: [NodeID] = []
    @exclusivity(unchecked) var isOnResizedPath: [Bool] = []
    /// The children's answers of long stacks an incremental change sized
    /// again, by stack (the stack node's payload); those the change under
    /// way sizes again; and whether stacks share out from them, which only
    /// an incremental change does (`Stack/ClimbedStack.swift`).
    @exclusivity(unchecked) var climbedStacks: [Int: ClimbedStack] = [:]
    @exclusivity(unchecked) var openClimbedStacks: [ClimbedStack] = []
    @exclusivity(unchecked) var usesClimbedStacks = false
    /// The stack whose last share-out a change keeps (still exact, and
    /// the one placing reads) while the change shares out for other
    /// proposals (`ViewGraph+Resize.swift`).
    @exclusivity(unchecked) var keptShareOut: Int? = nil
    /// How many times a stack was sized from the answers kept (for tests).
    @exclusivity(unchecked) var keptAnswerReuses = 0
    /// How many times placing again left a long stack's unchanged children
    /// where they were (for tests, `placeOnlyChangedChild`).
    @exclusivity(unchecked) var keptPlacementReuses = 0
    /// Set while an incremental layout places a part of the tree again
    /// (`Layout/PlacingAgain.swift`).
    @exclusivity(unchecked) var placingAgain: PlacingAgain? = nil

    // Collecting preferences' state (`Preferences/PreferenceEvaluator.swift`).
    /// Preference values already computed for the host of an
    /// `overlayPreferenceValue`, reused when the root's value is collected.
    @exclusivity(unchecked) var preferenceMemo: [NodeID: AnyObject] = [:]
    /// Large preference values merged into others, kept until the graph is
    /// freed (`Preferences/MergeReservation.swift` says why).
    @exclusivity(unchecked) var retainedValues: [Any] = []

    init(textMeasurer: any TextMeasurer) {
        self.textMeasurer = textMeasurer
    }

    /// Replaces `node`'s children (used when a deferred child is built during placement).
    func setChildren(of node: NodeID, _ children: [NodeID]) {
        let start = childIDs.count
        var writes = nodes[Int(node)].kind.preferenceRole == .writes
        for child in children {
            childIDs.append(child)
            nodes[Int(child)].parent = node
            writes = writes || nodes[Int(child)].subtreeWrites
        }
        nodes[Int(node)].childStart = Int32(start)
        nodes[Int(node)].childCount = Int32(children.count)
        if writes && !nodes[Int(node)].subtreeWrites {
            // Preferences written inside the new content now flow up.
            var current = node
            while current >= 0, !nodes[Int(current)].subtreeWrites {
                nodes[Int(current)].subtreeWrites = true
                current = nodes[Int(current)].parent
            }
        }
    }

    @inline(__always)
    func children(of node: NodeID) -> NodeChildren {
        let n = nodes[Int(node)]
        return NodeChildren(graph: self, range: Int(n.childStart)..<Int(n.childStart + n.childCount))
    }

    /// The node's `layoutPriority` (0 unless set).
    @inline(__always)
    func priority(of node: NodeID) -> Double {
        nodes[Int(node)].hasTraits ? priorities[node] ?? 0 : 0
    }

    @inline(__always)
    func firstChild(of node: NodeID) -> NodeID {
        childIDs[Int(nodes[Int(node)].childStart)]
    }

}

extension Array {
    /// Appends `element` and returns its index: how views and modifiers
    /// store a payload and give its index to their node.
    @inlinable @inline(__always)
    mutating func appendIndex(_ element: Element) -> Int {
        append(element)
        return count - 1
    }
}
