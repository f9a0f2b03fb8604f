import FormModel

/// The one question the store asks of geometry: for this form, after this
/// change, which minimap rectangles are where, and in which colour?
///
/// The store saves the answer in `minimap_rect` so that `sqlite3` readers
/// see the minimap; it never lays anything out itself (it knows neither the
/// layout engine nor the screens). FormKit answers, and how (a whole layout,
/// or the shortcut for a value the title does not show) is its business.
public protocol MinimapGeometry: Sendable {
    /// The minimap rectangles of `form`, back to front (ascending `z`),
    /// after `change`.
    func minimapRects(of form: FormDefinition, after change: GeometryChange) -> [MinimapRect]
}

/// The minimap rectangles of an instance added after the last instance of
/// a repeat that ends a form, without laying the form out: what
/// `FormDatabase.appendInstance(to:_:)` asks.
public protocol AppendedInstanceGeometry: Sendable {
    /// The rectangles of instance `instance` of `partial` (the repeat with
    /// its last instance before, `previous`, and the new one alone, on the
    /// form's page; `title` the whole form's title) where the whole form
    /// would draw them: after `previousRects`, the stored rectangles from
    /// `previous`'s box to the last, and `boxBefore` the stored box of the
    /// instance before `previous`, if any. Nil when that cannot be known
    /// without laying out the whole form (the caller does).
    func minimapRects(ofInstance instance: String, after previous: String, in partial: FormDefinition, title: String,
                      previousRects: [MinimapRect], boxBefore: MinimapRect?) -> [MinimapRect]?
}

/// What changed since the minimap was last computed: the hint a
/// `MinimapGeometry` may use to do less than a whole layout.
public enum GeometryChange: Sendable {
    /// Anything may have changed (structure, several values, an edit made
    /// in `sqlite3`): only a whole layout can tell.
    case any
    /// Only field `key`'s value changed, in the form `before`, whose minimap
    /// was `rects`.
    case value(key: String, before: FormDefinition, rects: [MinimapRect])
}

/// Computes the minimap's rectangles for a form with a whole layout every
/// time: the closure form of `MinimapGeometry`, for callers (tests, simple
/// tools) that have a layout function and no shortcut.
public typealias MinimapLayout = @Sendable (FormDefinition) -> [MinimapRect]

/// A `MinimapLayout` as a `MinimapGeometry`: every change is laid out whole.
struct LayoutGeometry: MinimapGeometry {
    let layout: MinimapLayout

    func minimapRects(of form: FormDefinition, after change: GeometryChange) -> [MinimapRect] {
        layout(form).sorted { $0.z < $1.z }
    }
}
