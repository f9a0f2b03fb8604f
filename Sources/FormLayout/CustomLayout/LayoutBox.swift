import Foundation

/// One container's layout and its cache, stored in the graph: the cache is
/// made the first time the layout is asked anything and kept for the
/// container's life, as SwiftUI keeps it.
class AnyLayoutBox {
    func sizeThatFits(proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize { .zero }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {}
    func spacing(subviews: LayoutSubviews) -> ViewSpacing { .zero }
    func explicitAlignment(of key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGFloat? { nil }
}

final class LayoutBox<L: Layout>: AnyLayoutBox {
    let layout: L
    var cache: L.Cache?

    init(_ layout: L) { self.layout = layout }

    private func withCache<T>(_ subviews: LayoutSubviews, _ body: (inout L.Cache) -> T) -> T {
        var current = cache ?? layout.makeCache(subviews: subviews)
        defer { cache = current }
        return body(&current)
    }

    override func sizeThatFits(proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize {
        withCache(subviews) { layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
    }

    override func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        withCache(subviews) { layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0) }
    }

    override func spacing(subviews: LayoutSubviews) -> ViewSpacing {
        withCache(subviews) { layout.spacing(subviews: subviews, cache: &$0) }
    }

    override func explicitAlignment(of key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGFloat? {
        withCache(subviews) { cache in
            key.isVertical
                ? layout.explicitAlignment(of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
                : layout.explicitAlignment(of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }
}

extension _ViewGraph {
    /// Stores a container's layout; its payload index.
    @usableFromInline
    func addLayout<L: Layout>(_ layout: L) -> Int {
        layouts.appendIndex(LayoutBox(layout))
    }
}
