import FormLayout
import Foundation

/// The output formats of the renderers, named as the command line names them.
public enum RenderFormat: String, CaseIterable, Hashable, Sendable {
    /// 24-bit colour and half blocks for a terminal (`AnsiRenderer`).
    case ansi
    /// Letters by colour name, no escapes (`PlainTextRenderer`).
    case text
    /// The display list as stable, pretty JSON (`JSONRenderer`).
    case json
    /// A standalone SVG 1.1 document (`SVGRenderer`).
    case svg

    /// Terminal columns used when the caller gives none: the classic
    /// terminal width, which also fits the seed's 200-point minimap at
    /// 2.5 points per column.
    public static let defaultColumns = 80

    /// A format from its name, ignoring case and surrounding whitespace;
    /// `txt` and `plain` are accepted for `text`. Nil for anything else.
    public init?(parsing name: String) {
        let key = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        switch key {
        case "txt", "plain": self = .text
        default:
            guard let format = RenderFormat(rawValue: key) else { return nil }
            self = format
        }
    }
}

/// Renders `list` in `format`: the one call the command line needs.
///
/// `columns` is the output's width in terminal columns for `ansi` and
/// `text` (nil means `RenderFormat.defaultColumns`; values are clamped to
/// 1…4096) and is ignored by `json` and `svg`, which keep points.
public func render(_ list: DisplayList, format: RenderFormat, columns: Int? = nil) -> String {
    let columns = columns ?? RenderFormat.defaultColumns
    switch format {
    case .ansi: return AnsiRenderer(columns: columns).render(list)
    case .text: return PlainTextRenderer(columns: columns).render(list)
    case .json: return JSONRenderer().render(list)
    case .svg: return SVGRenderer().render(list)
    }
}
