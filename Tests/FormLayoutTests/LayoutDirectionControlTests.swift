// Controls right to left. Apple's Human Interface Guidelines, "Right to
// left": system-provided UI components "flip automatically in the RTL
// context". FormLayout draws a control's parts from its frame, so it flips
// them there: a switch is on at its left end, a slider fills from its right
// end, a text field's text sits against its right edge. The content of a
// GeometryReader, built while it is placed, is built in the direction
// around the reader, as SwiftUI's content inherits its environment.
import Foundation
import Testing
import FormLayout

@Suite("Layout direction: controls")
struct LayoutDirectionControlTests {
    private func controls() -> some View {
        VStack(spacing: 10) {
            Toggle(isOn: true) { Text("") }.frame(width: 120)
            Slider(value: 0.25, in: 0...1).frame(width: 200)
            TextField("", text: "abc").frame(width: 200)
        }
    }

    /// The display list's items with a frame: (shape, frame).
    private func items(_ result: LayoutResult) -> [(DisplayItem.Shape, CGRect)] {
        result.displayList.items.map { ($0.shape, $0.frame) }
    }

    /// `r` is `l` mirrored across a window `width` wide: a text as wide as
    /// it is (right to left) ends where `l` starts, mirrored.
    private func isMirrored(_ l: (DisplayItem.Shape, CGRect), _ r: (DisplayItem.Shape, CGRect), width: CGFloat) -> Bool {
        guard l.0 == r.0 else { return false }
        let isText = if case .text = l.0 { true } else { false }
        return isClose(r.1.maxX, width - l.1.minX) && isClose(r.1.minY, l.1.minY)
            && (isText || isClose(r.1.width, l.1.width)) && isClose(r.1.height, l.1.height)
    }

    @Test func switchSliderAndTextFieldAreDrawnMirrored() {
        let ltr = layout(controls(), width: 400, height: 300)
        let rtl = layout(controls().environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        let left = items(ltr), right = items(rtl)
        #expect(left.count == right.count && left.count >= 7)
        for (l, r) in zip(left, right) {
            #expect(isMirrored(l, r, width: 400), "\(l) → \(r)")
        }
        // The switch's knob (the first circle) is at its left end right to left.
        let knobs = right.filter { $0.0 == .circle }.map(\.1)
        let track = right.first { $0.0 == .capsule }?.1 ?? .null
        #expect(knobs.first.map { $0.midX < track.midX } == true, "\(knobs) on \(track)")
        // The text starts at the field's right edge, inset.
        let text = right.first { if case .text = $0.0 { true } else { false } }?.1 ?? .null
        let field = right.first { if case .roundedRectangle = $0.0 { true } else { false } }?.1 ?? .null
        #expect(text.maxX > field.midX && text.width < field.width / 2, "\(text) in \(field)")
    }

    @Test func aGeometryReadersContentIsBuiltInTheDirectionAroundIt() {
        func reader() -> some View {
            GeometryReader { proxy in
                Toggle(isOn: true) { Text("") }.frame(width: proxy.size.width)
            }
            .frame(width: 120, height: 40)
        }
        let ltr = layout(reader(), width: 400, height: 300)
        let rtl = layout(reader().environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        let left = items(ltr), right = items(rtl)
        #expect(left.count == right.count && !left.isEmpty)
        for (l, r) in zip(left, right) {
            #expect(isMirrored(l, r, width: 400), "\(l) → \(r)")
        }
    }

    @Test func leftToRightControlsAreDrawnAsBefore() {
        let result = layout(Toggle(isOn: true) { Text("") }.frame(width: 51), width: 51, height: 31)
        let knob = result.displayList.items.first { $0.shape == .circle }?.frame ?? .null
        #expect(knob.maxX > 51 / 2, "on: the knob at the right end, \(knob)")
    }
}
