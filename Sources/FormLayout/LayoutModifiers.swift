struct FixedFramePayload {
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment
}

struct FlexFramePayload {
    let minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    let minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    let alignment: Alignment
}

/// Engine plumbing: public only because `frame(width:height:alignment:)` returns it; not for direct use.
public struct _FrameModifier: _UnaryNodeModifier {
    let payload: FixedFramePayload
    var kind: NodeKind { .fixedFrame }
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.fixedFrames.append(payload)
        return graph.fixedFrames.count - 1
    }
}

/// Engine plumbing: public only because the flexible `frame(minWidth:…)` returns it; not for direct use.
public struct _FlexFrameModifier: _UnaryNodeModifier {
    let payload: FlexFramePayload
    var kind: NodeKind { .flexFrame }
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.flexFrames.append(payload)
        return graph.flexFrames.count - 1
    }
}

/// Engine plumbing: public only because `padding` returns it; not for direct use.
public struct _PaddingModifier: _UnaryNodeModifier {
    let insets: EdgeInsets
    var kind: NodeKind { .padding }
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.insets.append(insets)
        return graph.insets.count - 1
    }
}

/// Engine plumbing: public only because `offset` and `position` return it; not for direct use.
public struct _PointModifier: _UnaryNodeModifier {
    let kind: NodeKind
    let point: CGPoint
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.points.append(point)
        return graph.points.count - 1
    }
}

/// Engine plumbing: public only because `fixedSize` returns it; not for direct use.
public struct _FixedSizeModifier: _GraphModifier {
    let horizontal: Bool
    let vertical: Bool
    public func _makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.wrapEach(content) { child in
            let id = graph.addUnary(.fixedSize, payload: 0, child: child)
            graph.nodes[Int(id)].isFixedHorizontally = horizontal
            graph.nodes[Int(id)].isFixedVertically = vertical
            return id
        }
    }
}

/// Engine plumbing: public only because `layoutPriority` returns it; not for direct use.
public struct _LayoutPriorityModifier: _GraphModifier {
    let priority: Double
    public func _makeView<Content: View>(content: Content, into graph: _ViewGraph) {
        graph.wrapEach(content) { child in
            graph.nodes[Int(child)].priority = priority
            return child
        }
    }
}

/// Engine plumbing: public only because `hidden()` returns it; not for direct use.
public struct _MarkerModifier: _UnaryNodeModifier {
    let kind: NodeKind
    func addPayload(to graph: _ViewGraph) -> Int { 0 }
}

/// Engine plumbing: public only because `coordinateSpace(name:)` returns it; not for direct use.
public struct _CoordinateSpaceModifier: _UnaryNodeModifier {
    let name: AnyHashable
    var kind: NodeKind { .coordinateSpace }
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.spaceNames.append(name)
        return graph.spaceNames.count - 1
    }
}

/// Engine plumbing: public only because `accessibilityIdentifier` returns it; not for direct use.
public struct _IdentifierModifier: _UnaryNodeModifier {
    let identifier: String
    var kind: NodeKind { .identifier }
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.identifiers.append(identifier)
        return graph.identifiers.count - 1
    }
}

struct AlignmentGuidePayload {
    let key: AlignmentKey
    let compute: (ViewDimensions) -> CGFloat
}

/// Engine plumbing: public only because `alignmentGuide` returns it; not for direct use.
public struct _AlignmentGuideModifier: _UnaryNodeModifier {
    let key: AlignmentKey
    let compute: (ViewDimensions) -> CGFloat
    var kind: NodeKind { .alignmentGuide }
    func addPayload(to graph: _ViewGraph) -> Int {
        graph.hasExplicitGuides = true
        graph.guides.append(AlignmentGuidePayload(key: key, compute: compute))
        return graph.guides.count - 1
    }
}

/// Modifiers that leave the view as it is here (there is no safe area and
/// no interaction in a headless engine).
public struct _IdentityModifier: _GraphModifier {
    public func _makeView<Content: View>(content: Content, into graph: _ViewGraph) { graph.make(content) }
}

