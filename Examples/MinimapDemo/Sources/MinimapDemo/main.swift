// The minimap example of docs/engine.md as a program: three text fields publish
// their bounds through an anchor preference, and an overlay built from
// that preference draws each one a third of its size. Prints the display
// list, one drawn shape a line, back to front.
import Foundation // CGRect, CGSize, CGFloat
import FormLayout

struct Bounds: PreferenceKey {
    static let defaultValue: [Anchor<CGRect>] = []
    static func reduce(value: inout [Anchor<CGRect>], nextValue: () -> [Anchor<CGRect>]) {
        value.append(contentsOf: nextValue())
    }
}

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

func number(_ value: CGFloat) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(Double(rounded))
}

print("display list: \(result.displayList.items.count) items in a \(number(result.displayList.size.width))×\(number(result.displayList.size.height)) window")
for item in result.displayList.items {
    let f = item.frame
    let what: String
    switch item.shape {
    case .rectangle: what = "rectangle"
    case .roundedRectangle(let radius): what = "rounded rectangle (radius \(number(radius)))"
    case .circle: what = "circle"
    case .capsule: what = "capsule"
    case .text(let lines, _): what = "text \(lines)"
    case .image(let name): what = "image \(name)"
    }
    print("\(item.z)\t\(what) at (\(number(f.minX)), \(number(f.minY))) size \(number(f.width))×\(number(f.height)) fill \(item.fill.description)")
}
print("anchors collected: \(result.preference(Bounds.self).count)")
