import FormLayout
import FormModel
import Foundation

/// An instance added at the end of a repeat, laid out incrementally: its
/// section is built alone and inserted after the repeat's last instance in
/// the kept layout (`RetainedLayout.insert(_:after:in:)`), what that moves
/// is placed again, and its minimap rectangles go right after the last
/// instance's (`FormElement.backToFront`).
extension RetainedFormPicture {
    /// Pictures `form`, which is the form pictured so far with one more
    /// instance, `path`, after the last instance of its repeat: its group,
    /// rows and fields added, and nothing else changed that is drawn (rows
    /// and positions may be numbered again). Laid out incrementally on a
    /// form of one page when the repeat had an instance on screen and the
    /// new one holds no group; from scratch otherwise. Either way the
    /// result is `FormPicture(form:)`'s, bit for bit, and `minimapRects`
    /// holds the patched rectangles.
    public func update(to form: FormDefinition, addingInstance path: String) {
        // Fields and rows are numbered again: the value lookups are made
        // again at the next change; the rectangles' index is patched here.
        lookups = nil
        var rectList = takeRectList()
        guard let page, let scale, form.pages.count == 1, self.form.pages.count == 1,
              let instance = form.group(path), instance.kind == .instance, let repeatPath = instance.parent,
              self.form.group(path) == nil,
              let previous = self.form.groups.last(where: { $0.kind == .instance && $0.parent == repeatPath }),
              page.frame(ofViewWithID: FormScreenPart.group(previous.path)) != nil,
              !Self.hasGroups(within: path, in: form),
              let previousBox = rectList.index(of: .group, previous.path)
        else { return relayOut(form) }
        // Its rectangles go right after the last instance's box and what it holds.
        let position = rectList.firstIndex(from: previousBox + 1) { !FieldPath.isWithin($0, previous.path) }
        let resizedBefore = page.counts.resized
        // What the section draws: the instance's rows, each with its shown
        // fields in form order (`FormItemsView.Context` for these rows alone).
        // Only the instance's fields are looked at: what a change costs must
        // not grow with the form (the rows are scanned, the fields' row
        // numbers compared, nothing copied).
        var rowItems: [FormLayoutItem] = []
        var rowRanges = [Range<Int>](repeating: 0..<0, count: form.rows.count)
        var placeOfNumber: [Int: Int] = [:]
        var (lowest, highest) = (Int.max, Int.min)
        for place in form.rows.indices where form.rows[place].group == path {
            rowItems.append(.row(place))
            let number = form.rows[place].number
            placeOfNumber[number] = place
            (lowest, highest) = (min(lowest, number), max(highest, number))
        }
        var instanceFields: [(index: Int, place: Int)] = []
        for index in form.fields.indices {
            let row = form.fields[index].row
            if row >= lowest, row <= highest, let place = placeOfNumber[row] { instanceFields.append((index, place)) }
        }
        let shown = Self.shownFlags(of: instanceFields.map(\.index), in: form, instance: instance)
        var byPlace: [Int: [Int]] = [:]
        for (field, isShown) in zip(instanceFields, shown) where isShown { byPlace[field.place, default: []].append(field.index) }
        var fieldOrder: [Int] = []
        for case .row(let place) in rowItems {
            let start = fieldOrder.count
            fieldOrder.append(contentsOf: byPlace[place] ?? [])
            rowRanges[place] = start..<fieldOrder.count
        }
        let context = FormItemsView.Context(form: form, fieldOrder: fieldOrder, rowRanges: rowRanges)
        cachedPicture = nil
        let (keptRows, keptGroups) = (self.form.rows, self.form.groups)
        if let first = instanceFields.first, let last = instanceFields.last, last.index - first.index + 1 == instanceFields.count {
            adopt(form, insertingFields: first.index..<(last.index + 1))
        } else {
            self.form = form
        }
        if case .row(let firstPlace)? = rowItems.first, case .row(let lastPlace)? = rowItems.last,
           lastPlace - firstPlace + 1 == rowItems.count {
            adopt(consume keptRows, insertingRows: firstPlace..<(lastPlace + 1))
        }
        if let place = form.groups.firstIndex(where: { $0.path == path }) {
            adopt(consume keptGroups, insertingGroup: place)
        }
        let wasOn = hiddenCount == 0
        // Nothing else changed: the fields hidden now are those hidden before and the instance's.
        hiddenCount += instanceFields.reduce(0) { $0 + (form.fields[$1.index].isVisible ? 0 : 1) }
        let screen = { [unowned self] in
            PageScreen(page: self.form.shownPageForm ?? self.form, title: self.title, direction: self.form.direction.layoutDirection)
        }
        // Built as `FormItemsView` builds each item.
        let section = AnyView(FormItemView(item: .group(instance, rowItems), context: context))
        var laidOut = page.insert(section, after: FormScreenPart.group(previous.path), in: screen())
        let newTitle = form.title
        if laidOut && newTitle != title {
            title = newTitle
            laidOut = page.update(replacing: FormScreenPart.title, with: FormTitleView(title: newTitle), in: screen())
        }
        if laidOut && (hiddenCount == 0) != wasOn {
            laidOut = page.update(replacing: FormScreenPart.visibilitySwitch, with: VisibilitySwitch(isOn: hiddenCount == 0), in: screen())
        }
        guard laidOut else { return layOut() }
        // The instance's rectangles, back to front, right after the last instance's.
        let elements = page.preference(FormElementsKey.self, ofViewWithID: FormScreenPart.group(path)) ?? []
        let rects = FormElement.backToFront(elements).enumerated().map { offset, index in
            MinimapRect(elements[index], z: position + offset, scale: scale, resolve: page.resolve)
        }
        // The kept display list and array are made again when next read
        // (the canvas may grow; every rectangle after these moves up a place).
        (keptMinimap, rectArray) = (nil, nil)
        rectList.insert(rects, at: position)
        self.rectList = rectList
        // The instance's own views are listed as moved (they were placed):
        // their rectangles are the ones just put in.
        let moved = page.takeMovedViews().filter { !Self.isWithin($0, path) }
        guard patchMinimap(moved: moved, inserted: [], removed: [], resized: page.counts.resized != resizedBefore) else {
            return layOut()
        }
        resizedCount += 1
    }

