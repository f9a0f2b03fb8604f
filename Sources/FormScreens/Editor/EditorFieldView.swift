import FormLayout
import FormModel
import Foundation

/// One field on the terminal editor's screen, in cells: its label above a
/// bordered box whose border has the state's colour (red, yellow, green,
/// orange, as in the minimap), on a container that is lighter when the
/// field has the focus. The box shows the field's type's control
/// (`EditorFieldContent`): a line of text, several lines, `‹ Green ›`, or
/// a list of `[x]` choices. The box's content is tagged
/// `EditorFieldView.valueIdentifier(key)` so that the editor can find where
/// to put the cursor.
public struct EditorFieldView: View {
    let field: Field
    let content: EditorFieldContent
    let columns: Int
    let isFocused: Bool

    /// The view of `field` `columns` wide, its box showing `content`.
    public init(field: Field, content: EditorFieldContent, columns: Int, isFocused: Bool) {
        self.field = field
        self.content = content
        self.columns = columns
        self.isFocused = isFocused
    }

    /// The identifier of the value's text for field `key`.
    public static func valueIdentifier(_ key: String) -> String { "value:" + key }

    public var body: some View {
        let row = EditorGeometry.rowHeight
        let valueColumns = EditorGeometry.valueColumns(fieldColumns: columns)
        return VStack(alignment: .leading, spacing: 0) {
            Text(field.label)
                .lineLimit(1)
                .fontWeight(isFocused ? .bold : nil)
                .foregroundColor(isFocused ? EditorPalette.focusedLabel : EditorPalette.label)
                .frame(width: CGFloat(columns - 2), height: row, alignment: .leading)
            box(valueColumns: valueColumns)
                .accessibilityIdentifier(Self.valueIdentifier(field.key))
                .padding(.horizontal, 2)
                .padding(.vertical, row)
                .overlay(RoundedRectangle(cornerRadius: 1).fill(field.state.color.color))
        }
        .padding(.horizontal, 1)
        .background(isFocused ? EditorPalette.focusedContainer : EditorPalette.container)
    }

    /// The box's lines: one text as before types (the usual case, one
    /// view), else a stack of one-line texts.
    @ViewBuilder private func box(valueColumns: Int) -> some View {
        let row = EditorGeometry.rowHeight
        if content.lines.count == 1 {
            Text(content.lines[0])
                .lineLimit(1)
                .foregroundColor(EditorPalette.value)
                .frame(width: CGFloat(valueColumns), height: row, alignment: .leading)
        } else {
            let lines = content.lines
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<lines.count) { index in
                    Text(lines[index])
                        .lineLimit(1)
                        .foregroundColor(EditorPalette.value)
                        .frame(width: CGFloat(valueColumns), height: row, alignment: .leading)
                }
            }
            .frame(width: CGFloat(valueColumns), height: row * CGFloat(lines.count), alignment: .topLeading)
        }
    }
}
