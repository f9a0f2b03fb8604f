import Foundation

/// `Grid`: rows of cells in shared columns. Each child is a row: a
/// `GridRow` (its children are the cells) or any other view, one cell
/// spanning every column.
enum GridNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { content }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.gridLayout(rows: Array(graph.children(of: id)), graph.grids[Int(node.payload)], proposal, placingIn: nil)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        _ = graph.gridLayout(rows: Array(graph.children(of: id)), graph.grids[Int(node.payload)], proposal, placingIn: frame)
    }

    /// A grid sets no guides of its own: its edges and centres are the defaults.
    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? { nil }
    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }
    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}

/// `GridRow` directly in a grid's content. The grid sizes and places its
/// cells; a row that is itself wrapped in a modifier (and so not one of the
/// grid's rows) lays out as a grid of that one row.
enum GridRowNode: NodeRules {
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { content }
    static var computesOwnSize: Bool { true }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        graph.gridLayout(rows: [id], GridPayload.standalone, proposal, placingIn: nil)
    }

    static func place(_ id: NodeID, _ node: Node, in frame: CGRect, proposal: ProposedViewSize, graph: _ViewGraph) {
        _ = graph.gridLayout(rows: [id], GridPayload.standalone, proposal, placingIn: frame)
    }

    static func explicitGuide(_ id: NodeID, _ node: Node, _ key: AlignmentKey, size: CGSize, in graph: _ViewGraph) -> CGFloat? { nil }
    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) { list.drawChildren(of: id) }
    static var preferenceRole: PreferenceRole { .mergesChildren }
    static func label(_ node: Node, in graph: _ViewGraph) -> String? { nil }
}

extension GridPayload {
    /// A row laid out on its own: centred, default spacing.
    static let standalone = GridPayload(alignment: .center, horizontalSpacing: SwiftUIConstants.defaultGridSpacing,
                                        verticalSpacing: SwiftUIConstants.defaultGridSpacing)
}

