import FormLayout

/// A form laid out on screen: the whole screen's display list (form and
/// minimap side by side, as in seed 002's picture), the minimap's own
/// display list in minimap coordinates, and its rectangles as data.
public struct FormPicture: Sendable {
    /// Everything drawn on the screen, window coordinates.
    public let screen: DisplayList
    /// Only the minimap, with the minimap area's top-left corner as origin.
    public let minimap: DisplayList
    /// The minimap's rectangles, back to front (what `minimap_rect` stores).
    public let minimapRects: [MinimapRect]
    /// The factor and origins the minimap was computed with.
    public let scale: MinimapScale

    /// The window the screen is laid out in unless the form needs more room.
    public static let defaultWindowSize = CGSize(width: 1024, height: 768)

    /// Lays `form` out and computes its minimap. The window grows to fit a
    /// form taller or wider than `windowSize`, so the whole form is drawn.
    public init(form: FormDefinition, windowSize: CGSize = FormPicture.defaultWindowSize, textMeasurer: any TextMeasurer = SystemTextMeasurer()) {
        let result = ViewHost(FormScreen(form: form), windowSize: windowSize, growsToFit: true, textMeasurer: textMeasurer).layout()
        let elements = result.preference(FormElementsKey.self)
        screen = result.displayList
        let resolve = { [result] (anchor: Anchor<CGRect>) in result.resolve(anchor) }
        guard let scale = MinimapScale(elements: elements, resolve: resolve) else {
            // Unreachable for a FormScreen, which always writes both anchors.
            preconditionFailure("the form screen reported no container or minimap area")
        }
        self.scale = scale
        var rects: [MinimapRect] = []
        for element in elements.reversed() where element.isShownInMinimap {
            let rect = scale.minimapRect(of: resolve(element.bounds))
            let key: String
            let kind: MinimapRect.Kind
            switch element.kind {
            case .field(let fieldKey, _): (key, kind) = (fieldKey, .field)
            case .fieldContainer(let fieldKey): (key, kind) = (fieldKey, .fieldContainer)
            default: (key, kind) = ("title", .title)
            }
            rects.append(MinimapRect(z: rects.count, key: key, kind: kind, color: element.color,
                                     x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height)))
        }
        minimapRects = rects
        minimap = DisplayList(minimapRects: rects, minimapWidth: form.minimapWidth)
    }
}

