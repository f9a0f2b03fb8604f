import FormLayout
import FormModel
import Foundation

extension FormPicture {
    /// The minimap rectangles of instance `instance`, added after the last
    /// instance `previous` of a repeat that ends a long form of one page,
    /// without laying that form out. `partial` holds the form's settings and
    /// the repeat with `previous` and `instance` alone (`title` is the whole
    /// form's title); `previousRects` are the stored rectangles from
    /// `previous`'s box to the last one, and `boxBefore` the stored box of
    /// the instance before `previous`, if any. Numbered after them.
    ///
    /// The minimap's scale depends on the width of the form's column alone,
    /// and nothing above an instance changes its size, so the new
    /// rectangles are placed after the last instance's:
    /// - when the new instance lays out as `previous` does (the same rows,
    ///   fields shown with the same labels, rules and conditions, inner
    ///   groups alike, titles on one line narrower than its rows), they are
    ///   `previous`'s moved down by its height and the gap before it,
    ///   recoloured: no control's size depends on its value;
    /// - otherwise `partial` is laid out and the new instance's rectangles
    ///   are moved by what puts `previous`'s where `previousRects` are.
    ///
    /// Either way the result is the whole layout's to rounding (within a
    /// millionth of a point). Nil, for the caller to lay the form out, when
    /// `partial`'s layout draws `previous` otherwise than `previousRects`
    /// (another column width, so another scale), when the new instance is
    /// wider than `previous` (it could widen the column), or when the form
    /// is no taller than the window (it is centred: everything moves).
    public static func minimapRects(ofInstance instance: String, after previous: String, in partial: FormDefinition, title: String,
                                    previousRects: [MinimapRect], boxBefore: MinimapRect?,
                                    windowSize: CGSize = FormPicture.defaultWindowSize,
                                    textMeasurer: any TextMeasurer = SystemTextMeasurer()) -> [MinimapRect]? {
        guard let storedBox = previousRects.first, storedBox.kind == .group, storedBox.key == previous else { return nil }
        let area = PageScreen.area(of: partial, in: windowSize)
        // The stored form is taller than the window (with `factor` form
        // points per minimap point): its top does not move.
        let bottom = previousRects.reduce(storedBox.y) { max($0, $1.y + $1.height) }
        func isTall(factor: Double) -> Bool { (bottom - 5) * factor > Double(area.height) + 100 }
        let firstZ = (previousRects.last?.z ?? storedBox.z) + 1
        if let boxBefore, let alike = AlikeInstances(instance, previous, in: partial, textMeasurer: textMeasurer) {
            // The scale is at least the widest row's points per minimap
            // point (the column holds it): enough to tell a tall form.
            guard isTall(factor: alike.widestRow / max(storedBox.width, 1)) else { return nil }
            let offset = storedBox.height + (storedBox.y - boxBefore.y - boxBefore.height)
            var rects: [MinimapRect] = []
            rects.reserveCapacity(previousRects.count)
            for (place, old) in previousRects.enumerated() {
                guard let key = alike.newKey(for: old.key) else { return nil }
                var rect = old
                rect.key = key
                rect.y += offset
                rect.z = firstZ + place
                if rect.kind == .field {
                    guard let color = alike.colors[key] else { return nil }
                    rect.color = color
                }
                rects.append(rect)
            }
            return rects
        }
        guard let page = partial.shownPageForm else { return nil }
        let screen = PageScreen(page: page, title: title, direction: partial.direction.layoutDirection)
        let result = ViewHost(screen, windowSize: area, growsToFit: true, textMeasurer: textMeasurer).layout()
        let (scale, rects) = PageLayout.minimap(of: result)
        guard let start = rects.firstIndex(where: { $0.kind == .group && $0.key == previous }) else { return nil }
        let laidOut = rects[start...].prefix { FieldPath.isWithin($0.key, previous) }
        let added = rects[(start + laidOut.count)...].prefix { FieldPath.isWithin($0.key, instance) }
        guard let box = laidOut.first, let newBox = added.first, newBox.kind == .group, newBox.key == instance,
              laidOut.count == previousRects.count, newBox.width <= box.width else { return nil }
        guard isTall(factor: Double(scale.factor)) else { return nil }
        let tolerance = 1e-6
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        for (new, stored) in zip(laidOut, previousRects) {
            guard new.key == stored.key, new.kind == stored.kind, new.color == stored.color, near(new.x, stored.x),
                  near(new.width, stored.width), near(new.height, stored.height), near(new.y - box.y, stored.y - storedBox.y)
            else { return nil }
        }
        let offset = storedBox.y - box.y
        return added.enumerated().map { place, rect in
            var rect = rect
            rect.y += offset
            rect.z = firstZ + place
            return rect
        }
    }
}

