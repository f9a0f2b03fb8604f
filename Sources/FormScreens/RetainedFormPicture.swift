import FormLayout
import FormModel
import Foundation

/// A form's picture kept between changes, for whoever shows a form while
/// it changes (the terminal editor, the browser's event feed): a new value
/// costs what it changes on screen, not a layout of the whole form.
///
/// The shown page is held in a `RetainedLayout` whose fields are named by
/// key (and the title, seed 002's switch, each group and its title by
/// `FormScreenPart`). A new value in a field the title does not show and
/// no `show_if` reads changes that field's colour and text and nothing's
/// size: `update(to:changedFields:)` builds that field's view again in
/// place, reads the two elements it reports (`FormElementsKey`), and
/// replaces its two minimap rectangles, found by key. A value the title
/// (or an instance's title) shows, a field shown or hidden on a form of one
/// page (no group shown or hidden with it), and an instance added after a repeat's last
/// (`update(to:addingInstance:)`) resize: the engine sizes and places again
/// what they reach, and the rectangles of the views that moved are
/// computed again and spliced. Every other change (rows, widths, pages,
/// fields added, the window) lays the page out again.
///
/// The result is always `FormPicture(form:)`'s for the form now, bit for
/// bit; the screen's display list is drawn only when `picture` is read.
public final class RetainedFormPicture {
    /// The form pictured now.
    public internal(set) var form: FormDefinition
    /// The window the screen is laid out in (see `FormPicture`).
    public let windowSize: CGSize
    let textMeasurer: any TextMeasurer

    /// The shown page's layout; nil when no page is shown.
    var page: RetainedLayout<PageScreen>?
    var scale: MinimapScale?
    /// The minimap's rectangles, back to front (`FormPicture.minimapRects`).
    /// After a change that put rectangles in or took some out, made from
    /// `rectList` when first read.
    public var minimapRects: [MinimapRect] {
        if let rectArray { return rectArray }
        let rects = rectList?.rects ?? []
        rectArray = rects
        return rects
    }
    /// The rectangles as an array: as laid out, or as last read; patched
    /// in place when rectangles are only replaced, dropped when some are
    /// put in or taken out (`rectList` holds them then).
    var rectArray: [MinimapRect]? = []
    /// What a new value is looked up in, made at the first new value after
    /// a layout (a change that lays out again does not need them).
    var lookups: Lookups?
    /// The rectangles as changes patch them, found by key: made at the
    /// first change after a layout (kept when an added instance makes
    /// `lookups` out of date).
    var rectList: MinimapRectList?
    var title = ""
    /// The fields the title shows: a new value there is a new title.
    var titleKeys: Set<String> = []
    var cachedPicture: FormPicture?
    var keptMinimap: DisplayList?

    /// The minimap as a display list (`FormPicture.minimap`): drawn at the
    /// first read after a layout, then its changed rectangles redrawn in place.
    public var minimap: DisplayList {
        if let keptMinimap { return keptMinimap }
        let drawn = DisplayList(minimapRects: minimapRects, minimapWidth: form.minimapWidth)
        keptMinimap = drawn
        return drawn
    }

    /// What a change is looked up in: made at the first change after a
    /// layout (a change that lays out again does not need it), and kept
    /// up to date by the changes made incrementally.
    struct Lookups {
        /// Each field's index in `form.fields`, by key.
        let fieldIndices: [String: Int]
        /// The fields a `show_if` condition reads: a new value there may show or hide fields.
        let conditionKeys: Set<String>
        /// Whether any field has a condition.
        let hasConditions: Bool
        /// The fields of each row, by row number, as indices in `form.fields` (form order).
        let rowFields: [Int: [Int]]
        /// Which fields are shown (`FormDefinition.shownFlags`).
        var shown: [Bool]

        init(form: FormDefinition) {
            fieldIndices = Dictionary(form.fields.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            conditionKeys = form.keysConditionsRead
            hasConditions = form.fields.contains { $0.showIf != nil }
            var rowFields: [Int: [Int]] = [:]
            for (index, field) in form.fields.enumerated() { rowFields[field.row, default: []].append(index) }
            self.rowFields = rowFields
            shown = form.shownFlags
        }
    }

    /// The lookups kept from the change before, or made now; taken, so
    /// that changing them does not copy them (the caller puts them back).
    func takeLookups() -> Lookups {
        defer { lookups = nil }
        return lookups ?? Lookups(form: form)
    }

    /// `rectList`, or made now; taken, as `takeLookups()`.
    func takeRectList() -> MinimapRectList {
        defer { rectList = nil }
        return rectList ?? MinimapRectList(minimapRects)
    }

    /// How many value changes were laid out in place, and how many changes
    /// laid the page out again (the first layout included).
    public internal(set) var counts = (inPlace: 0, relaidOut: 0)

    /// How many changes sized and placed again only what they reached (a
    /// title that shows a value, a field shown or hidden).
    public internal(set) var resizedCount = 0

    /// How many fields are hidden (`Field.isVisible` false): seed 002's
    /// switch is on when none is.
    var hiddenCount = 0

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
    /// `key`'s value changed and nothing else (see `update(to:changedFields:)`).
    public func update(to form: FormDefinition, changedValueOf key: String) {
        update(to: form, changedFields: [key])
    }

    /// Pictures `form`, whatever changed: lays its shown page out again,
    /// unless all that changed is an instance added at the end of a repeat
    /// (`update(to:addingInstance:)`; the editor's Ctrl-N, an instance a
    /// respondent adds while the feed watches).
    public func update(to form: FormDefinition) {
        if let path = FormDefinition.addedInstance(from: self.form, to: form) {
            return update(to: form, addingInstance: path)
        }
        relayOut(form)
    }

    /// Pictures `form` by laying its shown page out again.
    func relayOut(_ form: FormDefinition) {
        self.form = form
        layOut()
    }

    func layOut() {
        // The old layout is freed first: a large form's two graphs at once
        // would take twice the memory.
        (cachedPicture, keptMinimap, lookups, rectList, title, page) = (nil, nil, nil, nil, form.title, nil)
        titleKeys = form.titleKeys
        hiddenCount = form.fields.reduce(0) { $0 + ($1.isVisible ? 0 : 1) }
        if let screen = PageScreen(form) {
            let page = RetainedLayout(screen, windowSize: PageScreen.area(of: form, in: windowSize), growsToFit: true,
                                      textMeasurer: textMeasurer)
            let (scale, rects) = PageLayout.minimap(of: page.result)
            (self.page, self.scale, rectArray) = (page, scale, rects)
        } else {
            (page, scale, rectArray) = (nil, nil, [])
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
