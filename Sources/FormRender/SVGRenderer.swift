import FormLayout
import Foundation

/// Renders a whole display list as a standalone SVG 1.1 document, in
/// points, one element per item in drawing order (so later items paint over
/// earlier ones, as in the display list).
///
/// - Rectangles are `<rect>`, rounded rectangles and capsules `<rect>` with
///   `rx`/`ry` (half the shorter side for a capsule), circles `<circle>`
///   inscribed in and centred on the frame.
/// - Text is a `<text>` with `font-size` = `font.pointSize` and a numeric
///   `font-weight`, one `<tspan>` per line, line `k`'s baseline at
///   `minY + k × lineHeight + 0.8 × lineHeight` (cap height plus
///   ascender sit about 80 % down a line box in system fonts).
/// - Fills are `#rrggbb` with `fill-opacity` when translucent, `none` when
///   clear; strokes are one point wide, centred on the outline as SwiftUI's
///   `stroke` draws them.
/// - An item's identifier becomes its `<title>` (a tooltip in browsers).
/// - All text is XML-escaped and stripped of characters XML 1.0 forbids;
///   numbers are compact (no exponent, at most four decimals). The output
///   is deterministic byte for byte and ends with a newline.
public struct SVGRenderer: Hashable, Sendable {
    /// The font stack for text: the system UI font where there is one.
    public static let fontFamily = "-apple-system, system-ui, Helvetica, Arial, sans-serif"
    /// Where a line's baseline sits, as a fraction of the line height from the line's top.
    public static let baselineRatio: CGFloat = 0.8

    /// The renderer has no options: the output is fixed by the display list.
    public init() {}

    /// The SVG document for `list`.
    public func render(_ list: DisplayList) -> String {
        var out = ByteBuffer(reservingCapacity: 256 + list.items.count * 160)
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"")
        Self.attribute("width", list.size.width, to: &out)
        Self.attribute("height", list.size.height, to: &out)
        out.append(" viewBox=\"0 0 ")
        CompactNumber.append(list.size.width, to: &out)
        out.append(" ")
        CompactNumber.append(list.size.height, to: &out)
        out.append("\">\n")
        for item in list.items {
            Self.write(item, to: &out)
        }
        out.append("</svg>\n")
        return out.string
    }

    private static func write(_ item: DisplayItem, to out: inout ByteBuffer) {
        let frame = item.frame.standardized
        out.append("  ")
        let element: StaticString
        switch item.shape {
        case .rectangle, .roundedRectangle, .capsule, .image:
            element = "rect"
            out.append("<rect")
            attribute("x", frame.minX, to: &out)
            attribute("y", frame.minY, to: &out)
            attribute("width", frame.width, to: &out)
            attribute("height", frame.height, to: &out)
            let radius = CGFloat(item.shape.cornerRadius(in: frame.size))
            if radius > 0 {
                attribute("rx", radius, to: &out)
                attribute("ry", radius, to: &out)
            }
            transform(item, to: &out)
            paint(item, to: &out)
        case .circle:
            element = "circle"
            out.append("<circle")
            attribute("cx", frame.midX, to: &out)
            attribute("cy", frame.midY, to: &out)
            attribute("r", min(frame.width, frame.height) / 2, to: &out)
            transform(item, to: &out)
            paint(item, to: &out)
        case .text(let lines, let font):
            writeText(item, frame: frame, lines: lines, font: font, to: &out)
            return
        }
        if let identifier = item.identifier {
            out.append("><title>")
            out.appendXML(identifier)
            out.append("</title></")
            out.append(element)
            out.append(">\n")
        } else {
            out.append("/>\n")
        }
    }

    private static func writeText(_ item: DisplayItem, frame: CGRect, lines: [String], font: Font, to out: inout ByteBuffer) {
        out.append("<text xml:space=\"preserve\"")
        transform(item, to: &out)
        attribute("x", frame.minX, to: &out)
        attribute("y", frame.minY + baselineRatio * font.lineHeight, to: &out)
        out.append(" font-family=\"")
        out.appendXML(fontFamily)
        out.append("\"")
        attribute("font-size", font.pointSize, to: &out)
        out.append(" font-weight=\"")
        out.append(decimal: cssWeight(font.weight))
        out.append("\"")
        fill(item.fill, to: &out)
        out.append(">")
        if let identifier = item.identifier {
            out.append("<title>")
            out.appendXML(identifier)
            out.append("</title>")
        }
        for (number, line) in lines.enumerated() {
            out.append("<tspan")
            attribute("x", frame.minX, to: &out)
            attribute("y", frame.minY + (CGFloat(number) + baselineRatio) * font.lineHeight, to: &out)
            out.append(">")
            out.appendXML(line)
            out.append("</tspan>")
        }
        out.append("</text>\n")
    }

    /// CSS's numeric weights, 100 (ultra light) to 900 (black).
    private static func cssWeight(_ weight: Font.Weight) -> Int {
        switch weight {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// ` transform="matrix(…)"` for an item drawn rotated.
    private static func transform(_ item: DisplayItem, to out: inout ByteBuffer) {
        guard let transform = item.transform else { return }
        out.append(" transform=\"matrix(")
        for (index, value) in [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].enumerated() {
            if index > 0 { out.append(" ") }
            CompactNumber.append(CGFloat(value), to: &out)
        }
        out.append(")\"")
    }

    private static func paint(_ item: DisplayItem, to out: inout ByteBuffer) {
        fill(item.fill, to: &out)
        guard let stroke = item.stroke, !stroke.isInvisible else { return }
        out.append(" stroke=\"")
        out.append(stroke.opaqueHex)
        out.append("\" stroke-width=\"1\"")
        if stroke.opacity < 1 { attribute("stroke-opacity", stroke.opacity, to: &out) }
    }

    private static func fill(_ color: Color, to out: inout ByteBuffer) {
        guard !color.isInvisible else {
            out.append(" fill=\"none\"")
            return
        }
        out.append(" fill=\"")
        out.append(color.opaqueHex)
        out.append("\"")
        if color.opacity < 1 { attribute("fill-opacity", color.opacity, to: &out) }
    }

    private static func attribute(_ name: StaticString, _ value: CGFloat, to out: inout ByteBuffer) {
        attribute(name, Double(value), to: &out)
    }

    private static func attribute(_ name: StaticString, _ value: Double, to out: inout ByteBuffer) {
        out.append(" ")
        out.append(name)
        out.append("=\"")
        CompactNumber.append(value, to: &out)
        out.append("\"")
    }
}
