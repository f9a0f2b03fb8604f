/// Walks the placed tree in drawing order (a background before its host,
/// an overlay after; stack children in code order) and lists what is drawn.
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
            let lines: [String]
            if frame.width >= text.layout.naturalWidth {
                lines = text.layout.paragraphCount == 1
                    ? [text.layout.string]
                    : text.layout.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } else {
                lines = text.layout.wrap(width: frame.width, measurer: textMeasurer).0
            }
            add(frame, .text(lines: lines, font: text.layout.font), text.color)
        case .textField:
            let control = controls[Int(node.payload)]
            add(frame, .roundedRectangle(cornerRadius: SwiftUIConstants.textFieldCornerRadius), .white, stroke: Color(white: 0.8))
            let showsPlaceholder = control.text.isEmpty
            let string = showsPlaceholder ? control.placeholder : control.text
            if !string.isEmpty {
                let inset = SwiftUIConstants.textFieldTextInset
                let textFrame = CGRect(x: frame.minX + inset, y: frame.midY - control.font.lineHeight / 2,
                                       width: max(0, frame.width - 2 * inset), height: control.font.lineHeight)
                add(textFrame, .text(lines: [string], font: control.font), showsPlaceholder ? Color(white: 0.7) : .primary)
            }
        case .toggleSwitch:
            let control = controls[Int(node.payload)]
            add(frame, .capsule, control.isOn ? .green : Color(white: 0.9))
            let knob = frame.height - 4
            let x = control.isOn ? frame.maxX - 2 - knob : frame.minX + 2
            add(CGRect(x: x, y: frame.minY + 2, width: knob, height: knob), .circle, .white)
        case .slider:
            let control = controls[Int(node.payload)]
            let thumb = SwiftUIConstants.sliderThumbDiameter
            let track = CGRect(x: frame.minX, y: frame.midY - 2, width: frame.width, height: 4)
            add(track, .capsule, Color(white: 0.9))
            let thumbX = frame.minX + CGFloat(control.fraction) * (frame.width - thumb)
            add(CGRect(x: frame.minX, y: track.minY, width: thumbX + thumb / 2 - frame.minX, height: 4), .capsule, .blue)
            add(CGRect(x: thumbX, y: frame.midY - thumb / 2, width: thumb, height: thumb), .circle, .white, stroke: Color(white: 0.8))
        case .divider:
            add(frame, .rectangle, Color(white: 0.78))
        case .identifier:
            emit(firstChild(of: id), identifier: identifiers[Int(node.payload)], into: &items)
        case .background, .preferenceBackground:
            let children = self.children(of: id)
            for child in children.reversed() { emit(child, identifier: identifier, into: &items) }
        default:
            for child in children(of: id) { emit(child, identifier: identifier, into: &items) }
        }
    }
}
