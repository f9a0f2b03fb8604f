import FormLayout
import FormModel
import Foundation

/// A form laid out on screen: the whole screen's display list (form and
/// minimap side by side, as in seed 002's picture, with the tab bar of a
/// form in pages), the minimap's own display list in minimap coordinates,
/// and its rectangles as data.
///
/// The minimap is the shown page's. A form of one page is drawn exactly as
/// `FormScreen` draws it; from two pages on, the page is laid out in the
/// area above the tab bar (the window's height minus the bar's), and the
/// screen is `PagedFormScreen`. When no page is shown (a selection that
/// names no page, or the More list) the minimap is empty.
///
/// A right-to-left form (`FormDefinition.direction`) is laid out with
/// `.environment(\.layoutDirection, .rightToLeft)` around the whole screen:
/// every frame is the left-to-right one mirrored across the window (the
/// minimap area on the right, a row's first field on the right, the first
/// tab on the right), and so is each minimap rectangle across the minimap
/// (`x` becomes `minimapWidth − x − width`). Text keeps its characters.
/// The direction is set here, around the screen, not inside `FormScreen`:
/// a page drawn in `PagedFormScreen`'s content area is built while the bar
/// is placed, and mirrored with the rest.
public struct FormPicture: Sendable {
    /// Everything drawn on the screen, window coordinates.
    public let screen: DisplayList
    /// Only the minimap, with the minimap area's top-left corner as origin:
    /// `minimapRects` drawn (`DisplayList(minimapRects:minimapWidth:)`) at
    /// each read, unless the picture was given one already. Few callers
    /// draw it (the store and the server read the rectangles), and drawing
    /// it with every picture was 2% of a 10k-field picture's time.
    public var minimap: DisplayList {
        keptMinimap ?? DisplayList(minimapRects: minimapRects, minimapWidth: minimapWidth)
    }
    /// The minimap's rectangles, back to front (what `minimap_rect` stores).
    public let minimapRects: [MinimapRect]
    /// The factor and origins the minimap was computed with; nil when no
    /// page is shown.
    public let scale: MinimapScale?
    /// The minimap area's width, which `minimap` is drawn in.
    private let minimapWidth: Double
    /// A minimap drawn already (`RetainedFormPicture` keeps and patches its own).
    private let keptMinimap: DisplayList?

    /// The window the screen is laid out in unless the form needs more room.
    public static let defaultWindowSize = CGSize(width: 1024, height: 768)

    /// Lays `form` out and computes its minimap. The window grows to fit a
    /// page taller or wider than `windowSize`, so the whole page is drawn.
    public init(form: FormDefinition, windowSize: CGSize = FormPicture.defaultWindowSize, textMeasurer: any TextMeasurer = SystemTextMeasurer()) {
        self.init(form: form, page: PageLayout(form: form, windowSize: windowSize, textMeasurer: textMeasurer),
                  windowSize: windowSize, textMeasurer: textMeasurer)
    }

    /// The picture of `form` whose shown page is laid out already (and its
    /// minimap drawn, when given).
    init(form: FormDefinition, page: PageLayout, minimap: DisplayList? = nil, windowSize: CGSize, textMeasurer: any TextMeasurer) {
        if form.pages.count == 1, let pageResult = page.result {
            screen = pageResult.displayList
        } else {
            // The page's own layout fixed the content area's size; the bar
            // goes below it.
            let pageSize = page.result?.displayList.size ?? windowSize
            let window = CGSize(width: pageSize.width, height: pageSize.height + CGFloat(form.tabBarHeight))
            let paged = PagedFormScreen(form: form).environment(\.layoutDirection, form.direction.layoutDirection)
            screen = ViewHost(paged, windowSize: window, textMeasurer: textMeasurer).layout().displayList
        }
        scale = page.scale
        minimapRects = page.minimapRects
        minimapWidth = form.minimapWidth
        keptMinimap = minimap
    }