extension View {
    /// Proposes a fixed size to the view (nil dimensions pass the proposal
    /// through) and aligns it inside.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, _FrameModifier> {
        modified(_FrameModifier(payload: FixedFramePayload(width: width, height: height, alignment: alignment)))
    }

    /// A frame that clamps the proposal to its limits, as SwiftUI's flexible
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> ModifiedContent<Self, _FlexFrameModifier> {
        modified(_FlexFrameModifier(payload: FlexFramePayload(
            minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
            minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)))
    }

    /// Insets the view by `insets`.
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingModifier> {
        modified(_PaddingModifier(insets: insets))
    }
    /// Insets the given edges by `length` (`SwiftUIConstants.defaultPadding` when nil).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingModifier> {
        padding(EdgeInsets(edges, length ?? SwiftUIConstants.defaultPadding))
    }
    /// Insets every edge by `length`.
    public func padding(_ length: CGFloat) -> ModifiedContent<Self, _PaddingModifier> {
        padding(.all, length)
    }

    /// Draws the view moved by `offset` without changing its layout.
    public func offset(_ offset: CGSize) -> ModifiedContent<Self, _PointModifier> {
        modified(_PointModifier(kind: .offset, point: CGPoint(x: offset.width, y: offset.height)))
    }
    /// Draws the view moved by `x` and `y` without changing its layout.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _PointModifier> {
        offset(CGSize(width: x, height: y))
    }

    /// Centres the view at `position` in the space it is offered, taking all of it.
    public func position(_ position: CGPoint) -> ModifiedContent<Self, _PointModifier> {
        modified(_PointModifier(kind: .position, point: position))
    }
    /// Centres the view at (`x`, `y`) in the space it is offered, taking all of it.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _PointModifier> {
        position(CGPoint(x: x, y: y))
    }

    /// Gives the view its ideal size along the chosen axes, whatever it is offered.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent<Self, _FixedSizeModifier> {
        modified(_FixedSizeModifier(horizontal: horizontal, vertical: vertical))
    }
    /// Gives the view its ideal size on both axes, whatever it is offered.
    public func fixedSize() -> ModifiedContent<Self, _FixedSizeModifier> { fixedSize(horizontal: true, vertical: true) }

    /// Stacks offer space to higher priorities first (default 0).
    public func layoutPriority(_ value: Double) -> ModifiedContent<Self, _LayoutPriorityModifier> {
        modified(_LayoutPriorityModifier(priority: value))
    }

    /// Keeps the view's space but draws nothing of it.
    public func hidden() -> ModifiedContent<Self, _MarkerModifier> { modified(_MarkerModifier(kind: .hidden)) }

    /// Names the view's bounds as a coordinate space for `GeometryProxy.frame(in: .named(name))`.
    public func coordinateSpace<N: Hashable>(name: N) -> ModifiedContent<Self, _CoordinateSpaceModifier> {
        modified(_CoordinateSpaceModifier(name: AnyHashable(name)))
    }

    /// Tags the view; the tag shows in the layout tree and on drawn items.
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, _IdentifierModifier> {
        modified(_IdentifierModifier(identifier: identifier))
    }

    /// Overrides the view's horizontal alignment guide `guide`.
    public func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> ModifiedContent<Self, _AlignmentGuideModifier> {
        modified(_AlignmentGuideModifier(key: guide.key, compute: computeValue))
    }
    /// Overrides the view's vertical alignment guide `guide`.
    public func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> ModifiedContent<Self, _AlignmentGuideModifier> {
        modified(_AlignmentGuideModifier(key: guide.key, compute: computeValue))
    }

    /// Accepted for source compatibility; a headless window has no safe area.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> ModifiedContent<Self, _IdentityModifier> { modified(_IdentityModifier()) }
    /// Accepted for source compatibility; a headless window has no safe area.
    public func ignoresSafeArea(_ regions: Edge.Set = .all, edges: Edge.Set = .all) -> ModifiedContent<Self, _IdentityModifier> { modified(_IdentityModifier()) }
}
