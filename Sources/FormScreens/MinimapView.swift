import FormLayout
import FormModel
import Foundation

/// Seed 002's `MiniMap`: the form scaled so that its container is
/// `minimap width − 10` wide, drawn 5 points inside the minimap area, with
/// containers under their fields (`FormElement.backToFront`).
public struct MinimapView: View {
    let geometry: GeometryProxy
    let elements: [FormElement]

    public var body: some View {
        // Containers under their fields. The shown elements by index, not
        // copied: a copy of every element is megabytes of fresh memory for a
        // form of ten thousand fields.
        let shown = FormElement.backToFront(elements)
        if let scale = MinimapScale(elements: elements, resolve: { geometry[$0] }) {
            ZStack(alignment: .topLeading) {
                ForEach(shown, id: \.self) { index in
                    // The element's parts read where they are: a copy of it
                    // retained and released its key for each rectangle.
                    let rect = scale.minimapRect(of: geometry[elements[index].bounds])
                    Rectangle()
                        .fill(elements[index].color.color)
                        .frame(width: rect.width, height: rect.height)
                        .offset(x: rect.minX + scale.areaOrigin.x - 5, y: rect.minY + scale.areaOrigin.y - 5)
                }
            }
            .padding(5)
        }
    }
}

/// The seed's minimap maths: `factor = container.width / (area.width − 10)`,
/// sizes divided by it, positions relative to the container's corner.
public struct MinimapScale: Equatable, Sendable {
    /// Form points per minimap point.
    public let factor: CGFloat
    /// The form container's top-left corner.
    public let containerOrigin: CGPoint
    /// The minimap area's top-left corner (same space as the container's).
    public let areaOrigin: CGPoint

    /// Finds the container and the minimap area among `elements`; nil when either is missing.
    public init?(elements: [FormElement], resolve: (Anchor<CGRect>) -> CGRect) {
        guard let container = elements.first(where: { $0.kind == .formContainer }).map({ resolve($0.bounds) }),
              let area = elements.first(where: { $0.kind == .miniMapArea }).map({ resolve($0.bounds) })
        else { return nil }
        self.init(container: container, area: area)
    }

    /// The scale of a container and a minimap area with these bounds; nil
    /// when the area is too narrow or the container empty.
    init?(container: CGRect, area: CGRect) {
        guard area.width > 10, container.width > 0 else { return nil }
        factor = container.width / (area.width - 10)
        containerOrigin = container.origin
        areaOrigin = area.origin
    }

    /// `rect` (form coordinates) in minimap coordinates: the minimap area's
    /// top-left corner is the origin, the container starts at (5, 5).
    public func minimapRect(of rect: CGRect) -> CGRect {
        CGRect(x: (rect.minX - containerOrigin.x) / factor + 5,
               y: (rect.minY - containerOrigin.y) / factor + 5,
               width: rect.width / factor,
               height: rect.height / factor)
    }
}
