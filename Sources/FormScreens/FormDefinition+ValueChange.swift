import FormModel

extension FormDefinition {
    /// The minimap after field `key`'s value becomes `value`, worked out
    /// from `rects` (this form's minimap, as `FormPicture.minimapRects(of:)`
    /// gives it) without laying the form out again; nil when only a new
    /// layout can tell.
    public func minimapRects(settingValueOf key: String, to value: String, from rects: [MinimapRect]) -> [MinimapRect]? {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { return nil }
        var after = self
        after.fields[index].value = value
        return after.minimapRects(afterValueOf: key, changedFrom: self, rects: rects)
    }

    /// The minimap of this form, which is `before` with field `key`'s value
    /// changed and nothing else, worked out from `before`'s minimap `rects`
    /// without a layout; nil when only a new layout can tell.
    ///
    /// A value reaches the screen in two places. Its field's colour follows
    /// the field's state: the `field` rectangle of `key` is recoloured. Its
    /// text shows in the field's control, whose size does not depend on it
    /// (a text field takes the width offered and one line's height, a
    /// picker's selection what its label leaves), and in the title
    /// when the title template names the field: then the title's size, and
    /// everything below it, may change, and the answer is nil. Everything
    /// else (rows, widths, visibility, pages) is not a value, except that a
    /// value a `show_if` condition reads may show or hide fields: nil then.
    ///
    /// Tests check the result against a full layout for values of every
    /// kind, so this shortcut cannot drift from the layout.
    public func minimapRects(afterValueOf key: String, changedFrom before: FormDefinition, rects: [MinimapRect]) -> [MinimapRect]? {
        guard let field = fields.first(where: { $0.key == key }), title == before.title else { return nil }
        // A value a condition reads may show or hide fields: a layout's work.
        if conditionsRead(key) { return nil }
        let color = field.state.color
        return rects.map { rect in
            guard rect.kind == .field, rect.key == key else { return rect }
            var recoloured = rect
            recoloured.color = color
            return recoloured
        }
    }
}