extension _ViewGraph {
    /// Sizes a grid whose rows are `rows` (and places them when `frame` is
    /// given). Columns are as wide as their widest single-column cell and
    /// rows as tall as their tallest cell; a finite proposal is shared out
    /// among columns (rows) as a stack shares it among its children.
    func gridLayout(rows rowIDs: [NodeID], _ grid: GridPayload, _ p: ProposedViewSize,
                                               placingIn frame: CGRect?) -> CGSize {
        // Cells of each row, with the first column and span of each.
        var rowCells: [[Cell]?] = []  // nil: a view spanning the whole width
        var columnCount = 0
        for row in rowIDs {
            guard nodes[Int(row)].kind == .gridRow else {
                rowCells.append(nil)
                continue
            }
            var cells: [Cell] = []
            var column = 0
            for cell in children(of: row) {
                let span = gridCellSpans.isEmpty ? 1 : gridCellSpans[cell] ?? 1
                cells.append(Cell(id: cell, column: column, span: span))
                column += span
            }
            columnCount = max(columnCount, column)
            rowCells.append(cells)
        }

        // `gridCellUnsizedAxes`: a cell that does not size its column
        // (row) along an axis is offered the cell the others make.
        func isUnsized(_ id: NodeID, _ axis: Axis.Set) -> Bool {
            !gridCellUnsizedAxes.isEmpty && gridCellUnsizedAxes[id]?.contains(axis) == true
        }

        // Column widths: each column is its single-column cells' widest.
        func columnWidth(_ column: Int, _ offer: CGFloat?) -> CGFloat {
            var width: CGFloat = 0
            for cells in rowCells {
                guard let cells else { continue }
                for cell in cells where cell.column == column && cell.span == 1 && !isUnsized(cell.id, .horizontal) {
                    width = max(width, size(of: cell.id, ProposedViewSize(width: offer, height: nil)).width)
                }
            }
            return width
        }
        var widths = Self.shareOut(count: columnCount, p.width, spacing: grid.horizontalSpacing, columnWidth)
        func spanWidth(_ cell: Cell) -> CGFloat {
            let end = min(cell.column + cell.span, columnCount)
            guard cell.column < end else { return 0 }
            return widths[cell.column..<end].reduce(0, +) + grid.horizontalSpacing * CGFloat(end - cell.column - 1)
        }
        // A cell spanning several columns that needs more than they give
        // widens them equally: a multicolumn cell its ideal width, a view
        // spanning the grid the width it takes of the proposal (Apple's
        // `Grid` page: a `Divider` between rows widens the grid "to fill
        // the width offered by its parent view").
        func widen(_ cell: Cell, to needed: CGFloat) {
            let end = min(cell.column + cell.span, columnCount)
            let extra = needed - spanWidth(cell)
            guard cell.column < end, extra > 0 else { return }
            for column in cell.column..<end { widths[column] += extra / CGFloat(end - cell.column) }
        }
        var fullWidth: CGFloat = 0
        for (index, cells) in rowCells.enumerated() {
            if let cells {
                for cell in cells where cell.span > 1 && !isUnsized(cell.id, .horizontal) {
                    widen(cell, to: size(of: cell.id, ProposedViewSize(width: nil, height: nil)).width)
                }
            } else if !isUnsized(rowIDs[index], .horizontal) || columnCount == 0 {
                let needed = size(of: rowIDs[index], ProposedViewSize(width: p.width, height: nil)).width
                fullWidth = max(fullWidth, needed)
                if columnCount > 0 { widen(Cell(id: rowIDs[index], column: 0, span: columnCount), to: needed) }
            }
        }
        // With no rows of cells, as wide as the widest view spanning it.
        let gridWidth = columnCount > 0
            ? widths.reduce(0, +) + grid.horizontalSpacing * CGFloat(columnCount - 1)
            : fullWidth

        func rowAlignment(_ row: Int) -> Alignment {
            let payload = nodes[Int(rowIDs[row])].payload
            guard rowCells[row] != nil, payload >= 0 else { return grid.alignment }
            return Alignment(horizontal: grid.alignment.horizontal, vertical: alignments[Int(payload)].vertical)
        }
        func isAnchored(_ cell: Cell) -> Bool {
            cell.span > 1 || (!gridCellAnchors.isEmpty && gridCellAnchors[cell.id] != nil)
        }
        // The extent of a row's guide-aligned cells above and below the
        // line their vertical guides meet on (a text baseline, say), as an
        // HStack's; nil when none is aligned by guides.
        func guideExtent(_ row: Int, _ cells: [Cell], _ offer: CGFloat?) -> (above: CGFloat, below: CGFloat)? {
            let key = rowAlignment(row).vertical.key
            var extent: (above: CGFloat, below: CGFloat)?
            for cell in cells where !isAnchored(cell) && !isUnsized(cell.id, .vertical) {
                let size = size(of: cell.id, ProposedViewSize(width: spanWidth(cell), height: offer))
                let guide = guideValue(cell.id, key, size)
                extent = (max(extent?.above ?? guide, guide), max(extent?.below ?? size.height - guide, size.height - guide))
            }
            return extent
        }

        // Row heights: each row is its tallest cell's height (its cells'
        // extent once their guides line up).
        func rowHeight(_ row: Int, _ offer: CGFloat?) -> CGFloat {
            guard let cells = rowCells[row] else {
                guard !isUnsized(rowIDs[row], .vertical) else { return 0 }
                return size(of: rowIDs[row], ProposedViewSize(width: gridWidth, height: offer)).height
            }
            var height: CGFloat = 0
            for cell in cells where !isUnsized(cell.id, .vertical) {
                height = max(height, size(of: cell.id, ProposedViewSize(width: spanWidth(cell), height: offer)).height)
            }
            if let extent = guideExtent(row, cells, offer) { height = max(height, extent.above + extent.below) }
            return height
        }
        let heights = Self.shareOut(count: rowCells.count, p.height, spacing: grid.verticalSpacing, rowHeight)
        let gridHeight = heights.reduce(0, +) + grid.verticalSpacing * CGFloat(max(0, rowCells.count - 1))
        let result = CGSize(width: gridWidth, height: gridHeight)

        if let frame {
            // `gridColumnAlignment`: the topmost single-column cell that
            // sets one decides its column's.
            var columnAlignments = [HorizontalAlignment?](repeating: nil, count: columnCount)
            if !gridColumnAlignments.isEmpty {
                for cells in rowCells {
                    for cell in cells ?? [] where cell.span == 1 && columnAlignments[cell.column] == nil {
                        columnAlignments[cell.column] = gridColumnAlignments[cell.id]
                    }
                }
            }
            var columnX: [CGFloat] = []
            var x = frame.minX
            for width in widths {
                columnX.append(x)
                x += width + grid.horizontalSpacing
            }
            var y = frame.minY
            for (index, cells) in rowCells.enumerated() {
                let rowFrame = CGRect(x: frame.minX, y: y, width: gridWidth, height: heights[index])
                if let cells {
                    // The row itself is not asked to place: its cells are the grid's.
                    frames[Int(rowIDs[index])] = rowFrame
                    let alignment = rowAlignment(index)
                    // The line the guide-aligned cells meet on: their
                    // extent placed in the row by the alignment's fraction
                    // (the top for a baseline).
                    var line = y
                    if let extent = guideExtent(index, cells, heights[index]) {
                        let fraction = alignment.vertical.key.fraction ?? 0
                        line = y + fraction * (heights[index] - extent.above - extent.below) + extent.above
                    }
                    for cell in cells {
                        let cellFrame = CGRect(x: cell.column < columnX.count ? columnX[cell.column] : frame.minX, y: y,
                                               width: spanWidth(cell), height: heights[index])
                        if let anchor = gridCellAnchors.isEmpty ? nil : gridCellAnchors[cell.id] {
                            placeAnchored(cell.id, in: cellFrame, anchor)
                        } else if cell.span > 1 {
                            // A merged cell: the alignment as an anchor.
                            placeAnchored(cell.id, in: cellFrame, Self.anchor(alignment))
                        } else {
                            let horizontal = columnAlignments[cell.column] ?? alignment.horizontal
                            let proposal = ProposedViewSize(cellFrame.size)
                            let size = size(of: cell.id, proposal)
                            let x = alignedOrigin(size, in: cellFrame, Alignment(horizontal: horizontal, vertical: alignment.vertical),
                                                  child: cell.id).x
                            let cellY = isUnsized(cell.id, .vertical)
                                ? alignedOrigin(size, in: cellFrame, alignment, child: cell.id).y
                                : line - guideValue(cell.id, alignment.vertical.key, size)
                            place(cell.id, in: CGRect(x: x, y: cellY, width: size.width, height: size.height), proposal: proposal)
                        }
                    }
                } else {
                    let anchor = (gridCellAnchors.isEmpty ? nil : gridCellAnchors[rowIDs[index]]) ?? Self.anchor(grid.alignment)
                    placeAnchored(rowIDs[index], in: rowFrame, anchor)
                }
                y += heights[index] + grid.verticalSpacing
            }
        }
        return result
    }

