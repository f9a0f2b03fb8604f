import FormLayout
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FormRender

/// Collects elements, attributes and text of a parsed document.
final class SVGCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var tspans: [String] = []
    private var inTspan = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        if name == "tspan" { inTspan = true; tspans.append("") }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "tspan" { inTspan = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTspan { tspans[tspans.count - 1] += string }
    }

    static func parse(_ svg: String) throws -> SVGCollector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = SVGCollector()
        parser.delegate = collector
        let parsed = parser.parse()
        #expect(parsed, "XMLParser failed: \(String(describing: parser.parserError))")
        try #require(parsed)
        return collector
    }
}

@Suite struct SVGRendererTests {
    @Test func standaloneDocumentWithEveryShape() throws {
        let svg = SVGRenderer().render(Fixtures.everyKind)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"120\" height=\"80\" viewBox=\"0 0 120 80\">\n"))
        #expect(svg.hasSuffix("</svg>\n"))
        let document = try SVGCollector.parse(svg)
        #expect(document.elements.map(\.name) == ["svg", "rect", "rect", "title", "circle", "rect", "text", "title", "tspan", "tspan", "rect"])
        let rounded = document.elements[2].attributes
        #expect(rounded["rx"] == "5" && rounded["fill"] == "#ffcc00" && rounded["stroke"] == "#8e8e93")
        let circle = document.elements[4].attributes
        #expect(circle["cx"] == "70" && circle["cy"] == "14" && circle["r"] == "10")
        let capsule = document.elements[5].attributes
        #expect(capsule["rx"] == "5" && capsule["fill"] == "#007aff" && capsule["fill-opacity"] == "0.5")
        let text = document.elements[6].attributes
        #expect(text["font-size"] == "17" && text["font-weight"] == "600" && text["fill"] == "#000000")
        #expect(document.elements[8].attributes["y"] == "47.6")  // 30 + 0.8 × 22
        #expect(document.elements[9].attributes["y"] == "69.6")  // one line height further
        #expect(document.elements[10].attributes["fill"] == "none")
    }

    @Test func textIsEscapedAndIllegalCharactersStripped() throws {
        let document = try SVGCollector.parse(SVGRenderer().render(Fixtures.everyKind))
        #expect(document.tspans == ["Tom & \"Jerry\" <'x'>", "bellend"])
        let titles = SVGRenderer().render(Fixtures.everyKind)
        #expect(titles.contains("<title>field &lt;1&gt;</title>"))
    }

    @Test func hostileIdentifierAndLinesStillParse() throws {
        let nasty = "<script>&amp;\"'\u{0}\u{1B}\u{FFFE}\u{FFFF}\r\t\n😀"
        let list = DisplayList(size: CGSize(width: 10, height: 10), items: [
            DisplayItem(z: 0, frame: CGRect(x: 0, y: 0, width: 10, height: 10), shape: .text(lines: [nasty, ""], font: .body.bold()), fill: .red, identifier: nasty),
            DisplayItem(z: 1, frame: CGRect(x: 0, y: 0, width: 1, height: 1), shape: .circle, fill: .blue, identifier: nasty),
        ])
        let document = try SVGCollector.parse(SVGRenderer().render(list))
        #expect(document.tspans.first == "<script>&amp;\"'\t\n😀")
        #expect(document.elements.first { $0.name == "text" }?.attributes["font-weight"] == "700")
    }

    @Test func numbersAreCompact() {
        let list = DisplayList(size: CGSize(width: 200.5, height: 100), items: [
            DisplayItem(z: 0, frame: CGRect(x: 0.00001, y: 1.0 / 3, width: 10.10, height: 2), shape: .rectangle, fill: .red.opacity(0.25), stroke: .gray.opacity(0.5)),
        ])
        let svg = SVGRenderer().render(list)
        #expect(svg.contains(##"<rect x="0" y="0.3333" width="10.1" height="2" fill="#ff3b30" fill-opacity="0.25" stroke="#8e8e93" stroke-width="1" stroke-opacity="0.5"/>"##))
        #expect(svg.contains(#"viewBox="0 0 200.5 100""#))
        #expect(!svg.contains(/="-?[0-9.]+[eE]/))  // no exponent in any numeric attribute
    }

    @Test func deterministic() {
        #expect(SVGRenderer().render(Fixtures.everyKind) == SVGRenderer().render(Fixtures.everyKind))
        #expect(SVGRenderer().render(Fixtures.minimap) == SVGRenderer().render(Fixtures.minimap))
    }
}
