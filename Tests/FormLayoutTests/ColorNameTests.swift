import Foundation
import Testing
import FormLayout

/// A colour keeps the name of SwiftUI's named colours (for renderers
/// without colour) while holding no reference, so that views holding
/// colours copy as plain bytes.
@Suite("Colour names")
struct ColorNameTests {
    private static let named: [(Color, String)] = [
        (.red, "red"), (.orange, "orange"), (.yellow, "yellow"), (.green, "green"), (.mint, "mint"),
        (.teal, "teal"), (.cyan, "cyan"), (.blue, "blue"), (.indigo, "indigo"), (.purple, "purple"),
        (.pink, "pink"), (.brown, "brown"), (.gray, "gray"), (.black, "black"), (.white, "white"),
        (.clear, "clear"), (.primary, "primary"), (.secondary, "secondary"),
    ]

    @Test func namedColoursKeepTheirNames() {
        for (color, name) in Self.named {
            #expect(color.name == name)
            #expect(color.description == name)
        }
        #expect(Set(Self.named.map(\.0)).count == Self.named.count, "each named colour is its own")
    }

    @Test func componentColoursHaveNoName() {
        let grey = Color(white: 0.9)
        #expect(grey.name == nil)
        #expect(grey.description == grey.hex)
        // Black by its components is not the named black: the name tells them apart.
        #expect(Color(red: 0, green: 0, blue: 0) != .black)
        #expect(Color(red: 0, green: 0, blue: 0).opacity(1) == Color(white: 0))
    }

    @Test func namesCanBeGivenAndTakenAway() {
        var color = Color(red: Color.red.red, green: Color.red.green, blue: Color.red.blue)
        #expect(color != .red)
        color.name = "red"
        #expect(color.name == "red")
        #expect(color == .red, "the same components and name")
        #expect(color.hashValue == Color.red.hashValue)
        color.name = nil
        #expect(color.name == nil)
        // Only SwiftUI's names are kept.
        color.name = "crimson"
        #expect(color.name == nil)
        #expect(Color.red.opacity(0.5).name == "red")
    }

    @Test func aColourIsPlainData() {
        #expect(_isPOD(Color.self), "a colour holds no reference")
    }
}
