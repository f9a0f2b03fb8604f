/// State shown by a control; controls are drawn, never interacted with.
struct ControlPayload {
    var text = ""
    var placeholder = ""
    var isOn = false
    var fraction: Double = 0
    var font = Font.body
}

/// An editable text field, as SwiftUI's `TextField` with
/// `RoundedBorderTextFieldStyle`: as wide as it is offered, one rounded-border
/// line tall (`SwiftUIConstants.textFieldHeight`).
public struct TextField: _PrimitiveView {
    public let title: String
    public let text: String

    public init(_ title: String, text: Binding<String>) { self.init(title, text: text.wrappedValue) }
    public init(_ title: String, text: String) {
        self.title = title
        self.text = text
    }

    public static func _makeView(_ view: TextField, into graph: _ViewGraph) {
        graph.controls.append(ControlPayload(text: view.text, placeholder: view.title, font: graph.environment.resolvedFont))
        graph.addLeaf(.textField, payload: graph.controls.count - 1)
    }
}

/// The style SwiftUI names for rounded-border text fields.
public struct RoundedBorderTextFieldStyle {
    public init() {}
}

extension View {
    /// Accepted for source compatibility: every text field draws with a rounded border.
    public func textFieldStyle(_ style: RoundedBorderTextFieldStyle) -> Self { self }
}

/// A switch with a label, as SwiftUI's `Toggle` on iOS: the label leading,
/// the switch trailing, as wide as it is offered.
public struct Toggle<Label: View>: View {
    public let isOn: Bool
    public let label: Label

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue
        self.label = label()
    }
    public init(isOn: Bool, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some View {
        HStack {
            label
            Spacer()
            _ToggleSwitch(isOn: isOn)
        }
    }
}

extension Toggle where Label == Text {
    public init(_ title: String, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(title) } }
    public init(_ title: String, isOn: Bool) { self.init(isOn: isOn) { Text(title) } }
}

/// The switch part of a `Toggle`.
public struct _ToggleSwitch: _PrimitiveView {
    let isOn: Bool
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.controls.append(ControlPayload(isOn: view.isOn))
        graph.addLeaf(.toggleSwitch, payload: graph.controls.count - 1)
    }
}

/// A horizontal slider over a closed range, as SwiftUI's `Slider`: as wide
/// as it is offered, `SwiftUIConstants.sliderHeight` tall.
public struct Slider: _PrimitiveView {
    /// Where the thumb sits, 0 at the lower bound and 1 at the upper.
    public let fraction: Double

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>) {
        self.init(value: value.wrappedValue, in: bounds)
    }
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V>) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let raw = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        fraction = min(max(raw, 0), 1)
    }

    public static func _makeView(_ view: Slider, into graph: _ViewGraph) {
        graph.controls.append(ControlPayload(fraction: view.fraction))
        graph.addLeaf(.slider, payload: graph.controls.count - 1)
    }
}

/// A hairline across the enclosing stack's axis (horizontal outside an `HStack`).
public struct Divider: _PrimitiveView {
    public init() {}
    public static func _makeView(_ view: Divider, into graph: _ViewGraph) {
        graph.addLeaf(.divider, payload: 0)
    }
}

/// Flexible space along the enclosing stack's axis, at least `minLength`
/// long (`SwiftUIConstants.defaultSpacerMinLength` by default).
public struct Spacer: _PrimitiveView {
    public let minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public static func _makeView(_ view: Spacer, into graph: _ViewGraph) {
        graph.points.append(CGPoint(x: view.minLength ?? SwiftUIConstants.defaultSpacerMinLength, y: 0))
        graph.addLeaf(.spacer, payload: graph.points.count - 1)
    }
}
