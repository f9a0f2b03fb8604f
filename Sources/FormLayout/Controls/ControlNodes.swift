import Foundation

private typealias Look = SwiftUIConstants.ControlAppearance

/// What a control node shows; each control reads the fields it needs.
struct ControlPayload {
    var text = ""
    var placeholder = ""
    var isOn = false
    var fraction: Double = 0
    var font = Font.body
    /// Whether the control was made right to left: it is then drawn
    /// mirrored inside its frame (see `mirrored(_:in:)`).
    var isRightToLeft = false

    /// `rect`, drawn inside `frame`, mirrored across `frame` for a
    /// right-to-left control. The layout mirrors frames, not what a view
    /// draws inside its own; a control's parts are drawn from its frame,
    /// so they follow the direction here. Apple's Human Interface
    /// Guidelines ("Right to left"): system-provided UI components "flip
    /// automatically in the RTL context". So the switch is on at its
    /// leading (left) end, the slider runs from its right end, and a text
    /// field's text starts on the right.
    func mirrored(_ rect: CGRect, in frame: CGRect) -> CGRect {
        guard isRightToLeft else { return rect }
        return CGRect(x: frame.minX + frame.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }
}

/// A rounded-border text field: as wide as offered, one line high; it
/// shows its text (or placeholder) clipped at its edge.
enum TextFieldNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        SizeDependence(width: true, height: false)
    }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        CGSize(width: proposal.width ?? SwiftUIConstants.textFieldIdealWidth, height: SwiftUIConstants.textFieldHeight)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        // The payload's parts read where they are: a copy of it retained
        // and released its text and placeholder per field.
        let index = Int(node.payload)
        let frame = list.frame(of: id)
        list.add(frame, .roundedRectangle(cornerRadius: SwiftUIConstants.textFieldCornerRadius), .white, stroke: Look.textFieldBorder)
        let showsPlaceholder = list.graph.controls[index].text.isEmpty
        let font = list.graph.controls[index].font
        let inset = SwiftUIConstants.textFieldTextInset
        let room = max(0, frame.width - 2 * inset)
        let shown = prefix(of: showsPlaceholder ? list.graph.controls[index].placeholder : list.graph.controls[index].text,
                           fittingIn: room, font: font, measurer: list.graph.textMeasurer)
        if !shown.isEmpty {
            // Right to left, the text is as wide as it is, against the right edge.
            let isRightToLeft = list.graph.controls[index].isRightToLeft
            let width = isRightToLeft ? min(room, list.graph.textMeasurer.width(of: Substring(shown), font: font)) : room
            let textFrame = CGRect(x: frame.minX + inset, y: frame.midY - font.lineHeight / 2,
                                   width: width, height: font.lineHeight)
            list.add(list.graph.controls[index].mirrored(textFrame, in: frame), .text(lines: [shown], font: font),
                     showsPlaceholder ? Look.placeholderText : .primary)
        }
    }

    /// The start of `string` that fits in `width` on one line: a text field
    /// shows its text clipped at its edge, as an unfocused `UITextField`
    /// does. Linear in what fits, whatever the value's length.
    private static func prefix(of string: String, fittingIn width: CGFloat, font: Font, measurer: any TextMeasurer) -> String {
        if isSystemMeasurer(measurer),
           let end = string.utf8.withContiguousStorageIfAvailable({ asciiPrefixLength($0, fittingIn: width, font: font) }) ?? nil {
            // Usually all of it: the string itself, not a new one made of its bytes.
            return end == string.utf8.count ? string : String(string.utf8.prefix(end)) ?? ""
        }
        var used: CGFloat = 0
        var end = string.startIndex
        for character in string {
            if character == "\n" { break }
            used += measurer.advance(of: character, font: font)
            if used > width { break }
            end = string.index(after: end)
        }
        return String(string[..<end])
    }

    /// `prefix(of:)` for printable ASCII measured with the default metrics:
    /// each byte is one character, so no grapheme breaking is needed, and
    /// the advances are `SystemTextMeasurer.advance(of:font:)`'s, summed in
    /// the same order (the same bits). Nil when a byte is not printable
    /// ASCII (a newline, a control character, UTF-8).
    private static func asciiPrefixLength(_ bytes: UnsafeBufferPointer<UInt8>, fittingIn width: CGFloat, font: Font) -> Int? {
        var used: CGFloat = 0
        var end = 0
        for byte in bytes {
            guard byte >= 32, byte < 127 else { return nil }
            used += SystemTextMeasurer.advance(ofASCII: byte, font: font)
            if used > width { break }
            end += 1
        }
        // A byte past the cut that is not printable ASCII may join the
        // last kept character into one grapheme (a combining mark).
        if end < bytes.count, !(bytes[end] >= 32 && bytes[end] < 127) { return nil }
        return end
    }
}