    /// Only the minimap's rectangles (what the store writes to
    /// `minimap_rect`): the shown page's layout without drawing the screen.
    public static func minimapRects(of form: FormDefinition, windowSize: CGSize = FormPicture.defaultWindowSize,
                                    textMeasurer: any TextMeasurer = SystemTextMeasurer()) -> [MinimapRect] {
        PageLayout(form: form, windowSize: windowSize, textMeasurer: textMeasurer).minimapRects
    }
}

/// The shown page laid out in the area it gets on screen, and the minimap
/// computed from its anchor preferences.
struct PageLayout {
    let result: LayoutResult?
    let scale: MinimapScale?
    let minimapRects: [MinimapRect]

    init(form: FormDefinition, windowSize: CGSize, textMeasurer: any TextMeasurer) {
        guard let screen = PageScreen(form) else {
            (result, scale, minimapRects) = (nil, nil, [])
            return
        }
        let result = ViewHost(screen, windowSize: PageScreen.area(of: form, in: windowSize), growsToFit: true,
                              textMeasurer: textMeasurer).layout()
        let (scale, rects) = Self.minimap(of: result)
        (self.result, self.scale, self.minimapRects) = (result, scale, rects)
    }

    init(result: LayoutResult?, scale: MinimapScale?, minimapRects: [MinimapRect]) {
        (self.result, self.scale, self.minimapRects) = (result, scale, minimapRects)
    }

    /// The minimap of a laid-out `FormScreen`: the scale its container and
    /// minimap area give, and a rectangle for each element the minimap
    /// shows, back to front.
    static func minimap(of result: LayoutResult) -> (MinimapScale, [MinimapRect]) {
        let elements = result.preference(FormElementsKey.self)
        let resolve = { [result] (anchor: Anchor<CGRect>) in result.resolve(anchor) }
        guard let scale = MinimapScale(elements: elements, resolve: resolve) else {
            // Unreachable for a FormScreen, which always writes both anchors.
            preconditionFailure("the form screen reported no container or minimap area")
        }
        var rects: [MinimapRect] = []
        rects.reserveCapacityInHugePages(elements.count)
        for index in FormElement.backToFront(elements) {
            rects.append(MinimapRect(elements[index], z: rects.count, scale: scale, resolve: resolve))
        }
        return (scale, rects)
    }
}

extension MinimapRect {
    /// The rectangle `element` is drawn as, `z` from the back.
    init(_ element: FormElement, z: Int, scale: MinimapScale, resolve: (Anchor<CGRect>) -> CGRect) {
        let rect = scale.minimapRect(of: resolve(element.bounds))
        let key: String
        let kind: MinimapRect.Kind
        switch element.kind {
        case .field(let fieldKey, _): (key, kind) = (fieldKey, .field)
        case .fieldContainer(let fieldKey): (key, kind) = (fieldKey, .fieldContainer)
        case .group(let path): (key, kind) = (path, .group)
        default: (key, kind) = ("title", .title)
        }
        self.init(z: z, key: key, kind: kind, color: element.color,
                  x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
    }
}


/// The shown page of a form as it is laid out for the minimap: the page's
/// `FormScreen` with the whole form's title, in the form's direction.
struct PageScreen: View {
    let page: FormDefinition
    let title: String
    let direction: LayoutDirection

    init(page: FormDefinition, title: String, direction: LayoutDirection) {
        (self.page, self.title, self.direction) = (page, title, direction)
    }

    /// The screen of `form`'s shown page; nil when no page is shown.
    init?(_ form: FormDefinition) {
        guard let page = form.shownPageForm else { return nil }
        self.init(page: page, title: form.title, direction: form.direction.layoutDirection)
    }

    /// The area above the tab bar, where the page is laid out.
    static func area(of form: FormDefinition, in windowSize: CGSize) -> CGSize {
        CGSize(width: windowSize.width, height: max(0, windowSize.height - CGFloat(form.tabBarHeight)))
    }

    var body: some View {
        FormScreen(form: page, title: title).environment(\.layoutDirection, direction)
    }
}
