import FormLayout
import FormModel
import Foundation

/// The kept minimap brought up to date after an incremental change, by
/// key: the rectangles of the views that moved are computed again from
/// their own elements, a shown field's are inserted beside its neighbour's
/// and a hidden field's taken out, and the kept display list is patched
/// the same way. Rectangles are in z order from 0, as their items.
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
        var rectIndex = takeRectIndex()
        if resized {
            // Something resized: the scale holds only if the container and
            // the minimap area stayed where they were.
            guard let container = page.frame(ofViewWithID: FormScreenPart.formContainer),
                  let area = page.frame(ofViewWithID: FormScreenPart.minimapArea),
                  MinimapScale(container: container, area: area) == scale else { return false }
        }
        var bottomMayShrink = false
        for key in removed {
            guard let field = rectIndex.index(of: .field, key), let container = rectIndex.index(of: .fieldContainer, key),
                  container + 1 == field else { return false }
            bottomMayShrink = bottomMayShrink || isAtBottom(minimapRects[container]) || isAtBottom(minimapRects[field])
            minimapRects.removeSubrange(container...field)
            keptMinimap?.items.removeSubrange(container...field)
            rectIndex.remove(.field, key)
            rectIndex.remove(.fieldContainer, key)
            rectIndex.splice(at: field + 1, delta: -2)
            renumber(from: container)
        }
        for (key, after, before) in inserted {
            // Back to front: a field's container, then the field, in form
            // order with its row's others (`FormElement.backToFront`).
            let position: Int
            if let after, let neighbour = rectIndex.index(of: .field, after) {
                position = neighbour + 1
            } else if let before, let neighbour = rectIndex.index(of: .fieldContainer, before) {
                position = neighbour
            } else {
                return false
            }
            let rects = self.rects(of: key, in: page, scale: scale).map { rect -> MinimapRect in
                var rect = rect
                rect.z = position
                return rect
            }
            minimapRects.insert(contentsOf: rects, at: position)
            keptMinimap?.items.insert(contentsOf: rects.map(Self.item), at: position)
            rectIndex.splice(at: position, delta: rects.count)
            for (offset, rect) in rects.enumerated() { rectIndex.set(rect.kind, rect.key, at: position + offset) }
            renumber(from: position)
            grow(toFit: rects)
        }
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
                guard let index = rectIndex.index(of: rect.kind, rect.key) else { return false }
                rect.z = index
                bottomMayShrink = bottomMayShrink || isAtBottom(minimapRects[index])
                minimapRects[index] = rect
                keptMinimap?.redrawMinimapRect(rect, at: index)
                grow(toFit: [rect])
            }
        }
        if bottomMayShrink, keptMinimap != nil {
            // The lowest rectangle moved up or went: the canvas is as tall as the lowest one now.
            let bottom = minimapRects.reduce(-Double.infinity) { max($0, $1.y + $1.height) }
            keptMinimap?.size.height = (minimapRects.isEmpty ? 5 : bottom) + 5
        }
        if rectIndex.isWorn { rectIndex = MinimapRectIndex(minimapRects) }
        self.rectIndex = rectIndex
        return true
    }

    /// The rectangles the view named `id` reports, back to front, `z` unset.
    private func rects<ID: Hashable>(of id: ID, in page: RetainedLayout<PageScreen>, scale: MinimapScale) -> [MinimapRect] {
        let elements = page.preference(FormElementsKey.self, ofViewWithID: id) ?? []
        return FormElement.backToFront(elements).map { MinimapRect(elements[$0], z: 0, scale: scale, resolve: page.resolve) }
    }

    /// Gives the rectangles (and items) from `index` on their place as `z`.
    func renumber(from index: Int) {
        // Through a buffer: each element written through the property would
        // be checked for a second holder of the array (20,000 checks for a
        // repeat of 10,000 fields).
        minimapRects.withUnsafeMutableBufferPointer { rects in
            for z in index..<rects.count { rects[z].z = z }
        }
        if keptMinimap != nil {
            for z in index..<minimapRects.count { keptMinimap?.items[z].z = z }
        }
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
