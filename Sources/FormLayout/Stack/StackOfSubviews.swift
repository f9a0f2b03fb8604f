import Foundation

/// The stack algorithm run on a ``Layout``'s subviews instead of a stack
/// node's children: what `HStackLayout` and `VStackLayout` do when their
/// `Layout` methods are called directly (from another layout, or through
/// an `AnyLayout` asked by hand). Built as views, those layouts become
/// stack nodes; both paths share `distribute` and `layOutStack`, so they
/// cannot drift apart.
extension _ViewGraph {
    /// The size of `children` stacked as `stack` along `axis` for `proposal`.
    func stackSize(of children: NodeChildren, _ axis: AxisContext, _ stack: StackPayload,
                   _ proposal: ProposedViewSize) -> CGSize {
        let mark = stackScratch.sizes.count, proposalMark = stackScratch.proposals.count
        // Nothing is recorded in `stackShares`: its slots belong to stack nodes.
        let size = distribute(children, axis, stack, sharesSlot: nil, proposal)
        stackScratch.sizes.pop(to: mark)
        stackScratch.proposals.pop(to: proposalMark)
        return size
    }

    /// Places `children` stacked as `stack` along `axis` in `bounds`, as
    /// placed subviews of the layout container asking.
    func placeStack(of children: NodeChildren, _ axis: AxisContext, _ stack: StackPayload,
                    in bounds: CGRect, proposal: ProposedViewSize) {
        layOutStack(children, axis, stack, shares: nil, in: bounds, proposal: proposal) { child, frame, childProposal in
            place(child, in: frame, proposal: childProposal)
            placedSubviews.append(child)
        }
    }

    /// The stack's explicit value of guide `key` in `bounds` (its children's
    /// explicit values combined, as `StackNode.explicitGuide` does; nil for
    /// the built-in edges and centres).
    func stackExplicitGuide(of children: NodeChildren, _ axis: AxisContext, _ stack: StackPayload,
                            _ key: AlignmentKey, in bounds: CGRect) -> CGFloat? {
        guard key.fraction == nil else { return nil }
        var combined = CombinedGuide(key)
        layOutStack(children, axis, stack, shares: nil, in: bounds, proposal: ProposedViewSize(bounds.size)) { child, frame, _ in
            guard let value = explicitGuide(child, key, frame.size) else { return }
            combined.add(value + (key.isVertical ? frame.minY : frame.minX))
        }
        return combined.value
    }
}
