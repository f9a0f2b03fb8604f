// Point and rectangle anchors under right-to-left. Apple's "Making fine
// adjustments to a view's position": x "starts at 0 at the leading edge of
// a view", and "when the layout direction is set to right-to-left, the 0
// horizontal value is on the right side of the view". So `.leading`,
// `.topLeading`, `.point(_:)` and `.rect(_:)` count from a right-to-left
// view's right edge, and a right-to-left layout's anchors are the
// left-to-right ones mirrored, whether read after layout (the root's value)
// or during it (a `GeometryReader` in an `overlayPreferenceValue`).
import Foundation
import Testing
import FormLayout

/// Point anchors written in the subtree, by name.
private struct NamedPointsKey: PreferenceKey {
    static var defaultValue: [String: Anchor<CGPoint>] = [:]
    static func reduce(value: inout [String: Anchor<CGPoint>], nextValue: () -> [String: Anchor<CGPoint>]) {
        value.merge(nextValue()) { _, new in new }
    }
}

/// Rectangle anchors written in the subtree, by name.
private struct NamedRectsKey: PreferenceKey {
    static var defaultValue: [String: Anchor<CGRect>] = [:]
    static func reduce(value: inout [String: Anchor<CGRect>], nextValue: () -> [String: Anchor<CGRect>]) {
        value.merge(nextValue()) { _, new in new }
    }
}

@Suite("Layout direction: point and rectangle anchors")
struct LayoutDirectionAnchorTests {
    static let width: CGFloat = 400

    /// The anchors each test reads, by name, and where they are on a
    /// left-to-right view `frame`.
    static let points: [(name: String, source: Anchor<CGPoint>.Source, onLeftToRight: (CGRect) -> CGPoint)] = [
        ("leading", .leading, { CGPoint(x: $0.minX, y: $0.midY) }),
        ("topLeading", .topLeading, { CGPoint(x: $0.minX, y: $0.minY) }),
        ("trailing", .trailing, { CGPoint(x: $0.maxX, y: $0.midY) }),
        ("point", .point(CGPoint(x: 5, y: 7)), { CGPoint(x: $0.minX + 5, y: $0.minY + 7) }),
        ("unitPoint", .unitPoint(UnitPoint(x: 0.25, y: 1)), { CGPoint(x: $0.minX + 0.25 * $0.width, y: $0.maxY) }),
    ]

    /// Two views side by side; the first writes every anchor of `points`
    /// and a 10-wide rectangle at its leading edge.
    private func row() -> some View {
        var first = AnyView(Color.red.frame(width: 40, height: 30).accessibilityIdentifier("first"))
        for point in Self.points {
            first = AnyView(first.transformAnchorPreference(key: NamedPointsKey.self, value: point.source) { $0[point.name] = $1 })
        }
        return HStack(spacing: 10) {
            first.anchorPreference(key: NamedRectsKey.self, value: .rect(CGRect(x: 0, y: 0, width: 10, height: 30))) { ["strip": $0] }
            Color.blue.frame(width: 60, height: 30).accessibilityIdentifier("second")
        }
    }

    private func mirrored(_ point: CGPoint) -> CGPoint { CGPoint(x: Self.width - point.x, y: point.y) }
    private func mirrored(_ rect: CGRect) -> CGRect {
        CGRect(x: Self.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    @Test("after layout: a right-to-left view's points and rectangles count from its right edge, the mirror of left-to-right")
    func anchorsAfterLayout() {
        let ltr = layout(row(), width: Self.width)
        let rtl = layout(row().environment(\.layoutDirection, .rightToLeft), width: Self.width)
        let first = frame(ltr, "first")
        let firstRTL = frame(rtl, "first")
        #expect(firstRTL == mirrored(first))
        for point in Self.points {
            let left = ltr.preference(NamedPointsKey.self)[point.name].map(ltr.resolve)
            let right = rtl.preference(NamedPointsKey.self)[point.name].map(rtl.resolve)
            #expect(left == point.onLeftToRight(first), "\(point.name)")
            #expect(right == mirrored(point.onLeftToRight(first)), "\(point.name): \(String(describing: right))")
        }
        // `.leading` is the right edge of the first view, which is now on the right.
        #expect(rtl.preference(NamedPointsKey.self)["leading"].map(rtl.resolve) == CGPoint(x: firstRTL.maxX, y: firstRTL.midY))
        let strip = ltr.preference(NamedRectsKey.self)["strip"].map(ltr.resolve)
        let stripRTL = rtl.preference(NamedRectsKey.self)["strip"].map(rtl.resolve)
        #expect(strip == CGRect(x: first.minX, y: first.minY, width: 10, height: 30))
        #expect(stripRTL == CGRect(x: firstRTL.maxX - 10, y: firstRTL.minY, width: 10, height: 30))
    }

    /// `row()` with a 4×4 dot drawn by an `overlayPreferenceValue` at each
    /// point anchor, through a `GeometryReader`'s proxy: the anchors read
    /// while the overlay is placed.
    private func rowWithDots() -> some View {
        row().overlayPreferenceValue(NamedPointsKey.self) { points in
            GeometryReader { proxy in
                ZStack {
                    ForEach(Self.points.map(\.name), id: \.self) { name in
                        Color.green.frame(width: 4, height: 4)
                            .accessibilityIdentifier("dot-\(name)")
                            .position(points[name].map { proxy[$0] } ?? CGPoint(x: -100, y: -100))
                    }
                }
            }
        }
    }

    private func dotCentre(_ result: LayoutResult, _ name: String) -> CGPoint {
        let dot = frame(result, "dot-\(name)")
        return CGPoint(x: dot.midX, y: dot.midY)
    }

    @Test("during layout: dots drawn at the anchors through a GeometryReader land on them, right-to-left as left-to-right")
    func anchorsDuringLayout() {
        let ltr = layout(rowWithDots(), width: Self.width)
        let rtl = layout(rowWithDots().environment(\.layoutDirection, .rightToLeft), width: Self.width)
        let first = frame(ltr, "first")
        for point in Self.points {
            #expect(isClose(dotCentre(ltr, point.name), point.onLeftToRight(first)), "\(point.name)")
            #expect(isClose(dotCentre(rtl, point.name), mirrored(point.onLeftToRight(first))),
                    "\(point.name): \(dotCentre(rtl, point.name))")
        }
    }

    @Test("a left-to-right part inside a right-to-left one: its anchors count from the left again, during and after layout")
    func directionChangedBack() {
        let nested = VStack { rowWithDots().environment(\.layoutDirection, .leftToRight) }
            .environment(\.layoutDirection, .rightToLeft)
        let result = layout(nested, width: Self.width)
        let first = frame(result, "first")
        // The inner row is laid out left to right (its first view on the left).
        #expect(first.minX < frame(result, "second").minX)
        for point in Self.points {
            let expected = point.onLeftToRight(first)
            #expect(result.preference(NamedPointsKey.self)[point.name].map(result.resolve) == expected, "\(point.name)")
            #expect(isClose(dotCentre(result, point.name), expected), "\(point.name): \(dotCentre(result, point.name))")
        }
    }
}
