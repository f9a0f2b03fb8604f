// A property of right-to-left layout: a random tree of stacks, grids,
// frames, padding, spacers, alignments, offsets, positions, overlays, a
// custom Layout and shapes, laid out right-to-left in a window W wide, is
// the same tree laid out left-to-right and mirrored (x → W − x − width),
// frame by frame. Apple's `LayoutDirection` page: SwiftUI "horizontally
// flips the x position of each view within its parent"; its
// `LayoutSubviews.layoutDirection` page says so of custom layouts, and
// "Making fine adjustments to a view's position" of offsets and positions
// (x is 0 at the leading edge, on the right right-to-left). So nothing in
// the tree is left out; GeometryReader is (its closure sees the geometry
// while placement runs, before the mirror: see the DocC's "Differences
// from SwiftUI").
import Foundation
import Testing
import PropertyBased
import FormLayout

/// The choices a tree is made of, read one at a time off random numbers;
/// past the end every choice is 0 (a leaf), so every tape makes a finite
/// tree and shrinking the tape shrinks the tree.
private final class Tape {
    let values: [Int]
    var index = 0
    init(_ values: [Int]) { self.values = values }
    func next(_ count: Int) -> Int {
        guard index < values.count else { return 0 }
        defer { index += 1 }
        return abs(values[index]) % count
    }
    func length(_ range: ClosedRange<Int>) -> CGFloat { CGFloat(range.lowerBound + next(range.count)) }
}

/// Places its subviews corner to corner, each at its ideal size: custom
/// placements in window coordinates, which SwiftUI mirrors too.
private struct Diagonal: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { total, subview in
            let size = subview.sizeThatFits(.unspecified)
            return CGSize(width: total.width + size.width, height: total.height + size.height)
        }
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var corner = bounds.origin
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            subview.place(at: corner, proposal: .unspecified)
            corner.x += size.width
            corner.y += size.height
        }
    }
}

private let horizontals: [HorizontalAlignment] = [.leading, .center, .trailing]
private let verticals: [VerticalAlignment] = [.top, .center, .bottom]
private let alignments: [Alignment] = [.topLeading, .top, .topTrailing, .leading, .center, .trailing, .bottomLeading, .bottom, .bottomTrailing]
private let edgeSets: [Edge.Set] = [.leading, .trailing, .horizontal, .all, [.leading, .top]]
private let strings = ["Name", "שם פרטי", "Adresse électronique", "الاسم الكامل للمستخدم"]

private func children(_ tape: Tape, _ depth: Int) -> [AnyView] {
    (0...tape.next(3)).map { _ in randomView(tape, depth: depth + 1) }
}

private func stacked(_ views: [AnyView]) -> some View {
    ForEach(Array(views.indices), id: \.self) { views[$0] }
}

