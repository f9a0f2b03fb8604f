import FormLayout
import FormModel
import Foundation

/// One field on the terminal editor's screen, in cells: its label above a
/// bordered text field whose border has the state's colour (red, yellow,
/// green, orange, as in the minimap), on a container that is lighter when
/// the field has the focus. The value's text is tagged
/// `EditorFieldView.valueIdentifier(key)` so that the editor can find where
/// to put the cursor.
public struct EditorFieldView: View {
    let field: Field
    let window: ValueWindow
    let columns: Int
    let isFocused: Bool

    /// The view of `field` `columns` wide, showing `window` of its value.
    public init(field: Field, window: ValueWindow, columns: Int, isFocused: Bool) {
        self.field = field
        self.window = window
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
            Text(window.text)
                .lineLimit(1)
                .foregroundColor(EditorPalette.value)
                .frame(width: CGFloat(valueColumns), height: row, alignment: .leading)
                .accessibilityIdentifier(Self.valueIdentifier(field.key))
                .padding(.horizontal, 2)
                .padding(.vertical, row)
                .overlay(RoundedRectangle(cornerRadius: 1).fill(field.state.color.color))
        }
        .padding(.horizontal, 1)
        .background(isFocused ? EditorPalette.focusedContainer : EditorPalette.container)
    }
}
