import FormLayout
import FormModel
import FormScreens
import FormRender
import Foundation

/// One screenful of the editor in terminal cells: the grid to show and
/// where the cursor goes. Made from the session alone, each time anything
/// changes: the form on screen (with the typed text) is laid out again by
/// FormLayout in cell units, its minimap brought up to date by the
/// session's `RetainedFormPicture` (in place after a keystroke), and both
/// drawn from their display lists by `CellRenderer`.
public struct EditorFrame: Sendable {
    /// The cells.
    public let grid: CellGrid
    /// The cursor's cell (column, row from 0), nil when no field has the focus.
    public let cursor: (column: Int, row: Int)?

    /// The frame of `session` on a terminal `columns` × `rows` cells. Scrolls
    /// the session's rows so that the focused field is on screen.
    public init(session: EditSession, columns: Int, rows: Int) {
        let edited = session.editedForm
        let geometry = EditorGeometry(columns: columns, rows: rows, showsTabBar: edited.showsTabBar)
        session.scroll(in: geometry)
        let form = session.shownForm
        // The whole form, so that the minimap's title is the whole title;
        // only the minimap is computed (the point-sized screen is not drawn).
        let minimap = session.minimap(of: edited).minimap
        let minimapRows = AnsiRenderer(columns: geometry.minimapColumns).rows(for: minimap.size)
        let status = session.status
        let content = EditorScreen.Content(
            form: form, focusedKey: session.focusedKey, cursor: session.buffer.cursor, firstRow: session.firstRow,
            status: status.text, statusColor: status.color, keys: session.keyHelp, minimapRows: minimapRows,
            title: edited.title, tabs: edited.tabBarLayout, highlightedTab: edited.tabBarLayout.highlightedTab(for: edited.selectedPage),
            shownRows: session.shownRows, focusedText: session.buffer.text, focusedChoice: session.focusedChoice)
        let measurer = CellTextMeasurer()
        let screen = EditorScreen(content: content, geometry: geometry, measurer: measurer)
        let size = CGSize(width: CellScale.width(columns: columns), height: CellScale.height(rows: rows))
        let result = ViewHost(screen, windowSize: size, textMeasurer: measurer).layout()
        grid = CellRenderer(pictures: [EditorScreen.minimapImage: minimap]).render(result.displayList, columns: columns, rows: rows)

        if let key = session.focusedKey, let field = session.focusedField,
           let frame = result.frame(of: EditorFieldView.valueIdentifier(key)) {
            // The same box the view showed: the frame is the value's width.
            let box = EditorFieldContent(field: field, text: session.buffer.text, cursor: session.buffer.cursor, isFocused: true,
                                         focusedChoice: session.focusedChoice, columns: Int(frame.width.rounded()), measurer: measurer)
            if let column = box.cursorColumn, let line = box.cursorLine {
                cursor = (Int(frame.minX.rounded()) + column, Int((frame.minY / CellScale.pointsPerRow).rounded()) + line)
            } else {
                cursor = nil
            }
        } else {
            cursor = nil
        }
    }
}
