import FormLayout
import FormModel
import Foundation

/// What a view of the form screen reports about itself through anchor
/// preferences: seed 002's `MyViewType` with the field's key and state.
public struct FormElement: Sendable {
    /// The kind of view (seed 002's `MyViewType`).
    public enum Kind: Equatable, Sendable {
        case formContainer
        case fieldContainer(key: String)
        case field(key: String, state: ValidationState)
        /// A group's or an instance's box (`FormGroup.path`).
        case group(path: String)
        case title
        case miniMapArea
    }

    /// Which view reported itself, with the field's key (and state) where it has them.
    public let kind: Kind
    /// The view's bounds, resolvable in any `GeometryProxy`.
    public let bounds: Anchor<CGRect>

    /// Seed 002's `getColor()`: fields by state, the title purple, the rest gray.
    public var color: FieldColor {
        switch kind {
        case .field(_, let state): state.color
        case .title: .purple
        default: .gray
        }
    }

    /// Seed 002's `show()`: only fields, their containers and the title are drawn.
    public var isShownInMinimap: Bool {
        switch kind {
        case .field, .fieldContainer, .title, .group: true
        case .formContainer, .miniMapArea: false
        }
    }
}

/// Collects every `FormElement` of the screen, children first, siblings in
/// code order (seed 002's `MyPreferenceKey`).
public struct FormElementsKey: PreferenceKey {
    /// No elements: what a subtree without reporting views yields.
    public static let defaultValue: [FormElement] = []
    /// Appends the next sibling's elements after those so far, keeping code order.
    public static func reduce(value: inout [FormElement], nextValue: () -> [FormElement]) {
        value.append(contentsOf: nextValue())
    }
}
