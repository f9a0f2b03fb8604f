import FormLayout
import FormModel
import Foundation

/// The terminal editor's screen as views, in cells (see `EditorGeometry`):
/// the title, the shown form rows with each field's label and bordered
/// text field, the minimap beside them as the image `EditorScreen.minimapImage`
/// (a renderer draws the minimap's own display list there), and the status
/// and key lines at the bottom. Lay it out with `ViewHost` and a
/// `CellTextMeasurer`.
public struct EditorScreen: View {
    /// What the screen shows.
    public struct Content: Sendable {
        /// The form shown, with the value being typed already in it.
        public var form: FormDefinition
        /// The field with the focus, if any.
        public var focusedKey: String?
        /// The cursor, in characters from the start of the focused value.
        public var cursor: Int
        /// The focused field's text as typed (nil: its value), which its
        /// box shows rather than the text it will be stored as.
        public var focusedText: String?
        /// The choice ↑/↓ point at in a focused `select_multiple` field.
        public var focusedChoice: Int?
        /// The index (in `rowsShown`' order) of the first form row on screen.
        public var firstRow: Int
        /// The status line, and its colour.
        public var status: String
        public var statusColor: Color
        /// The key line.
        public var keys: String
        /// Rows the minimap takes (it is cut at the status line).
        public var minimapRows: Int
        /// The title shown: the whole form's, whose fields may sit on other pages.
        public var title: String
        /// The tab bar's tabs, and which one is highlighted (nil: none);
        /// shown when the geometry has a tab bar row.
        public var tabs: TabBarLayout
        public var highlightedTab: TabBarLayout.Tab?
        /// `EditorScreen.rowsShown(of: form)` when the caller keeps it
        /// already (an editor typing into a form of thousands of fields
        /// would otherwise group them all again at each keystroke); nil:
        /// the screen computes it from `form`.
        public var shownRows: [ShownRow]?

        /// Content as given; the title defaults to `form.title`, and there
        /// are no tabs. `shownRows`, when given, must be `rowsShown(of: form)`.
        public init(form: FormDefinition, focusedKey: String?, cursor: Int, firstRow: Int, status: String,
                    statusColor: Color, keys: String, minimapRows: Int, title: String? = nil,
                    tabs: TabBarLayout = TabBarLayout(pages: []), highlightedTab: TabBarLayout.Tab? = nil,
                    shownRows: [ShownRow]? = nil, focusedText: String? = nil, focusedChoice: Int? = nil) {
            self.form = form
            self.focusedText = focusedText
            self.focusedChoice = focusedChoice
            self.shownRows = shownRows
            self.title = title ?? form.title
            self.tabs = tabs
            self.highlightedTab = highlightedTab
            self.focusedKey = focusedKey
            self.cursor = cursor
            self.firstRow = firstRow
            self.status = status
            self.statusColor = statusColor
            self.keys = keys
            self.minimapRows = minimapRows
        }
    }

    /// The name of the image the minimap is drawn in.
    public static let minimapImage = "minimap"

    let content: Content
    let geometry: EditorGeometry
    let measurer: any TextMeasurer

    /// The screen for `content` on a terminal of `geometry`'s size;
    /// `measurer` (a `CellTextMeasurer`) decides which part of a long value shows.
    public init(content: Content, geometry: EditorGeometry, measurer: any TextMeasurer) {
        self.content = content
        self.geometry = geometry
        self.measurer = measurer
    }

    /// The form rows that hold a shown field, top to bottom: the rows the
    /// screen can show (an empty row takes no room), each with the titles
    /// of the groups, repeats and instances that start at it.
    public static func rowsShown(of form: FormDefinition) -> [ShownRow] {
        let byRow = form.visibleFieldsByRow
        let headings = form.groups.isEmpty ? [:] : Self.headings(of: form, shown: byRow)
        return form.rows.enumerated().compactMap { index, row in
            guard let fields = byRow[row.number], !fields.isEmpty else { return nil }
            return ShownRow(row: row, fields: fields, headings: headings[index] ?? [])
        }
    }

    /// For each row (by index in `form.rows`) that a shown group, repeat or
    /// instance starts at, their titles, outermost first (`Children`,
    /// `Child 1`), as the page draws them above their rows. A group none of
    /// whose rows shows a field gives no title: it would name the rows
    /// after it.
    static func headings(of form: FormDefinition, shown byRow: [Int: [Field]]) -> [Int: [String]] {
        var headings: [Int: [String]] = [:]
        var pending: [String] = []
        func visit(_ items: [FormLayoutItem]) {
            for item in items {
                switch item {
                case .row(let index):
                    guard form.rows.indices.contains(index), byRow[form.rows[index].number]?.isEmpty == false else { continue }
                    if !pending.isEmpty {
                        headings[index] = pending
                        pending = []
                    }
                case .group(let group, let inner), .repeatGroup(let group, let inner):
                    let mark = pending.count
                    let title = group.kind == .instance ? form.instanceTitle(group) : group.title
                    if let title, !title.isEmpty { pending.append(title) }
                    visit(inner)
                    // Not drawn above any row: left out, not carried on.
                    if pending.count > mark { pending.removeLast(pending.count - mark) }
                }
            }
        }
        visit(form.layoutItems)
        return headings
    }