/// A random view: leaves at depth 4, any kind above.
private func randomView(_ tape: Tape, depth: Int) -> AnyView {
    switch tape.next(depth >= 4 ? 4 : 16) {
    case 0: return AnyView(Rectangle().frame(width: tape.length(1...80), height: tape.length(1...40)))
    case 1: return AnyView(Spacer(minLength: tape.length(0...20)))
    case 2: return AnyView(Text(strings[tape.next(strings.count)]))
    case 3: return AnyView(Circle())
    case 4:
        let alignment = verticals[tape.next(3)], spacing = tape.next(2) == 0 ? nil : tape.length(0...12)
        let views = children(tape, depth)
        return AnyView(HStack(alignment: alignment, spacing: spacing) { stacked(views) })
    case 5:
        let alignment = horizontals[tape.next(3)], spacing = tape.next(2) == 0 ? nil : tape.length(0...12)
        let views = children(tape, depth)
        return AnyView(VStack(alignment: alignment, spacing: spacing) { stacked(views) })
    case 6:
        let alignment = alignments[tape.next(alignments.count)]
        let views = children(tape, depth)
        return AnyView(ZStack(alignment: alignment) { stacked(views) })
    case 7:
        let width = tape.length(10...200), height = tape.length(10...100), alignment = alignments[tape.next(alignments.count)]
        return AnyView(randomView(tape, depth: depth + 1).frame(width: width, height: height, alignment: alignment))
    case 8:
        let alignment = alignments[tape.next(alignments.count)], minWidth = tape.length(0...60)
        return AnyView(randomView(tape, depth: depth + 1).frame(minWidth: minWidth, maxWidth: .infinity, alignment: alignment))
    case 9:
        let edges = edgeSets[tape.next(edgeSets.count)], length = tape.length(0...24)
        return AnyView(randomView(tape, depth: depth + 1).padding(edges, length))
    case 10:
        let alignment = alignments[tape.next(alignments.count)], column = horizontals[tape.next(3)]
        let rows = (0...tape.next(2)).map { _ in children(tape, depth) }
        return AnyView(Grid(alignment: alignment) {
            ForEach(Array(rows.indices), id: \.self) { row in
                GridRow {
                    ForEach(Array(rows[row].indices), id: \.self) { cell in
                        if row == 0 && cell == 0 { rows[row][cell].gridColumnAlignment(column) } else { rows[row][cell] }
                    }
                }
            }
        })
    case 11:
        let alignment = alignments[tape.next(alignments.count)]
        let host = randomView(tape, depth: depth + 1), overlay = randomView(tape, depth: depth + 1)
        return AnyView(host.overlay(alignment: alignment) { overlay })
    case 12:
        let x = tape.length(-20...20), y = tape.length(-20...20)
        return AnyView(randomView(tape, depth: depth + 1).offset(x: x, y: y))
    case 13:
        let x = tape.length(0...100), y = tape.length(0...60)
        return AnyView(randomView(tape, depth: depth + 1).position(x: x, y: y))
    case 14:
        let views = children(tape, depth)
        return AnyView(Diagonal { stacked(views) })
    default:
        let width = tape.length(10...60)
        return AnyView(Capsule().frame(width: width).background(alignment: .leading) { Rectangle().frame(width: 4) })
    }
}

/// The first place where `rtl` is not `ltr` mirrored across `width`, or nil.
private func mismatch(_ rtl: LayoutTree, _ ltr: LayoutTree, width: CGFloat, path: String = "") -> String? {
    let here = path + "/" + ltr.kind
    guard rtl.kind == ltr.kind, rtl.children.count == ltr.children.count else {
        return "\(here): \(rtl.kind) with \(rtl.children.count) children, left-to-right \(ltr.kind) with \(ltr.children.count)"
    }
    let f = ltr.frame
    let mirrored = CGRect(x: width - f.maxX, y: f.minY, width: f.width, height: f.height)
    let limit = 1e-6 * max(1, abs(f.maxX), abs(f.maxY))
    if !isClose(rtl.frame, mirrored, within: limit) {
        return "\(here): \(rtl.frame), expected \(mirrored) (left-to-right \(f))"
    }
    for (r, l) in zip(rtl.children, ltr.children) {
        if let found = mismatch(r, l, width: width, path: here) { return found }
    }
    return nil
}

@Suite("Layout direction property")
struct LayoutDirectionPropertyTests {
    @Test func rightToLeftIsLeftToRightMirrored() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...10_000).array(of: 1...60), Gen.int(in: 40...600)) { values, width in
            let window = CGSize(width: CGFloat(width), height: 400)
            let ltr = ViewHost(randomView(Tape(values), depth: 0), windowSize: window).layout().tree
            let rtl = ViewHost(randomView(Tape(values), depth: 0).environment(\.layoutDirection, .rightToLeft), windowSize: window).layout().tree
            // The direction node wraps what the left-to-right layout holds
            // (the root itself: a single root view is not wrapped in a ZStack).
            #expect(rtl.kind == "layoutDirection" && rtl.children.count == 1, "\(rtl)")
            // The direction node's frame is the one its content was placed
            // in. A shape at the root may have an offset folded into it
            // (`OffsetFoldTests`): its frame is where it is drawn, moved
            // from that; its size is the same.
            #expect(ltr.kind == "shape" ? isClose(rtl.frame.size, ltr.frame.size) : isClose(rtl.frame, ltr.frame))
            if let content = rtl.children.first {
                let found = mismatch(content, ltr, width: CGFloat(width))
                #expect(found == nil, "\(found ?? "")")
            }
        }
    }
}