/// A slider: as wide as offered (at least its thumb), a fixed height; a
/// track filled up to the thumb.
enum SliderNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        SizeDependence(width: true, height: false)
    }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let width = max(proposal.width ?? SwiftUIConstants.sliderIdealWidth, SwiftUIConstants.sliderThumbDiameter)
        return CGSize(width: width, height: SwiftUIConstants.sliderHeight)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        let control = list.graph.controls[Int(node.payload)]
        let frame = list.frame(of: id)
        let thumb = SwiftUIConstants.sliderThumbDiameter
        let trackHeight = Look.sliderTrackHeight
        let track = CGRect(x: frame.minX, y: frame.midY - trackHeight / 2, width: frame.width, height: trackHeight)
        list.add(track, .capsule, Look.sliderTrack)
        let thumbX = frame.minX + CGFloat(control.fraction) * (frame.width - thumb)
        let fill = CGRect(x: frame.minX, y: track.minY, width: thumbX + thumb / 2 - frame.minX, height: trackHeight)
        list.add(control.mirrored(fill, in: frame), .capsule, .blue)
        let thumbFrame = CGRect(x: thumbX, y: frame.midY - thumb / 2, width: thumb, height: thumb)
        list.add(control.mirrored(thumbFrame, in: frame), .circle, .white, stroke: Look.sliderThumbBorder)
    }
}

/// A toggle's switch: a fixed size whatever it is offered; a capsule
/// track and a knob at the end that says its state.
enum ToggleSwitchNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence { .neither }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        SwiftUIConstants.toggleSwitchSize
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        let control = list.graph.controls[Int(node.payload)]
        let frame = list.frame(of: id)
        list.add(frame, .capsule, control.isOn ? .green : Look.switchOffTrack)
        let inset = Look.switchKnobInset
        let knob = frame.height - 2 * inset
        let x = control.isOn ? frame.maxX - inset - knob : frame.minX + inset
        list.add(control.mirrored(CGRect(x: x, y: frame.minY + inset, width: knob, height: knob), in: frame), .circle, .white)
    }
}

/// A divider: a hairline across the enclosing stack's axis (vertical in an
/// `HStack`, horizontal elsewhere), as long as offered.
enum DividerNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        SizeDependence(width: node.axis != .horizontal, height: node.axis == .horizontal)
    }

    static func size(_ id: NodeID, _ node: Node, _ proposal: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let thickness = SwiftUIConstants.dividerThickness
        return node.axis == .horizontal
            ? CGSize(width: thickness, height: proposal.height ?? thickness)
            : CGSize(width: proposal.width ?? thickness, height: thickness)
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {
        list.add(list.frame(of: id), .rectangle, Look.divider)
    }
}

/// A spacer: along its stack's axis it takes what it is offered, at least
/// its minimum length; it draws nothing.
enum SpacerNode: LeafNodeRules {
    static var sizesInConstantTime: Bool { true }
    static func sizeDependence(_ node: Node, content: SizeDependence, in graph: _ViewGraph) -> SizeDependence {
        SizeDependence(width: node.axis != .vertical, height: node.axis != .horizontal)
    }

    static func size(_ id: NodeID, _ node: Node, _ p: ProposedViewSize, in graph: _ViewGraph) -> CGSize {
        let minLength = graph.points[Int(node.payload)].x
        switch node.axis {
        case .horizontal: return CGSize(width: max(minLength, p.width ?? minLength), height: 0)
        case .vertical: return CGSize(width: 0, height: max(minLength, p.height ?? minLength))
        case .none: return CGSize(width: max(minLength, p.width ?? minLength), height: max(minLength, p.height ?? minLength))
        }
    }

    static func draw(_ id: NodeID, _ node: Node, into list: DisplayListBuilder) {}
}
