import FormLayout
import Foundation
import Testing
@testable import FormRender

@Suite struct JSONRendererTests {
    func parse(_ json: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func parsesBackWithCountsAndFields() throws {
        let document = try parse(JSONRenderer().render(Fixtures.minimap))
        #expect(document["width"] as? Double == 200)
        #expect(document["height"] as? Double == 150)
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == 4)
        let red = items[2]
        #expect(red["z"] as? Int == 2)
        #expect(red["kind"] as? String == "rectangle")
        #expect(red["x"] as? Double == 15 && red["y"] as? Double == 40)
        #expect(red["width"] as? Double == 80 && red["height"] as? Double == 20)
        #expect(red["identifier"] as? String == "first")
        #expect(red["stroke"] is NSNull)
        let fill = try #require(red["fill"] as? [String: Any])
        #expect(fill["hex"] as? String == "#ff3b30")
        #expect(fill["name"] as? String == "red")
        #expect(fill["opacity"] as? Double == 1)
    }

    @Test func everyKindCarriesItsOwnFields() throws {
        let items = try #require(try parse(JSONRenderer().render(Fixtures.everyKind))["items"] as? [[String: Any]])
        #expect(items.map { $0["kind"] as? String } == ["rectangle", "roundedRectangle", "circle", "capsule", "text", "rectangle"])
        #expect(items[1]["cornerRadius"] as? Double == 5)
        #expect((items[1]["stroke"] as? [String: Any])?["name"] as? String == "gray")
        #expect(items[1]["identifier"] as? String == "field <1>")
        #expect(items[2]["cornerRadius"] == nil)
        #expect(items[3]["cornerRadius"] as? Double == 5)
        #expect((items[3]["fill"] as? [String: Any])?["opacity"] as? Double == 0.5)
        #expect(items[4]["lines"] as? [String] == ["Tom & \"Jerry\" <'x'>", "bell\u{7}end"])
        let font = try #require(items[4]["font"] as? [String: Any])
        #expect(font["style"] as? String == "headline")
        #expect(font["weight"] as? String == "semibold")
        #expect(font["pointSize"] as? Double == 17 && font["lineHeight"] as? Double == 22)
        #expect((items[5]["fill"] as? [String: Any])?["name"] as? String == "clear")
    }

    @Test func exactBytesForOneItem() {
        let list = DisplayList(size: CGSize(width: 10, height: 5.5), items: [
            DisplayItem(z: 0, frame: CGRect(x: 1.25, y: 0.00001, width: 1.0 / 3, height: 2), shape: .rectangle, fill: Color(white: 0.5)),
        ])
        #expect(JSONRenderer().render(list) == """
            {
              "height": 5.5,
              "items": [
                {
                  "fill": {
                    "hex": "#808080",
                    "name": null,
                    "opacity": 1
                  },
                  "height": 2,
                  "identifier": null,
                  "kind": "rectangle",
                  "stroke": null,
                  "width": 0.3333,
                  "x": 1.25,
                  "y": 0,
                  "z": 0
                }
              ],
              "width": 10
            }

            """)
    }

    @Test func emptyListAndDeterminism() throws {
        #expect(JSONRenderer().render(DisplayList(size: .zero, items: [])) == "{\n  \"height\": 0,\n  \"items\": [],\n  \"width\": 0\n}\n")
        #expect(JSONRenderer().render(Fixtures.everyKind) == JSONRenderer().render(Fixtures.everyKind))
    }

    @Test func controlCharactersAreEscaped() throws {
        let list = Fixtures.list(width: 1, height: 1, [(CGRect(x: 0, y: 0, width: 1, height: 1), .text(lines: ["a\u{1}b\\c\"d\ne/é"], font: .body), .red)])
        let json = JSONRenderer().render(list)
        #expect(json.contains(#""a\u0001b\\c\"d\ne/é""#))
        let items = try #require(try parse(json)["items"] as? [[String: Any]])
        #expect(items[0]["lines"] as? [String] == ["a\u{1}b\\c\"d\ne/é"])
    }
}

@Suite struct CompactNumberTests {
    @Test(arguments: [
        (0.0, "0"), (100, "100"), (2.5, "2.5"), (-2.25, "-2.25"), (0.05, "0.05"), (1.0 / 3, "0.3333"),
        (0.00001, "0"), (-0.00001, "0"), (0.99999, "1"), (1e20, "100000000000000"), (-1e20, "-100000000000000"), (.nan, "0"), (-.infinity, "0"),
    ])
    func formats(value: Double, expected: String) {
        #expect(CompactNumber.string(value) == expected)
    }
}
