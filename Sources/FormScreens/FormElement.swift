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
    /// Computed: the empty array is a constant, where a stored static is
    /// initialised lazily and checked (`swift_once`) at each of the
    /// thousands of reads a layout makes.
    public static var defaultValue: [FormElement] { [] }
    /// Appends the next sibling's elements after those so far, keeping code order.
    public static func reduce(value: inout [FormElement], nextValue: () -> [FormElement]) {
        // Element by element: appending the array whole copied its
        // elements through the runtime's generic array copy, a call per
        // element's key, for each field merged into its row.
        let next = nextValue()
        for index in next.indices { value.append(next[index]) }
    }
}

extension FormElement {
    /// The indices of the `elements` the minimap shows, back to front: each
    /// box before what it holds (a field's container before the field, a
    /// group's or an instance's box before its rows), and otherwise in form
    /// order.
    ///
    /// Seed 002 walks its preferences in reverse for the first half of
    /// that: a container reports itself after what it holds, so that walk
    /// puts it underneath. Siblings never overlap, so keeping them in form
    /// order draws the same picture, and it gives what comes last in the
    /// form the last places: a field or an instance added at the end of the
    /// form adds rectangles without renumbering the others (`minimap_rect.z`).
    public static func backToFront(_ elements: [FormElement]) -> [Int] {
        // Read in place: through the array, each element's kind was copied
        // (its key retained and released) at every look.
        elements.withUnsafeBufferPointer { elements in
            var order: [Int] = []
            order.reserveCapacity(elements.count)
            // The trees read so far that no box holds yet: the element each
            // stands for (a field, a box) and where its first index is in
            // `order`. Preferences list a box right after what it holds. By
            // element rather than by key: a key kept here was a copy, retained
            // and released, for each of tens of thousands of elements.
            var open: [(element: Int, start: Int)] = []
            open.reserveCapacity(elements.count)
            for index in elements.indices {
                var start = order.count
                switch elements[index].kind {
                case .formContainer, .miniMapArea:
                    continue
                case .field, .title:
                    break
                case .fieldContainer(let fieldKey):
                    if let last = open.last, elements[last.element].kind.isField(fieldKey) {
                        start = last.start
                        open.removeLast()
                    }
                case .group(let path):
                    while let last = open.last, elements[last.element].kind.isWithin(path) {
                        start = last.start
                        open.removeLast()
                    }
                }
                if start == order.count {
                    order.append(index)
                } else {
                    order.insert(index, at: start)
                }
                open.append((index, start))
            }
            return order
        }
    }
}

private extension FormElement.Kind {
    /// Whether this is the field `key`.
    func isField(_ key: String) -> Bool {
        if case .field(let fieldKey, _) = self { fieldKey == key } else { false }
    }

    /// Whether this is a field, a field's container or a box within the group at `path`.
    func isWithin(_ path: String) -> Bool {
        switch self {
        case .field(let key, _), .fieldContainer(let key), .group(let key): FieldPath.isWithin(key, path)
        default: false
        }
    }
}