    /// Whether `form` has a group inside the one at `path` (not counting
    /// that group). Inside an ASCII path, only a longer one can lie (its
    /// bytes start with the other's and a `.`): the length, which a native
    /// string knows, is compared first, so that the instances of a long
    /// repeat, all about as long, are not compared byte by byte.
    private static func hasGroups(within path: String, in form: FormDefinition) -> Bool {
        let length = path.utf8.count
        let isASCII = path.utf8.allSatisfy { $0 < 0x80 }
        return form.groups.contains {
            (!isASCII || $0.path.utf8.count > length) && $0.path != path && FieldPath.isWithin($0.path, path)
        }
    }

    /// Whether each of the fields at `indices` (the new `instance`'s) is
    /// shown (`FormDefinition.shownFlags`). Without a condition in the
    /// instance that is each field's own flag: the groups around it hide
    /// the instance before it only when they hide it too, and it was on
    /// screen. A condition may read any field: the whole form's flags.
    private static func shownFlags(of indices: [Int], in form: FormDefinition, instance: FormGroup) -> [Bool] {
        if instance.showIf == nil && indices.allSatisfy({ form.fields[$0].showIf == nil }) {
            return indices.map { form.fields[$0].isVisible }
        }
        let shown = form.shownFlags
        return indices.map { shown[$0] }
    }

    /// Whether the view named `id` (a field's key, or a group's part) is in
    /// the group at `path`, or is its box or title.
    private static func isWithin(_ id: AnyHashable, _ path: String) -> Bool {
        switch id.base {
        case let key as String: FieldPath.isWithin(key, path)
        case FormScreenPart.group(let group) as FormScreenPart: FieldPath.isWithin(group, path)
        case FormScreenPart.groupTitle(let group) as FormScreenPart: FieldPath.isWithin(group, path)
        default: false
        }
    }

