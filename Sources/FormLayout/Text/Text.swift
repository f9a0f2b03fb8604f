/// A run of read-only text, as SwiftUI's `Text`. It takes the width it
/// needs, wraps at spaces when offered less, and is one line height tall per
/// line in the environment's font (`.font(_:)`, `.fontWeight(_:)`).
public struct Text: _PrimitiveView, Equatable {
    /// The text shown.
    public let content: String

    /// Text showing `content` (SwiftUI's localisation lookup does not apply).
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    /// Text showing `content` exactly as given.
    public init(verbatim content: String) { self.content = content }

    public static func _makeView(_ view: Text, into graph: _ViewGraph) {
        let layout = TextLayout(string: view.content, font: graph.environment.resolvedFont,
                                lineLimit: graph.environment.lineLimit, measurer: graph.textMeasurer)
        graph.addLeaf(.text, payload: graph.texts.appendIndex(TextPayload(layout: layout, color: graph.colorBoxes.box(graph.environment.resolvedForeground))))
    }
}
