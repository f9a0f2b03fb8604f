import Foundation

/// A choice of one option among several, as SwiftUI's `Picker` in its
/// default style inside a `Form` on iOS 16 and later (`.menu`): the label
/// at the leading edge, the selected option's label at the trailing edge in
/// the secondary colour, as wide as it is offered and one line of its font
/// tall. The selection takes the room the label leaves and is cut to fit,
/// so the picker's size does not depend on which option is selected. With
/// nothing selected, or a selection no option has, the trailing side is
/// empty.
///
/// SwiftUI builds the options from content views with `tag(_:)`; headless,
/// they are given as values and labels. iOS draws a small
/// `chevron.up.chevron.down` symbol after the selection, which the engine,
/// having no symbols, leaves out.
public struct Picker<Label: View>: View {
    /// The label of the selected option, or "" when none is selected.
    public let selectedLabel: String
    /// The view shown at the leading edge.
    public let label: Label

    /// A picker showing which of `options` is `selection`; reads it once.
    public init<Value: Equatable>(selection: Value?, options: [(value: Value, label: String)], @ViewBuilder label: () -> Label) {
        self.selectedLabel = selection.flatMap { selected in options.first { $0.value == selected }?.label } ?? ""
        self.label = label()
    }

    /// A picker whose selected option's label is already known (`""`: none).
    public init(selectedLabel: String, @ViewBuilder label: () -> Label) {
        self.selectedLabel = selectedLabel
        self.label = label()
    }

    @inlinable
    public var body: some View {
        HStack {
            label
            // The selection takes what the label leaves, cut to fit and
            // against the trailing edge. Its frame's least width is 0, so
            // what the label is offered, and so the picker's size, never
            // depends on which option is selected.
            Text(selectedLabel).lineLimit(1).foregroundColor(.secondary)
                .frame(minWidth: 0, maxWidth: .infinity, alignment: .trailing)
        }
    }
}

extension Picker where Label == Text {
    /// A picker labelled with `title`, showing which of `options` is `selection`.
    public init<Value: Equatable>(_ title: String, selection: Value?, options: [(value: Value, label: String)]) {
        self.init(selection: selection, options: options) { Text(title) }
    }
    /// A picker labelled with `title`, whose selected option's label is known.
    public init(_ title: String, selectedLabel: String) {
        self.init(selectedLabel: selectedLabel) { Text(title) }
    }
}