    /// Places a cell so that `anchor`'s point of it meets the same point of
    /// `cell` (`gridCellAnchor`, and merged cells, which SwiftUI aligns by
    /// the anchor equivalent to the grid's alignment).
    func placeAnchored(_ id: NodeID, in cell: CGRect, _ anchor: UnitPoint) {
        let size = size(of: id, ProposedViewSize(cell.size))
        place(id, in: CGRect(x: cell.minX + anchor.x * (cell.width - size.width),
                             y: cell.minY + anchor.y * (cell.height - size.height),
                             width: size.width, height: size.height), proposal: ProposedViewSize(cell.size))
    }

    /// The unit point of an alignment (a text baseline counts as the centre).
    static func anchor(_ alignment: Alignment) -> UnitPoint {
        UnitPoint(x: alignment.horizontal.key.fraction ?? 0.5, y: alignment.vertical.key.fraction ?? 0.5)
    }

    /// Lengths for `count` columns (rows) given `proposed` along their axis:
    /// each one's ideal when nil; otherwise the least flexible first, each
    /// offered an equal part of what is left, as `HStack` and `VStack` do.
    static func shareOut(count: Int, _ proposed: CGFloat?, spacing: CGFloat,
                         _ length: (Int, CGFloat?) -> CGFloat) -> [CGFloat] {
        guard let proposed else { return (0..<count).map { length($0, nil) } }
        let flexibility = (0..<count).map { length($0, .infinity) - length($0, 0) }
        let order = (0..<count).sorted { flexibility[$0] < flexibility[$1] || (flexibility[$0] == flexibility[$1] && $0 < $1) }
        var lengths = [CGFloat](repeating: 0, count: count)
        var remaining = max(0, proposed - spacing * CGFloat(max(0, count - 1)))
        for (done, index) in order.enumerated() {
            let offer = remaining / CGFloat(count - done)
            lengths[index] = length(index, offer)
            remaining = max(0, remaining - lengths[index])
        }
        return lengths
    }
}

/// A cell of a grid row: its node, first column and the columns it spans.
private struct Cell {
    let id: NodeID
    let column: Int
    let span: Int
}
