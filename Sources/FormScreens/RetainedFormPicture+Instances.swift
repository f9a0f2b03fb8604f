import FormLayout
import FormModel
import Foundation

/// An instance added at the end of a repeat, laid out incrementally: its
/// section is built alone and inserted after the repeat's last instance in
/// the kept layout (`RetainedLayout.insert(_:after:in:)`), what that moves
/// is placed again, and its minimap rectangles go in front of the last
/// instance's.
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
        var rectIndex = takeRectIndex()
        guard let page, let scale, form.pages.count == 1, self.form.pages.count == 1,
              let instance = form.group(path), instance.kind == .instance, let repeatPath = instance.parent,
              self.form.group(path) == nil,
              let previous = self.form.groups.last(where: { $0.kind == .instance && $0.parent == repeatPath }),
              page.frame(ofViewWithID: FormScreenPart.group(previous.path)) != nil,
              !form.groups.contains(where: { $0.parent == path }),
              let position = rectIndex.index(of: .group, previous.path)
        else { return update(to: form) }
        let resizedBefore = page.counts.resized
        // What the section draws: the instance's rows, each with its shown
        // fields in form order (`FormItemsView.Context` for these rows alone).
        let shown = form.shownFlags
        var rowItems: [FormLayoutItem] = []
        var rowRanges = [Range<Int>](repeating: 0..<0, count: form.rows.count)
        var fieldOrder: [Int] = []
        var placeOfNumber: [Int: Int] = [:]
        for place in form.rows.indices where form.rows[place].group == path {
            rowItems.append(.row(place))
            placeOfNumber[form.rows[place].number] = place
        }
        var byPlace: [Int: [Int]] = [:]
        for (index, field) in form.fields.enumerated() where shown[index] {
            if let place = placeOfNumber[field.row] { byPlace[place, default: []].append(index) }
        }
        for case .row(let place) in rowItems {
            let start = fieldOrder.count
            fieldOrder.append(contentsOf: byPlace[place] ?? [])
            rowRanges[place] = start..<fieldOrder.count
        }
        let context = FormItemsView.Context(form: form, fieldOrder: fieldOrder, rowRanges: rowRanges)
        self.form = form
        cachedPicture = nil
        let wasOn = hiddenCount == 0
        hiddenCount = form.fields.reduce(0) { $0 + ($1.isVisible ? 0 : 1) }
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
        // The instance's rectangles, back to front, in front of the last instance's.
        let elements = page.preference(FormElementsKey.self, ofViewWithID: FormScreenPart.group(path)) ?? []
        let rects = elements.reversed().filter(\.isShownInMinimap).enumerated().map { offset, element in
            MinimapRect(element, z: position + offset, scale: scale, resolve: page.resolve)
        }
        minimapRects.insert(contentsOf: rects, at: position)
        for z in (position + rects.count)..<minimapRects.count { minimapRects[z].z = z }
        // The kept display list is drawn again when next read: its canvas may grow.
        keptMinimap = nil
        rectIndex.splice(at: position, delta: rects.count)
        for (offset, rect) in rects.enumerated() { rectIndex.set(rect.kind, rect.key, at: position + offset) }
        self.rectIndex = rectIndex
        guard patchMinimap(moved: page.takeMovedViews(), inserted: [], removed: [], resized: page.counts.resized != resizedBefore) else {
            return layOut()
        }
        resizedCount += 1
    }
}
