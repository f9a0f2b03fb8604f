/// The third step of layout: top-down, every node gets its frame in window
/// coordinates, and views built from geometry or preferences are built.
extension _ViewGraph {
    /// Gives `id` its frame (window coordinates) and places its children.
    func place(_ id: NodeID, in frame: CGRect) {
        frames[Int(id)] = frame
        let node = nodes[Int(id)]
        switch node.kind {
        case .shape, .text, .textField, .slider, .toggleSwitch, .divider, .spacer:
            return
        case .hStack, .vStack:
            placeStack(id, node, in: frame)
        case .zStack:
            _ = zStackLayout(id, ProposedViewSize(frame.size), placingIn: frame)
        case .fixedFrame, .flexFrame:
            let child = firstChild(of: id)
            let childSize = size(of: child, childProposal(id, frame.size))
            place(child, in: CGRect(origin: alignedOrigin(childSize, in: frame, frameAlignment(node), child: child), size: childSize))
        case .padding:
            let inset = insets[Int(node.payload)]
            let inner = CGRect(x: frame.minX + inset.leading, y: frame.minY + inset.top,
                               width: max(0, frame.width - inset.horizontal), height: max(0, frame.height - inset.vertical))
            let child = firstChild(of: id)
            let childSize = size(of: child, ProposedViewSize(inner.size))
            place(child, in: CGRect(origin: alignedOrigin(childSize, in: inner, .center, child: child), size: childSize))
        case .offset:
            let delta = points[Int(node.payload)]
            place(firstChild(of: id), in: frame.offsetBy(delta))
        case .position:
            let child = firstChild(of: id)
            let childSize = size(of: child, ProposedViewSize(frame.size))
            let center = points[Int(node.payload)]
            place(child, in: CGRect(x: frame.minX + center.x - childSize.width / 2, y: frame.minY + center.y - childSize.height / 2,
                                    width: childSize.width, height: childSize.height))
        case .fixedSize:
            let child = firstChild(of: id)
            let childSize = size(of: child, fixedProposal(node, ProposedViewSize(frame.size)))
            place(child, in: CGRect(origin: alignedOrigin(childSize, in: frame, .center, child: child), size: childSize))
        case .hidden, .coordinateSpace, .identifier, .preferenceWriter, .preferenceObserver, .alignmentGuide:
            place(firstChild(of: id), in: frame)
        case .overlay, .background:
            let host = firstChild(of: id)
            place(host, in: frame)
            placeSecondary(childIDs[Int(node.childStart) + 1], over: frame, alignment: alignments[Int(node.payload)])
        case .preferenceOverlay, .preferenceBackground:
            // The host is laid out first: its preferences (and the anchors in
            // them) are what the secondary view is built from.
            let host = firstChild(of: id)
            place(host, in: frame)
            let secondary = preferenceViews[Int(node.payload)].makeView(graph: self, host: host)
            setChildren(of: id, [host, secondary])
            growLayoutState()
            placeSecondary(secondary, over: frame, alignment: .center)
        case .geometryReader:
            let proxy = GeometryProxy(graph: self, node: id)
            let content = readers[Int(node.payload)](proxy)
            let contentID = makeImplicitZStack(content, alignment: .topLeading)
            setChildren(of: id, [contentID])
            growLayoutState()
            let contentSize = size(of: contentID, ProposedViewSize(frame.size))
            place(contentID, in: CGRect(origin: frame.origin, size: contentSize))
        }
    }

    func placeSecondary(_ secondary: NodeID, over frame: CGRect, alignment: Alignment) {
        let size = size(of: secondary, ProposedViewSize(frame.size))
        place(secondary, in: CGRect(origin: alignedOrigin(size, in: frame, alignment, child: secondary), size: size))
    }

    /// Makes room in the per-node layout arrays for nodes built during placement.
    func growLayoutState() {
        let first = frames.count
        guard nodes.count > first else { return }
        if first == 0 {
            // Views built during placement (geometry readers, preference
            // views) add nodes later; room reserved now is only touched, and
            // paid for in page faults, if they do, and saves copying these
            // arrays when they arrive.
            frames.reserveCapacity(nodes.count * 2)
            cacheBlock.reserveCapacity(nodes.count * 2)
        }
        frames.append(contentsOf: repeatElement(.zero, count: nodes.count - first))
        var blocks = cacheNext.count
        for index in first..<nodes.count {
            if nodes[index].kind.computesOwnSize {
                cacheBlock.append(Int32(blocks))
                blocks += 1
            } else {
                cacheBlock.append(-1)
            }
        }
        let missing = blocks - cacheNext.count
        // A key no proposal has: a NaN payload Swift never produces.
        let unused: UInt = 0x7FF8_DEAD_BEEF_0001
        cacheWidths.append(contentsOf: repeatElement(unused, count: 4 * missing))
        cacheHeights.append(contentsOf: repeatElement(unused, count: 4 * missing))
        cacheSizes.append(contentsOf: repeatElement(.zero, count: 4 * missing))
        cacheNext.append(contentsOf: repeatElement(0, count: missing))
    }
}
