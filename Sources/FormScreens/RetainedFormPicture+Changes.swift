import FormLayout
import FormModel
import Foundation

/// Changes to some fields, laid out incrementally (issue 49): a new value
/// builds the field's view again (in place when nothing's size changes); a
/// new title builds the title again, sized again with what it reaches; a
/// field shown or hidden is inserted into its row or taken out of it; and
/// the minimap's rectangles of the views that moved are computed again.
extension RetainedFormPicture {
    /// Pictures `form`, which is the form pictured so far with only the
    /// values and visibility (`Field.isVisible`) of the fields `keys`
    /// changed. Laid out incrementally when it can be (for a field shown
    /// or hidden: a form of one page, no group shown or hidden with it), from scratch
    /// otherwise; either way the result is `FormPicture(form:)`'s, bit for bit.
    public func update(to form: FormDefinition, changedFields keys: [String]) {
        guard let page, scale != nil else { return update(to: form) }
        // Taken, not copied: changed while the picture held it too, its
        // arrays and dictionaries would be copied whole.
        var lookups = takeLookups()
        var indices: [Int] = []
        for key in Set(keys).count == keys.count ? keys : keys.reduce(into: [], { if !$0.contains($1) { $0.append($1) } }) {
            guard let index = lookups.fieldIndices[key], index < form.fields.count, index < self.form.fields.count,
                  form.fields[index].key == key, Self.differInValueOrVisibilityAlone(self.form.fields[index], form.fields[index])
            else { return update(to: form) }
            indices.append(index)
        }
        let showsOrHides = indices.contains { self.form.fields[$0].isVisible != form.fields[$0].isVisible }
            || keys.contains(where: lookups.conditionKeys.contains)
        // Which view stands for a field, and where a shown one goes: its
        // row's, on a form of one page (a group's rows are drawn as the
        // flat form's), as long as no group appeared or went with it.
        if showsOrHides {
            guard form.pages.count == 1 else { return update(to: form) }
            if form.groups.contains(where: { $0.showIf != nil }),
               self.form.groupsHiddenByConditions != form.groupsHiddenByConditions {
                return update(to: form)
            }
        }
        // Instances whose title shows one of the values.
        var instanceTitles: [(path: String, title: String)] = []
        if !form.groups.isEmpty {
            for index in indices where self.form.fields[index].value != form.fields[index].value {
                guard let path = FieldPath.parent(of: form.fields[index].key), let instance = form.group(path), instance.kind == .instance,
                      page.frame(ofViewWithID: FormScreenPart.groupTitle(path)) != nil else { continue }
                let newTitle = form.instanceTitle(instance)
                if newTitle != self.form.instanceTitle(instance) { instanceTitles.append((path, newTitle)) }
            }
        }
        let wasOn = hiddenCount == 0
        let resizedBefore = page.counts.resized
        // The fields are copied into the form kept here, rather than the
        // form taken: two holders of one array of fields would make the
        // caller's next edit copy all of them.
        for index in indices {
            if self.form.fields[index].isVisible != form.fields[index].isVisible { hiddenCount += form.fields[index].isVisible ? -1 : 1 }
            self.form.fields[index] = form.fields[index]
        }
        cachedPicture = nil
        // The page's screen is made only if drawing it needs a new layout
        // after all (unowned: the layout holding the closure is this picture's).
        let screen = { [unowned self] in
            PageScreen(page: self.form.shownPageForm ?? self.form, title: self.title, direction: self.form.direction.layoutDirection)
        }
        var laidOut = true
        var resizes = false

        // The title, when it shows one of the values.
        if keys.contains(where: titleKeys.contains) {
            let newTitle = self.form.title(fieldIndices: lookups.fieldIndices)
            if newTitle != title {
                title = newTitle
                laidOut = page.update(replacing: FormScreenPart.title, with: FormTitleView(title: newTitle), in: screen())
                resizes = true
            }
        }
        for (path, newTitle) in instanceTitles where laidOut {
            laidOut = page.update(replacing: FormScreenPart.groupTitle(path), with: GroupTitleView(title: newTitle), in: screen())
            resizes = true
        }
        // Seed 002's switch.
        if laidOut && (hiddenCount == 0) != wasOn {
            laidOut = page.update(replacing: FormScreenPart.visibilitySwitch, with: VisibilitySwitch(isOn: hiddenCount == 0), in: screen())
        }
        // Fields shown or hidden: taken out first, then put in in form
        // order, so that a field's neighbour is where it will be.
        var inserted: [(key: String, after: String?, before: String?)] = []
        var removed: [String] = []
        if laidOut && showsOrHides {
            let shown = lookups.hasConditions ? self.form.shownFlags : nil
            var flipped: [Int] = []
            if let shown {
                for index in shown.indices where shown[index] != lookups.shown[index] { flipped.append(index) }
            } else {
                flipped = indices.filter { self.form.fields[$0].isVisible != lookups.shown[$0] }.sorted()
            }
            for index in flipped { lookups.shown[index].toggle() }
            resizes = resizes || !flipped.isEmpty
            for index in flipped where laidOut && !lookups.shown[index] {
                let key = self.form.fields[index].key
                laidOut = page.remove(viewWithID: key, in: screen())
                removed.append(key)
            }
            for index in flipped where laidOut && lookups.shown[index] {
                let field = self.form.fields[index]
                // The indices of the fields of its row, in order.
                let rowIndices = lookups.rowFields[field.row] ?? []
                let place = rowIndices.firstIndex(of: index) ?? 0
                let view = FormFieldView(field: field).id(field.key)
                if let previous = rowIndices[..<place].last(where: { lookups.shown[$0] }) {
                    let key = self.form.fields[previous].key
                    laidOut = page.insert(view, after: key, in: screen())
                    inserted.append((field.key, key, nil))
                } else if let next = rowIndices[(place + 1)...].first(where: { lookups.shown[$0] }) {
                    let key = self.form.fields[next].key
                    laidOut = page.insert(view, before: key, in: screen())
                    inserted.append((field.key, nil, key))
                } else {
                    // Alone in its row: the row has no view to go in.
                    laidOut = false
                }
            }
        }
        // New values in fields shown before and after.
        let rects = takeRectList()
        for index in indices where laidOut && lookups.shown[index] {
            let field = self.form.fields[index]
            guard !inserted.contains(where: { $0.key == field.key }), rects.index(of: .field, field.key) != nil else { continue }
            laidOut = page.update(replacing: field.key, with: FormFieldView(field: field), in: screen())
        }
        rectList = rects
        guard laidOut else {
            // Something could not be made incrementally: the whole page.
            layOut()
            return
        }
        self.lookups = lookups
        guard patchMinimap(moved: page.takeMovedViews(), inserted: inserted, removed: removed,
                           resized: page.counts.resized != resizedBefore) else {
            layOut()
            return
        }
        if resizes { resizedCount += 1 } else { counts.inPlace += 1 }
    }

    /// Whether two versions of a field differ at most in value and visibility.
    static func differInValueOrVisibilityAlone(_ old: Field, _ new: Field) -> Bool {
        var aligned = new
        aligned.value = old.value
        aligned.isVisible = old.isVisible
        return aligned == old
    }
}
