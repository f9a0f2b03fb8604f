import FormKit

/// The page's minimap as inline SVG: one `<rect>` per `MinimapRect` of
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

    var html: String {
        let viewBox = "0 0 \(Self.number(width)) \(Self.number(height))"
        var out = "<svg id=\"minimap\" class=\"minimap\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\""
        out += " width=\"\(Self.number(width * Self.scale))\" height=\"\(Self.number(height * Self.scale))\""
        out += " role=\"img\" aria-label=\"Minimap: each field as a rectangle coloured by its state\">\n"
        out += "<rect class=\"area\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"\(MinimapPalette.area)\"></rect>\n"
        for rect in rects.sorted(by: { $0.z < $1.z }) { out += Self.rect(rect, title: title) + "\n" }
        out += "</svg>\n"
        return out
    }

    /// One rectangle with its tooltip (the field's key and kind, or the title).
    static func rect(_ rect: MinimapRect, title: String) -> String {
        let tooltip = rect.kind == .title ? title : "\(rect.key) (\(rect.kind == .field ? "field" : "field container"))"
        return "<rect data-key=\"\(HTMLText.escaped(rect.key))\" data-kind=\"\(rect.kind.rawValue)\" data-z=\"\(rect.z)\""
            + " data-color=\"\(rect.color.rawValue)\" fill=\"\(MinimapPalette.hex(rect.color))\""
            + " x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(rect.width))\" height=\"\(number(rect.height))\">"
            + "<title>\(HTMLText.escaped(tooltip))</title></rect>"
    }

    /// A coordinate with at most three decimals (finite; anything else is 0).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
