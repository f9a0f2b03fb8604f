import Foundation

/// An editable text field, as SwiftUI's `TextField` with
/// `RoundedBorderTextFieldStyle`: as wide as it is offered, one rounded-border
/// line tall (`SwiftUIConstants.textFieldHeight`).
public struct TextField: _PrimitiveView {
    /// The placeholder, drawn in grey while `text` is empty.
    public let title: String
    /// The text shown, clipped at the field's edge when too long.
    public let text: String

    /// Reads the binding's value once; a headless field never writes back.
    public init(_ title: String, text: Binding<String>) { self.init(title, text: text.wrappedValue) }
    /// A field showing `text` with `title` as placeholder; no binding needed headlessly.
    public init(_ title: String, text: String) {
        self.title = title
        self.text = text
    }

    public static func _makeView(_ view: TextField, into graph: _ViewGraph) {
        graph.addLeaf(.textField, payload: graph.controls.appendIndex(ControlPayload(
            text: view.text, placeholder: view.title, font: graph.environment.resolvedFont,
            isRightToLeft: graph.environment.layoutDirection == .rightToLeft)))
    }
}

/// The style SwiftUI names for rounded-border text fields.
public struct RoundedBorderTextFieldStyle {
    /// The value to pass to `textFieldStyle(_:)`.
    public init() {}
}

extension View {
    /// Accepted for source compatibility: every text field draws with a rounded border.
    public func textFieldStyle(_ style: RoundedBorderTextFieldStyle) -> Self { self }
}

/// A switch with a label, as SwiftUI's `Toggle` on iOS: the label leading,
/// the switch trailing, as wide as it is offered.
public struct Toggle<Label: View>: View {
    /// Whether the switch is drawn on (green, knob trailing).
    public let isOn: Bool
    /// The view shown at the leading edge.
    public let label: Label

    /// Reads the binding's value once; the switch is drawn, never toggled.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue
        self.label = label()
    }
    /// A toggle drawn on or off, without a binding.
    public init(isOn: Bool, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    @inlinable
    public var body: some View {
        HStack {
            label
            Spacer()
            ToggleSwitch(isOn: isOn)
        }
    }
}

extension Toggle where Label == Text {
    /// A toggle labelled with `title`; reads the binding's value once.
    public init(_ title: String, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(title) } }
    /// A toggle labelled with `title`, drawn on or off, without a binding.
    public init(_ title: String, isOn: Bool) { self.init(isOn: isOn) { Text(title) } }
}

/// The switch part of a `Toggle`.
@usableFromInline
struct ToggleSwitch: _PrimitiveView {
    let isOn: Bool
    @usableFromInline init(isOn: Bool) { self.isOn = isOn }
    public static func _makeView(_ view: Self, into graph: _ViewGraph) {
        graph.addLeaf(.toggleSwitch, payload: graph.controls.appendIndex(ControlPayload(isOn: view.isOn, isRightToLeft: graph.environment.layoutDirection == .rightToLeft)))
    }
}

/// A horizontal slider over a closed range, as SwiftUI's `Slider`: as wide
/// as it is offered, `SwiftUIConstants.sliderHeight` tall.
public struct Slider: _PrimitiveView {
    /// Where the thumb sits, 0 at the lower bound and 1 at the upper.
    public let fraction: Double

    /// Places the thumb at the binding's current value, clamped to `bounds`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>) {
        self.init(value: value.wrappedValue, in: bounds)
    }
    /// Places the thumb at `value`, clamped to `bounds`; an empty range puts it at the lower end.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V>) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let raw = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        fraction = min(max(raw, 0), 1)
    }

    public static func _makeView(_ view: Slider, into graph: _ViewGraph) {
        graph.addLeaf(.slider, payload: graph.controls.appendIndex(ControlPayload(fraction: view.fraction, isRightToLeft: graph.environment.layoutDirection == .rightToLeft)))
    }
}

/// A hairline across the enclosing stack's axis (horizontal outside an `HStack`).
public struct Divider: _PrimitiveView {
    /// A divider; its direction comes from the enclosing stack.
    public init() {}
    public static func _makeView(_ view: Divider, into graph: _ViewGraph) {
        graph.addLeaf(.divider, payload: 0)
    }
}

/// Flexible space along the enclosing stack's axis, at least `minLength`
/// long (`SwiftUIConstants.defaultSpacerMinLength` by default).
public struct Spacer: _PrimitiveView {
    /// The least length along the stack's axis; nil means the default, 8 points.
    public let minLength: CGFloat?
    /// A spacer at least `minLength` long (8 points when nil).
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public static func _makeView(_ view: Spacer, into graph: _ViewGraph) {
        graph.addLeaf(.spacer, payload: graph.points.appendIndex(CGPoint(x: view.minLength ?? SwiftUIConstants.defaultSpacerMinLength, y: 0)))
    }
}
