import FormLayout
import FormModel
import Foundation

/// The kept minimap brought up to date after an incremental change, by
/// key: the rectangles of the views that moved are computed again from
/// their own elements (and redrawn in the kept display list), a shown
/// field's are inserted beside its neighbour's and a hidden field's taken
/// out (`MinimapRectList`). Rectangles are in z order from 0, as their items.
extension RetainedFormPicture {
    /// Patches `minimapRects` (and the kept minimap) for the views named
    /// `moved`, the fields `inserted` next to their neighbours, and the
    /// fields `removed`; false when the minimap's scale changed (every
    /// rectangle would move: the caller lays the page out again), which
    /// only a change that `resized` can do.
    func patchMinimap(moved: [AnyHashable], inserted: [(key: String, after: String?, before: String?)], removed: [String],
                      resized: Bool) -> Bool {
        guard let page, let scale else { return false }
        // Taken, not copied (see `update(to:changedFields:)`).
        var rectList = takeRectList()
        if resized {
            // Something resized: the scale holds only if the container and
            // the minimap area stayed where they were.
            guard let container = page.frame(ofViewWithID: FormScreenPart.formContainer),
                  let area = page.frame(ofViewWithID: FormScreenPart.minimapArea),
                  MinimapScale(container: container, area: area) == scale else { return false }
        }
        if !removed.isEmpty || !inserted.isEmpty {
            // Every rectangle after these moves a place: the array and the
            // kept display list are made again when next read (the display
            // list's canvas may grow or shrink too).
            (rectArray, keptMinimap) = (nil, nil)
        }
        for key in removed {
            guard let field = rectList.index(of: .field, key), let container = rectList.index(of: .fieldContainer, key),
                  container + 1 == field else { return false }
            rectList.remove(at: field)
            rectList.remove(at: container)
        }
        for (key, after, before) in inserted {
            // Back to front: a field's container, then the field, in form
            // order with its row's others (`FormElement.backToFront`).
            let position: Int
            if let after, let neighbour = rectList.index(of: .field, after) {
                position = neighbour + 1
            } else if let before, let neighbour = rectList.index(of: .fieldContainer, before) {
                position = neighbour
            } else {
                return false
            }
            rectList.insert(self.rects(of: key, in: page, scale: scale), at: position)
        }
        var bottomMayShrink = false
        for id in moved {
            let rects: [MinimapRect]
            if let key = id.base as? String {
                guard !inserted.contains(where: { $0.key == key }) else { continue }
                rects = self.rects(of: key, in: page, scale: scale)
            } else if id == AnyHashable(FormScreenPart.title) {
                rects = self.rects(of: FormScreenPart.title, in: page, scale: scale)
            } else if let part = id.base as? FormScreenPart, case .group = part {
                // The box and everything in it (their places are all known).
                rects = self.rects(of: part, in: page, scale: scale)
            } else {
                continue
            }
            for var rect in rects {
                guard let index = rectList.index(of: rect.kind, rect.key) else { return false }
                rect.z = index
                bottomMayShrink = bottomMayShrink || isAtBottom(rectList[index])
                rectList.replace(at: index, with: rect)
                rectArray?[index] = rect
                keptMinimap?.redrawMinimapRect(rect, at: index)
                grow(toFit: [rect])
            }
        }
        if bottomMayShrink, keptMinimap != nil {
            // The lowest rectangle moved up: the canvas is as tall as the lowest one now.
            let all = rectArray ?? rectList.rects
            let bottom = all.reduce(-Double.infinity) { max($0, $1.y + $1.height) }
            keptMinimap?.size.height = (all.isEmpty ? 5 : bottom) + 5
        }
        self.rectList = rectList
        return true
    }

    /// The rectangles the view named `id` reports, back to front, `z` unset.
    private func rects<ID: Hashable>(of id: ID, in page: RetainedLayout<PageScreen>, scale: MinimapScale) -> [MinimapRect] {
        let elements = page.preference(FormElementsKey.self, ofViewWithID: id) ?? []
        return FormElement.backToFront(elements).map { MinimapRect(elements[$0], z: 0, scale: scale, resolve: page.resolve) }
    }

    /// Whether `rect` reaches the bottom of the kept minimap's canvas.
    private func isAtBottom(_ rect: MinimapRect) -> Bool {
        guard let keptMinimap else { return false }
        return rect.y + rect.height + 5 >= keptMinimap.size.height
    }

    /// Makes the kept minimap's canvas tall enough for `rects`.
    private func grow(toFit rects: [MinimapRect]) {
        guard let keptMinimap else { return }
        let bottom = rects.reduce(keptMinimap.size.height - 5) { max($0, $1.y + $1.height) }
        self.keptMinimap?.size.height = bottom + 5
    }

    /// The minimap's item for `rect` (as `DisplayList(minimapRects:minimapWidth:)` draws it).
    static func item(_ rect: MinimapRect) -> DisplayItem {
        DisplayItem(z: rect.z, frame: CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                    shape: .rectangle, fill: rect.color.color, identifier: rect.key)
    }
}
