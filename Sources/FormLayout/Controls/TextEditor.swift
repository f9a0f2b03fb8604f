import Foundation

/// A multi-line editable text view, as SwiftUI's `TextEditor` on iOS (a
/// `UITextView`): it takes the width and the height it is offered, so a
/// form gives it a height with `frame(height:)`, and it shows its text
/// wrapped to its width from the top, as many lines as fit.
///
/// Offered nothing, it is `SwiftUIConstants.textFieldIdealWidth` wide and
/// one line tall with its insets (`SwiftUIConstants.textEditorHeight(lines:)`).
/// The headless engine draws it with a text field's rounded border, which a
/// `TextEditor` in a `Form` row does not have, so that its extent shows.
public struct TextEditor: _PrimitiveView {
    /// The text shown, wrapped at the editor's width; a newline starts a line.
    public let text: String

    /// Reads the binding's value once; a headless editor never writes back.
    public init(text: Binding<String>) { self.init(text: text.wrappedValue) }
    /// An editor showing `text`; no binding needed headlessly.
    public init(text: String) { self.text = text }

    public static func _makeView(_ view: TextEditor, into graph: _ViewGraph) {
        graph.addLeaf(.textEditor, payload: graph.controls.appendIndex(ControlPayload(
            text: view.text, font: graph.environment.resolvedFont,
            isRightToLeft: graph.environment.layoutDirection == .rightToLeft)))
    }
}

/// A text editor: as wide and as tall as offered; a rounded border and the
/// text wrapped inside `UITextView`'s insets, cut at the last whole line.
enum TextEditorNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        SizeDependence(width: true, height: true)
    }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        CGSize(width: proposal.width ?? SwiftUIConstants.textFieldIdealWidth,
               height: proposal.height ?? SwiftUIConstants.textEditorHeight(lines: 1))
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        let control = list.graph.controls[Int(node.payload)]
        let frame = list.frame(of: id)
        list.add(frame, .roundedRectangle(cornerRadius: SwiftUIConstants.textFieldCornerRadius), .white,
                 stroke: SwiftUIConstants.ControlAppearance.textFieldBorder)
        let side = SwiftUIConstants.textEditorHorizontalInset, top = SwiftUIConstants.textEditorVerticalInset
        let room = CGSize(width: max(0, frame.width - 2 * side), height: max(0, frame.height - 2 * top))
        let lineHeight = control.font.lineHeight
        let fitting = lineHeight > 0 ? Int((room.height / lineHeight).rounded(.down)) : 0
        guard fitting > 0, !control.text.isEmpty else { return }
        let layout = TextLayout(string: control.text, font: control.font, measurer: list.graph.textMeasurer)
        let lines = Array(layout.lines(in: room.width, measurer: list.graph.textMeasurer).prefix(fitting))
        let textFrame = CGRect(x: frame.minX + side, y: frame.minY + top,
                               width: room.width, height: CGFloat(lines.count) * lineHeight)
        list.add(control.mirrored(textFrame, in: frame), .text(lines: lines, font: control.font), .primary)
    }
}
