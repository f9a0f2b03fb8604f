// An `offset` around a bare shape (framed or not) is folded into the shape:
// one node instead of two, as the minimap's rectangles are drawn. The fold
// must not be seen: each layout here is compared with the same views where
// the fold cannot happen (a `layoutPriority(0)` between the shape and the
// offset gives the shape a trait, which keeps the offset a node of its own,
// and a priority of 0 is every view's default).
import Foundation
import Testing
import FormLayout

/// The bounds of every offset view, by name.
private struct OffsetBoundsKey: PreferenceKey {
    static var defaultValue: [String: Anchor<CGRect>] = [:]
    static func reduce(value: inout [String: Anchor<CGRect>], nextValue: () -> [String: Anchor<CGRect>]) {
        value.merge(nextValue()) { _, new in new }
    }
}

@Suite("Offsets folded into shapes")
struct OffsetFoldTests {
    /// One rectangle as the minimap draws it, or with the fold prevented.
    @ViewBuilder
    private func rectangle(_ index: Int, folds: Bool, framed: Bool, alignment: Alignment) -> some View {
        let colours: [Color] = [.red, .green, .blue]
        let offset = CGSize(width: CGFloat(index * 7 % 11) - 4.25, height: CGFloat(index * 5 % 9) + 0.5)
        let shape = Rectangle().fill(colours[index % 3])
        if framed {
            let framedShape = shape.frame(width: CGFloat(10 + index * 3), height: CGFloat(6 + index % 4), alignment: alignment)
            if folds {
                framedShape.offset(offset)
            } else {
                framedShape.layoutPriority(0).offset(offset)
            }
        } else if folds {
            shape.offset(offset)
        } else {
            shape.layoutPriority(0).offset(offset)
        }
    }

    /// Rectangles in a top-leading ZStack (the minimap), in a row and in a
    /// column, each with an anchor written around its offset.
    private func screen(folds: Bool, framed: Bool, alignment: Alignment) -> some View {
        VStack(spacing: 3) {
            ZStack(alignment: .topLeading) {
                ForEach(0..<6, id: \.self) { index in
                    rectangle(index, folds: folds, framed: framed, alignment: alignment)
                        .anchorPreference(key: OffsetBoundsKey.self, value: .bounds) { ["z\(index)": $0] }
                }
            }
            .padding(5)
            HStack(spacing: 4) {
                ForEach(6..<10, id: \.self) { index in
                    rectangle(index, folds: folds, framed: framed, alignment: alignment)
                        .anchorPreference(key: OffsetBoundsKey.self, value: .bounds) { ["h\(index)": $0] }
                }
            }
            VStack(alignment: .trailing) {
                ForEach(10..<13, id: \.self) { index in
                    rectangle(index, folds: folds, framed: framed, alignment: alignment)
                }
            }
            .frame(width: 120, height: 90, alignment: .bottomTrailing)
        }
    }

    private static let alignments: [Alignment] = [.center, .topLeading, .bottomTrailing, .leading, .top]

    @Test(arguments: [false, true], [LayoutDirection.leftToRight, .rightToLeft])
    func foldedOffsetsLayOutAndDrawAsOffsetNodes(framed: Bool, direction: LayoutDirection) {
        for alignment in Self.alignments {
            let folded = layout(screen(folds: true, framed: framed, alignment: alignment).environment(\.layoutDirection, direction))
            let apart = layout(screen(folds: false, framed: framed, alignment: alignment).environment(\.layoutDirection, direction))
            // The fold happened: one node fewer per rectangle.
            #expect(folded.nodeCount == apart.nodeCount - 13, "\(alignment) \(direction)")
            // Everything drawn, where and in what order, to the last bit.
            #expect(folded.displayList == apart.displayList, "\(alignment) \(direction)")
            // Anchors written around the offsets resolve as before.
            let foldedAnchors = folded.preference(OffsetBoundsKey.self).mapValues { folded.resolve($0) }
            let apartAnchors = apart.preference(OffsetBoundsKey.self).mapValues { apart.resolve($0) }
            #expect(foldedAnchors.count == 10)
            #expect(foldedAnchors == apartAnchors, "\(alignment) \(direction)")
        }
    }

    /// A frame around an offset shape stays a frame node: the shape keeps
    /// its own size and goes where the frame aligns it, then moves.
    @Test func aFrameAroundAFoldedOffsetIsNotFoldedAfterIt() {
        let folded = layout(Rectangle().fill(.red).offset(x: 5, y: -3).frame(width: 40, height: 20, alignment: .topLeading))
        let apart = layout(Rectangle().fill(.red).layoutPriority(0).offset(x: 5, y: -3).frame(width: 40, height: 20, alignment: .topLeading))
        #expect(folded.displayList == apart.displayList)
        #expect(folded.nodeCount == apart.nodeCount - 1)
        let red = folded.displayList.items.first { $0.fill == .red }
        // A 400×300 window: the 40×20 frame is centred at (180, 140).
        #expect(red?.frame == CGRect(x: 185, y: 137, width: 40, height: 20))
    }

    /// A second offset goes around the first as a node of its own, and
    /// the two add up.
    @Test func twoOffsetsAddUp() {
        let result = layout(Color.blue.frame(width: 10, height: 10).offset(x: 3, y: 4).offset(x: -1, y: 2))
        let blue = result.displayList.items.first { $0.fill == .blue }
        #expect(blue?.frame == CGRect(x: 197, y: 151, width: 10, height: 10))
    }
}
