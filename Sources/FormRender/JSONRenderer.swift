import FormLayout
import FormText
import Foundation

/// Renders a display list as pretty JSON for tools and tests: deterministic
/// byte for byte (sorted keys, fixed spacing, numbers with at most four
/// decimals and no exponent), ending with a newline.
///
/// The document is `{"height", "items", "width"}` with the window size in
/// points. Every item has `z`, `kind` (`rectangle`, `roundedRectangle`,
/// `circle`, `capsule`, `text`), `x`, `y`, `width`, `height` (its frame as
/// given), `fill` and `stroke` (each `{"hex": "#rrggbb", "name", "opacity"}`,
/// `name` null for unnamed colours, `stroke` null when not stroked) and
/// `identifier` (null when none). Rounded rectangles and capsules add
/// `cornerRadius` (a capsule's is half its shorter side); text adds
/// `lines` and `font` (`style`, `weight`, `pointSize`, `lineHeight`).
public struct JSONRenderer: Hashable, Sendable {
    /// The renderer has no options: the output is fixed by the display list.
    public init() {}

    /// The JSON document for `list`.
    public func render(_ list: DisplayList) -> String {
        JSONTree.sortedObject([
            "width": Self.number(Double(list.size.width)),
            "height": Self.number(Double(list.size.height)),
            "items": .array(list.items.map(Self.item)),
        ]).text() + "\n"
    }

    /// A number as `CompactNumber` writes it (at most four decimals, no exponent).
    private static func number(_ value: Double) -> JSONTree { .number(CompactNumber.string(value)) }

    private static func item(_ item: DisplayItem) -> JSONTree {
        var members: [String: JSONTree] = [
            "z": number(Double(item.z)),
            "x": number(Double(item.frame.origin.x)),
            "y": number(Double(item.frame.origin.y)),
            "width": number(Double(item.frame.size.width)),
            "height": number(Double(item.frame.size.height)),
            "fill": color(item.fill),
            "stroke": item.stroke.map(color) ?? .null,
            "identifier": item.identifier.map(JSONTree.string) ?? .null,
        ]
        if let transform = item.transform {
            members["transform"] = .array([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(Self.number))
        }
        switch item.shape {
        case .rectangle:
            members["kind"] = .string("rectangle")
        case .roundedRectangle(let cornerRadius):
            members["kind"] = .string("roundedRectangle")
            members["cornerRadius"] = number(Double(cornerRadius))
        case .circle:
            members["kind"] = .string("circle")
        case .image(let name):
            members["kind"] = .string("image")
            members["name"] = .string(name)
        case .capsule:
            members["kind"] = .string("capsule")
            members["cornerRadius"] = number(Double(min(abs(item.frame.width), abs(item.frame.height)) / 2))
        case .text(let lines, let font):
            members["kind"] = .string("text")
            members["lines"] = .array(lines.map(JSONTree.string))
            members["font"] = .sortedObject([
                "style": .string(font.style.rawValue),
                "weight": .string(String(describing: font.weight)),
                "pointSize": number(Double(font.pointSize)),
                "lineHeight": number(Double(font.lineHeight)),
            ])
        }
        return .sortedObject(members)
    }

    private static func color(_ color: Color) -> JSONTree {
        .sortedObject([
            "hex": .string(color.opaqueHex),
            "name": color.name.map(JSONTree.string) ?? .null,
            "opacity": number(color.opacity),
        ])
    }
}