/// Two instances of one repeat that lay out alike: built only when
/// everything that sizes them is the same but their values.
private struct AlikeInstances {
    let previous: String
    let instance: String
    /// The new instance's fields' colours, by key.
    let colors: [String: FieldColor]
    /// The widest row in them, in points.
    let widestRow: Double

    init?(_ instance: String, _ previous: String, in form: FormDefinition, textMeasurer: any TextMeasurer) {
        (self.instance, self.previous) = (instance, previous)
        func relative(_ path: String, in scope: String) -> String? {
            if path == scope { return "" }
            return FieldPath.isWithin(path, scope) ? String(path.dropFirst(scope.count)) : nil
        }
        func relativeCondition(_ condition: ShowCondition?, in scope: String) -> ShowCondition? {
            condition?.renamingFields { relative($0, in: scope) ?? "\u{0}" + $0 }
        }
        // Groups: the instance's own and those in it; no repeat inside (its
        // instances' titles may show values).
        let oldGroups = form.groups.filter { FieldPath.isWithin($0.path, previous) }
        let newGroups = form.groups.filter { FieldPath.isWithin($0.path, instance) }
        guard oldGroups.count == newGroups.count else { return nil }
        for (old, new) in zip(oldGroups, newGroups) {
            guard old.kind != .repeat, old.kind == new.kind, relative(old.path, in: previous) == relative(new.path, in: instance),
                  old.title == new.title, old.hint == new.hint,
                  relativeCondition(old.showIf, in: previous) == relativeCondition(new.showIf, in: instance) else { return nil }
        }
        // Rows: the same widths, in the same groups.
        let oldRows = form.rows.filter { $0.group.map { FieldPath.isWithin($0, previous) } ?? false }
        let newRows = form.rows.filter { $0.group.map { FieldPath.isWithin($0, instance) } ?? false }
        guard oldRows.count == newRows.count, let oldFirst = oldRows.first?.number, let newFirst = newRows.first?.number else { return nil }
        for (old, new) in zip(oldRows, newRows) {
            guard (old.width, old.minWidth, old.maxWidth) == (new.width, new.minWidth, new.maxWidth),
                  relative(old.group ?? "", in: previous) == relative(new.group ?? "", in: instance),
                  old.number - oldFirst == new.number - newFirst else { return nil }
        }
        // Fields: the same in the same places, shown alike; only values differ.
        let shown = form.shownFlags
        let oldFields = form.fields.indices.filter { FieldPath.isWithin(form.fields[$0].key, previous) }
        let newFields = form.fields.indices.filter { FieldPath.isWithin(form.fields[$0].key, instance) }
        guard oldFields.count == newFields.count else { return nil }
        var colors: [String: FieldColor] = [:]
        for (oldIndex, newIndex) in zip(oldFields, newFields) {
            let (old, new) = (form.fields[oldIndex], form.fields[newIndex])
            guard relative(old.key, in: previous) == relative(new.key, in: instance), old.row - oldFirst == new.row - newFirst,
                  old.label == new.label, old.hint == new.hint, old.rules == new.rules, old.isReadOnly == new.isReadOnly,
                  shown[oldIndex] == shown[newIndex],
                  relativeCondition(old.showIf, in: previous) == relativeCondition(new.showIf, in: instance) else { return nil }
            colors[new.key] = new.validation.color
        }
        // Titles: the same, or each on one line and narrower than the rows
        // (the box is as wide as its widest row either way).
        widestRow = oldRows.map(\.width).max() ?? 0
        guard let oldGroup = oldGroups.first, let newGroup = newGroups.first else { return nil }
        let titles = [form.instanceTitle(oldGroup), form.instanceTitle(newGroup)]
        if titles[0] != titles[1] {
            for title in titles {
                guard !title.isEmpty, !title.contains(where: \.isNewline),
                      Double(textMeasurer.width(of: title[...], font: .headline)) <= widestRow - 1 else { return nil }
            }
        }
        self.colors = colors
    }

    /// The key in the new instance of a rectangle's key in the previous one.
    func newKey(for key: String) -> String? {
        if key == previous { return instance }
        guard FieldPath.isWithin(key, previous) else { return nil }
        return instance + key.dropFirst(previous.count)
    }
}
