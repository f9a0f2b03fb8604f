// The README's short minimap example, kept compiling and checked here.
import FormLayout
import Foundation
import Testing

private struct Bounds: PreferenceKey {
    static let defaultValue: [Anchor<CGRect>] = []
    static func reduce(value: inout [Anchor<CGRect>], nextValue: () -> [Anchor<CGRect>]) {
        value.append(contentsOf: nextValue())
    }
}

@Test func readmeMinimapExample() {
    let screen = HStack {
        ForEach(0..<3) { _ in
            TextField("", text: "").padding(15)
                .anchorPreference(key: Bounds.self, value: .bounds) { [$0] }
        }
    }
    .frame(width: 540)
    .overlayPreferenceValue(Bounds.self) { anchors in
        GeometryReader { geometry in
            ZStack(alignment: .topLeading) {
                ForEach(0..<anchors.count) { i in
                    let rect = geometry[anchors[i]]
                    Rectangle().fill(.green)
                        .frame(width: rect.width / 3, height: rect.height / 3)
                        .offset(x: rect.minX / 3, y: rect.minY / 3)
                }
            }
        }
    }

    let result = ViewHost(screen, windowSize: CGSize(width: 1024, height: 768)).layout()
    let anchors = result.preference(Bounds.self)
    #expect(anchors.count == 3)
    let greens = result.displayList.items.filter { $0.fill == .green }
    #expect(greens.count == 3)
    // The anchors are written after the padding: three padded fields share
    // 540 points less two gaps of 8, and are 34 + 2 × 15 tall.
    let paddedWidth = (540 - 16) / 3.0
    for item in greens {
        #expect(abs(item.frame.width - paddedWidth / 3) < 1e-9)
        #expect(abs(item.frame.height - 64.0 / 3) < 1e-9)
    }
    #expect(result.tree.description.contains("geometryReader"))
}