    /// A form row with its shown fields, left to right.
    public struct ShownRow: Sendable {
        /// The row.
        public var row: FormRow
        /// Its shown fields.
        public var fields: [Field]
        /// The titles drawn above it, one line each: the groups, repeats
        /// and instances that start at it, outermost first.
        public var headings: [String] = []

        /// The lines it takes on screen: its headings and its fields
        /// (`EditorGeometry.rows(of:)`).
        public var lineCount: Int { headings.count + EditorGeometry.rows(of: fields) }
    }

    public var body: some View {
        let row = EditorGeometry.rowHeight
        let rows = content.shownRows ?? Self.rowsShown(of: content.form)
        let first = min(max(content.firstRow, 0), max(rows.count - 1, 0))
        let fitting = geometry.fittingRowCount(from: first, count: rows.count) { rows[$0].lineCount }
        let shown = Array(rows[first..<min(first + fitting, rows.count)])
        let widest = content.form.rows.map(\.width).max() ?? 1
        return VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .top, spacing: CGFloat(EditorGeometry.minimapGap)) {
                VStack(alignment: .leading, spacing: 0) {
                    Text(content.title)
                        .lineLimit(1)
                        .bold()
                        .foregroundColor(EditorPalette.title)
                        .frame(width: CGFloat(geometry.formColumns), height: row, alignment: .leading)
                    Color.clear.frame(height: row * CGFloat(EditorGeometry.headerRows - 1))
                    VStack(alignment: .leading, spacing: row * CGFloat(EditorGeometry.rowGap)) {
                        ForEach(shown, id: \.row.number) { entry in
                            VStack(alignment: .leading, spacing: 0) {
                                ForEach(0..<entry.headings.count) { index in
                                    Text(entry.headings[index])
                                        .lineLimit(1)
                                        .bold()
                                        .foregroundColor(EditorPalette.heading)
                                        .frame(width: CGFloat(geometry.formColumns), height: row, alignment: .leading)
                                }
                                formRow(entry.fields, columns: geometry.columns(ofRowWidth: entry.row.width, widest: widest))
                            }
                        }
                    }
                }
                .frame(width: CGFloat(geometry.formColumns), height: row * CGFloat(geometry.bodyRows), alignment: .topLeading)
                Image(Self.minimapImage, width: 1, height: 1)
                    .resizable()
                    .frame(width: CGFloat(geometry.minimapColumns), height: row * CGFloat(min(content.minimapRows, geometry.bodyRows)))
            }
            .frame(width: CGFloat(geometry.columns), height: row * CGFloat(geometry.bodyRows), alignment: .topLeading)
            if geometry.showsTabBar {
                tabBar.frame(width: CGFloat(geometry.columns), height: row, alignment: .leading)
            }
            Text(content.status)
                .lineLimit(1)
                .foregroundColor(content.statusColor)
                .frame(width: CGFloat(geometry.columns), height: row, alignment: .leading)
            Text(content.keys)
                .lineLimit(1)
                .foregroundColor(EditorPalette.keys)
                .frame(width: CGFloat(geometry.columns), height: row, alignment: .leading)
        }
        .frame(width: CGFloat(geometry.columns), height: row * CGFloat(geometry.rows), alignment: .topLeading)
    }

    /// The tab bar in one row (seed 001's four tabs and More from six
    /// pages): the highlighted tab bold in the accent colour, the others grey.
    private var tabBar: some View {
        let tabs = content.tabs.tabs
        return HStack(alignment: .top, spacing: 3) {
            ForEach(0..<tabs.count) { index in
                let tab = tabs[index]
                let title: String = switch tab {
                case .page(let page): page.title
                case .more: TabBarLayout.moreTitle
                }
                let isHighlighted = tab == content.highlightedTab
                Text(isHighlighted ? "[\(title)]" : " \(title) ")
                    .lineLimit(1)
                    .fontWeight(isHighlighted ? .bold : .regular)
                    .foregroundColor(isHighlighted ? Color.blue : EditorPalette.label)
            }
        }
    }

    /// One form row: its fields side by side, sharing the row's columns.
    private func formRow(_ fields: [Field], columns: Int) -> some View {
        let widths = EditorGeometry.fieldColumns(count: fields.count, rowColumns: columns)
        let cells = zip(fields, widths).map { field, width in
            let isFocused = field.key == content.focusedKey
            let box = EditorFieldContent(
                field: field, text: isFocused ? content.focusedText ?? field.value : field.value, cursor: content.cursor,
                isFocused: isFocused, focusedChoice: isFocused ? content.focusedChoice : nil,
                columns: EditorGeometry.valueColumns(fieldColumns: width), measurer: measurer)
            return EditorFieldView(field: field, content: box, columns: width, isFocused: isFocused)
        }
        return HStack(alignment: .top, spacing: CGFloat(EditorGeometry.fieldGap)) {
            ForEach(0..<cells.count) { cells[$0] }
        }
    }
}
