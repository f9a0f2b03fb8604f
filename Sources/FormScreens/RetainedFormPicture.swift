import FormLayout
import FormModel
import Foundation

/// A form's picture kept between changes, for whoever shows a form while
/// it changes (the terminal editor, the browser's event feed): a new value
/// costs what it changes on screen, not a layout of the whole form.
///
/// The shown page is held in a `RetainedLayout` whose fields are named by
/// key. A new value in a field the title does not show and no `show_if`
/// reads changes that field's colour and text and nothing's size:
/// `update(to:changedValueOf:)` builds that field's view again in place,
/// reads the two elements it reports (`FormElementsKey`), and replaces its
/// two minimap rectangles, found by key. The form's other elements and the
/// minimap's scale stay as they were. Every other change (the title, shown
/// fields, rows, widths, pages, the window) lays the page out again.
///
/// The result is always `FormPicture(form:)`'s for the form now, bit for
/// bit; the screen's display list is drawn only when `picture` is read.
public final class RetainedFormPicture {
    /// The form pictured now.
    public private(set) var form: FormDefinition
    /// The window the screen is laid out in (see `FormPicture`).
    public let windowSize: CGSize
    private let textMeasurer: any TextMeasurer

    /// The shown page's layout; nil when no page is shown.
    private var page: RetainedLayout<PageScreen>?
    private var scale: MinimapScale?
    /// The minimap's rectangles, back to front (`FormPicture.minimapRects`).
    public private(set) var minimapRects: [MinimapRect] = []
    /// What a new value is looked up in, made at the first new value after
    /// a layout (a change that lays out again does not need them).
    private var lookups: Lookups?
    private var title = ""
    /// The fields the title shows: a new value there is a new title.
    private var titleKeys: Set<String> = []
    private var cachedPicture: FormPicture?
    private var keptMinimap: DisplayList?

    /// The minimap as a display list (`FormPicture.minimap`): drawn at the
    /// first read after a layout, then its changed rectangles redrawn in place.
    public var minimap: DisplayList {
        if let keptMinimap { return keptMinimap }
        let drawn = DisplayList(minimapRects: minimapRects, minimapWidth: form.minimapWidth)
        keptMinimap = drawn
        return drawn
    }

    private struct Lookups {
        /// Each field's index in `form.fields`, by key.
        let fieldIndices: [String: Int]
        /// Where each key's rectangles are in `minimapRects`.
        let rectIndices: [String: [Int]]
        /// The fields a `show_if` condition reads: a new value there may show or hide fields.
        let conditionKeys: Set<String>

        init(form: FormDefinition, rects: [MinimapRect]) {
            fieldIndices = Dictionary(form.fields.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            var rectIndices: [String: [Int]] = [:]
            for (index, rect) in rects.enumerated() where rect.kind != .title {
                rectIndices[rect.key, default: []].append(index)
            }
            self.rectIndices = rectIndices
            conditionKeys = form.keysConditionsRead
        }
    }

    /// How many value changes were laid out in place, and how many changes
    /// laid the page out again (the first layout included).
    public private(set) var counts = (inPlace: 0, relaidOut: 0)

    /// Lays `form` out, keeping what it computed for later changes.
    public init(form: FormDefinition, windowSize: CGSize = FormPicture.defaultWindowSize,
                textMeasurer: any TextMeasurer = SystemTextMeasurer()) {
        self.form = form
        self.windowSize = windowSize
        self.textMeasurer = textMeasurer
        layOut()
    }

    /// The whole picture of the form now: the screen is drawn here, once per change.
    public var picture: FormPicture {
        if let cachedPicture { return cachedPicture }
        let layout = PageLayout(result: page?.result, scale: scale, minimapRects: minimapRects)
        let picture = FormPicture(form: form, page: layout, minimap: minimap, windowSize: windowSize, textMeasurer: textMeasurer)
        cachedPicture = picture
        return picture
    }

    /// Pictures `form`, which is the form pictured so far with field
    /// `key`'s value changed and nothing else: in place when the title and
    /// the shown fields stay as they are, from scratch otherwise.
    public func update(to form: FormDefinition, changedValueOf key: String) {
        // A new title is a new layout: checked before the lookups are made for nothing.
        guard !titleChanges(in: form, key: key) else {
            update(to: form)
            return
        }
        let lookups = self.lookups ?? Lookups(form: self.form, rects: minimapRects)
        self.lookups = lookups
        guard let index = lookups.fieldIndices[key], index < form.fields.count, form.fields[index].key == key,
              !lookups.conditionKeys.contains(key) else {
            update(to: form)
            return
        }
        // The one field is copied into the form kept here, rather than the
        // form taken: two holders of one array of fields would make the
        // caller's next edit copy all of them.
        self.form.fields[index] = form.fields[index]
        cachedPicture = nil
        // A field that is not drawn (on another page, or hidden) changes nothing but the title.
        guard let indices = lookups.rectIndices[key], let page, let scale else { return }
        // The page's screen is made only if drawing it needs a new layout
        // after all (unowned: the layout holding the closure is this picture's).
        let screen = { [unowned self] in
            PageScreen(page: self.form.shownPageForm ?? self.form, title: self.title, direction: self.form.direction.layoutDirection)
        }
        guard page.updateInPlace(replacing: key, with: FormFieldView(field: form.fields[index]), in: screen()) else {
            // The field's view lays out differently after all (it never
            // should for a new value): lay the page out again.
            layOut()
            return
        }
        let elements = page.preference(FormElementsKey.self, ofViewWithID: key) ?? []
        for element in elements where element.isShownInMinimap {
            for index in indices where minimapRects[index].kind == MinimapRect.Kind(element.kind) {
                minimapRects[index] = MinimapRect(element, z: minimapRects[index].z, scale: scale, resolve: page.resolve)
                // Rectangles are in z order from 0, as their items.
                keptMinimap?.redrawMinimapRect(minimapRects[index], at: index)
            }
        }
        counts.inPlace += 1
    }

    /// Pictures `form`, whatever changed: lays its shown page out again.
    public func update(to form: FormDefinition) {
        self.form = form
        layOut()
    }

    /// Whether field `key`'s new value in `form` changes the title.
    private func titleChanges(in form: FormDefinition, key: String) -> Bool {
        titleKeys.contains(key) && form.title != title
    }

    private func layOut() {
        // The old layout is freed first: a large form's two graphs at once
        // would take twice the memory.
        (cachedPicture, keptMinimap, lookups, title, page) = (nil, nil, nil, form.title, nil)
        titleKeys = form.titleKeys
        if let screen = PageScreen(form) {
            let page = RetainedLayout(screen, windowSize: PageScreen.area(of: form, in: windowSize), growsToFit: true,
                                      textMeasurer: textMeasurer)
            let (scale, rects) = PageLayout.minimap(of: page.result)
            (self.page, self.scale, minimapRects) = (page, scale, rects)
        } else {
            (page, scale, minimapRects) = (nil, nil, [])
        }
        counts.relaidOut += 1
    }
}

extension MinimapRect.Kind {
    /// The kind of rectangle an element of `kind` is drawn as (the title's for the others).
    init(_ kind: FormElement.Kind) {
        switch kind {
        case .field: self = .field
        case .fieldContainer: self = .fieldContainer
        case .group: self = .group
        default: self = .title
        }
    }
}
