import FormLayout
import Foundation

/// Display lists built by hand, so that every renderer test knows exactly
/// what it draws.
enum Fixtures {
    /// A list of `size` whose items get `z` from their position.
    static func list(width: CGFloat, height: CGFloat, _ items: [(CGRect, DisplayItem.Shape, Color)]) -> DisplayList {
        DisplayList(
            size: CGSize(width: width, height: height),
            items: items.enumerated().map { DisplayItem(z: $0.offset, frame: $0.element.0, shape: $0.element.1, fill: $0.element.2) })
    }

    /// The seed's minimap at 200×150: a gray container 190×100 at (5, 5)
    /// holding a purple title, a red (empty) field and a green one.
    static let minimap = DisplayList(
        size: CGSize(width: 200, height: 150),
        items: [
            DisplayItem(z: 0, frame: CGRect(x: 5, y: 5, width: 190, height: 100), shape: .rectangle, fill: .gray, identifier: "form"),
            DisplayItem(z: 1, frame: CGRect(x: 15, y: 10, width: 170, height: 15), shape: .rectangle, fill: .purple, identifier: "title"),
            DisplayItem(z: 2, frame: CGRect(x: 15, y: 40, width: 80, height: 20), shape: .rectangle, fill: .red, identifier: "first"),
            DisplayItem(z: 3, frame: CGRect(x: 105, y: 40, width: 80, height: 20), shape: .rectangle, fill: .green, identifier: "last"),
        ])

    /// One of each shape kind, with strokes, translucency, text and an
    /// identifier that needs escaping.
    static let everyKind = DisplayList(
        size: CGSize(width: 120, height: 80),
        items: [
            DisplayItem(z: 0, frame: CGRect(x: 0, y: 0, width: 120, height: 80), shape: .rectangle, fill: .white),
            DisplayItem(z: 1, frame: CGRect(x: 4, y: 4, width: 50, height: 20), shape: .roundedRectangle(cornerRadius: 5), fill: .yellow, stroke: .gray, identifier: "field <1>"),
            DisplayItem(z: 2, frame: CGRect(x: 60, y: 4, width: 20, height: 20), shape: .circle, fill: .orange),
            DisplayItem(z: 3, frame: CGRect(x: 84, y: 4, width: 30, height: 10), shape: .capsule, fill: .blue.opacity(0.5)),
            DisplayItem(z: 4, frame: CGRect(x: 4, y: 30, width: 100, height: 44), shape: .text(lines: ["Tom & \"Jerry\" <'x'>", "bell\u{7}end"], font: .headline), fill: .primary, identifier: "caption"),
            DisplayItem(z: 5, frame: CGRect(x: 100, y: 60, width: 0.00001, height: 1.5), shape: .rectangle, fill: .clear),
        ])
}
