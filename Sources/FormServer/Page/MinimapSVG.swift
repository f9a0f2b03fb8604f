import FormKit
import Mustache

/// The page's minimap as inline SVG (`Templates/minimap.mustache`; this
/// builds its view): one `<rect>` per `MinimapRect` of
/// `formctl minimap --format json` (same geometry, back to front by `z`),
/// each with `data-key`, `data-kind` and `data-color` for the script and the
/// tests, filled with its colour over seed 002's grey minimap area.
struct MinimapSVG {
    let width: Double, height: Double
    let rects: [MinimapRect]
    /// The form's title, the title rectangle's tooltip.
    let title: String

    /// How many CSS pixels a minimap point takes on the page.
    static let scale = 1.5

    /// What `Templates/minimap.mustache` shows: numbers already written
    /// as SVG wants them.
    struct View {
        let viewBox: String, width: String, height: String, areaFill: String
        let rects: [Rect]

        struct Rect { let key: String, kind: String, z: Int, color: String, fill: String
                      let x: String, y: String, width: String, height: String, tooltip: String }
    }

    var view: View {
        View(viewBox: "0 0 \(Self.number(width)) \(Self.number(height))", width: Self.number(width * Self.scale),
             height: Self.number(height * Self.scale), areaFill: MinimapPalette.area,
             rects: rects.sorted { $0.z < $1.z }.map { rect in
                 let tooltip = rect.kind == .title ? title : "\(rect.key) (\(rect.kind == .field ? "field" : rect.kind == .group ? "group" : "field container"))"
                 return View.Rect(key: rect.key, kind: rect.kind.rawValue, z: rect.z, color: rect.color.rawValue,
                                  fill: MinimapPalette.hex(rect.color), x: Self.number(rect.x), y: Self.number(rect.y),
                                  width: Self.number(rect.width), height: Self.number(rect.height), tooltip: tooltip)
             })
    }

    /// A coordinate with at most three decimals (finite; anything else is 0).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension MinimapSVG.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "viewBox": self.viewBox
        case "width": self.width
        case "height": self.height
        case "areaFill": self.areaFill
        case "rects": self.rects
        default: nil
        }
    }
}

extension MinimapSVG.View.Rect: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": self.key
        case "kind": self.kind
        case "z": self.z
        case "color": self.color
        case "fill": self.fill
        case "x": self.x
        case "y": self.y
        case "width": self.width
        case "height": self.height
        case "tooltip": self.tooltip
        default: nil
        }
    }
}
