/// Walks the placed tree in drawing order (a background before its host,
/// an overlay after; stack children in code order) and lists what is drawn.
private typealias Look = SwiftUIConstants.ControlAppearance

extension _ViewGraph {
    func makeDisplayList(root: NodeID, windowSize: CGSize) -> DisplayList {
        var items: [DisplayItem] = []
        items.reserveCapacity(nodes.count / 2)
        emit(root, identifier: nil, into: &items)
        return DisplayList(size: windowSize, items: items)
    }

    private func emit(_ id: NodeID, identifier: String?, into items: inout [DisplayItem]) {
        let node = nodes[Int(id)]
        let frame = frames[Int(id)]
        func add(_ frame: CGRect, _ shape: DisplayItem.Shape, _ fill: Color, stroke: Color? = nil) {
            items.append(DisplayItem(z: items.count, frame: frame, shape: shape, fill: fill, stroke: stroke, identifier: identifier))
        }
        switch node.kind {
        case .hidden, .spacer:
            return
        case .shape:
            let shape = shapes[Int(node.payload)]
            add(frame, shape.shape, shape.fill)
        case .text:
            let text = texts[Int(node.payload)]
            add(frame, .text(lines: text.layout.lines(in: frame.width, measurer: textMeasurer), font: text.layout.font), text.color)
        case .textField:
            let control = controls[Int(node.payload)]
            add(frame, .roundedRectangle(cornerRadius: SwiftUIConstants.textFieldCornerRadius), .white, stroke: Look.textFieldBorder)
            let showsPlaceholder = control.text.isEmpty
            let string = showsPlaceholder ? control.placeholder : control.text
            let inset = SwiftUIConstants.textFieldTextInset
            let room = max(0, frame.width - 2 * inset)
            let shown = prefix(of: string, fittingIn: room, font: control.font)
            if !shown.isEmpty {
                let textFrame = CGRect(x: frame.minX + inset, y: frame.midY - control.font.lineHeight / 2,
                                       width: room, height: control.font.lineHeight)
                add(textFrame, .text(lines: [shown], font: control.font), showsPlaceholder ? Look.placeholderText : .primary)
            }
        case .toggleSwitch:
            let control = controls[Int(node.payload)]
            add(frame, .capsule, control.isOn ? .green : Look.switchOffTrack)
            let inset = Look.switchKnobInset
            let knob = frame.height - 2 * inset
            let x = control.isOn ? frame.maxX - inset - knob : frame.minX + inset
            add(CGRect(x: x, y: frame.minY + inset, width: knob, height: knob), .circle, .white)
        case .slider:
            let control = controls[Int(node.payload)]
            let thumb = SwiftUIConstants.sliderThumbDiameter
            let trackHeight = Look.sliderTrackHeight
            let track = CGRect(x: frame.minX, y: frame.midY - trackHeight / 2, width: frame.width, height: trackHeight)
            add(track, .capsule, Look.sliderTrack)
            let thumbX = frame.minX + CGFloat(control.fraction) * (frame.width - thumb)
            add(CGRect(x: frame.minX, y: track.minY, width: thumbX + thumb / 2 - frame.minX, height: trackHeight), .capsule, .blue)
            add(CGRect(x: thumbX, y: frame.midY - thumb / 2, width: thumb, height: thumb), .circle, .white, stroke: Look.sliderThumbBorder)
        case .divider:
            add(frame, .rectangle, Look.divider)
        case .identifier:
            emit(firstChild(of: id), identifier: identifiers[Int(node.payload)], into: &items)
        case .background, .preferenceBackground:
            let children = self.children(of: id)
            for child in children.reversed() { emit(child, identifier: identifier, into: &items) }
        default:
            for child in children(of: id) { emit(child, identifier: identifier, into: &items) }
        }
    }

    /// The start of `string` that fits in `width` on one line: a text field
    /// shows its text clipped at its edge, as an unfocused `UITextField`
    /// does. Linear in what fits, whatever the value's length.
    private func prefix(of string: String, fittingIn width: CGFloat, font: Font) -> String {
        var used: CGFloat = 0
        var end = string.startIndex
        for character in string {
            if character == "\n" { break }
            used += textMeasurer.advance(of: character, font: font)
            if used > width { break }
            end = string.index(after: end)
        }
        return String(string[..<end])
    }
}