    /// Makes `form` the form pictured, keeping this picture's own array of
    /// fields: the fields at `inserted` are put into it, and the others
    /// take their row and position from `form`. Two holders of one array
    /// would make the caller's next edit copy every field, and freeing the
    /// old array would visit every field. When the other fields do not
    /// line up key for key with the old ones, `form`'s array is kept.
    private func adopt(_ form: FormDefinition, insertingFields inserted: Range<Int>) {
        var fields = self.form.fields
        self.form = form
        guard fields.count + inserted.count == form.fields.count else { return }
        fields.insert(contentsOf: form.fields[inserted], at: inserted.lowerBound)
        // The fields on either side of the instance's are the same ones.
        for index in [inserted.lowerBound - 1, inserted.upperBound] where fields.indices.contains(index) {
            guard fields[index].key == form.fields[index].key else { return }
        }
        // Numbered again: read in place (a copy of each field would retain
        // its strings) and written only where they differ. Rows and
        // positions are numbered in form order, so an instance inserted
        // moves only what follows it: when the field just before it kept
        // its numbers, so did every field before that, and only the fields
        // after the instance are looked at (what a change costs must not
        // grow with the part of the form before it).
        let before = inserted.lowerBound - 1
        let start = before >= 0 && fields[before].row == form.fields[before].row
            && fields[before].position == form.fields[before].position ? inserted.lowerBound : 0
        form.fields.withUnsafeBufferPointer { new in
            fields.withUnsafeMutableBufferPointer { fields in
                for index in start..<fields.count where !inserted.contains(index) {
                    let (row, position) = (new[index].row, new[index].position)
                    if fields[index].row != row { fields[index].row = row }
                    if fields[index].position != position { fields[index].position = position }
                }
            }
        }
        self.form.fields = fields
    }

    /// As `adopt(_:insertingFields:)` for the rows: `rows`, this picture's
    /// own array of them before the change, is kept, with the instance's
    /// rows at `inserted` put into it and the others numbered as in the
    /// form now pictured. Freeing the old array visited every row (3,400
    /// in a form of 10,000 fields: a fortieth of adding an instance). When
    /// the rows either side do not line up with the form's, its array is
    /// kept.
    private func adopt(_ rows: consuming [FormRow], insertingRows inserted: Range<Int>) {
        let new = form.rows
        guard rows.count + inserted.count == new.count else { return }
        rows.insert(contentsOf: new[inserted], at: inserted.lowerBound)
        for index in [inserted.lowerBound - 1, inserted.upperBound] where rows.indices.contains(index) {
            guard rows[index].group == new[index].group, rows[index].page == new[index].page else { return }
        }
        // Only the rows after the instance are renumbered when the one
        // before it kept its number (rows are numbered in form order).
        let before = inserted.lowerBound - 1
        let start = before >= 0 && rows[before].number == new[before].number ? inserted.lowerBound : 0
        new.withUnsafeBufferPointer { new in
            rows.withUnsafeMutableBufferPointer { rows in
                for index in start..<rows.count where !inserted.contains(index) && rows[index].number != new[index].number {
                    rows[index].number = new[index].number
                }
            }
        }
        form.rows = rows
    }

    /// As `adopt(_:insertingRows:)` for the groups: `groups`, this
    /// picture's own array of them before the change, kept with the
    /// instance's group put in at `inserted` and the others' first rows
    /// taken from the form now pictured (freeing the old array visited
    /// every group).
    private func adopt(_ groups: consuming [FormGroup], insertingGroup inserted: Int) {
        let new = form.groups
        guard groups.count + 1 == new.count else { return }
        groups.insert(new[inserted], at: inserted)
        for index in [inserted - 1, inserted + 1] where groups.indices.contains(index) {
            guard groups[index].path == new[index].path else { return }
        }
        new.withUnsafeBufferPointer { new in
            groups.withUnsafeMutableBufferPointer { groups in
                for index in groups.indices where index != inserted && groups[index].firstRow != new[index].firstRow {
                    groups[index].firstRow = new[index].firstRow
                }
            }
        }
        form.groups = groups
    }
}
