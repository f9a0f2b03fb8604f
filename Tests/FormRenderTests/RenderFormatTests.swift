import FormLayout
import Testing
@testable import FormRender

@Suite struct RenderFormatTests {
    @Test func parsing() {
        #expect(RenderFormat(parsing: "ansi") == .ansi)
        #expect(RenderFormat(parsing: " SVG\n") == .svg)
        #expect(RenderFormat(parsing: "Json") == .json)
        #expect(RenderFormat(parsing: "text") == .text)
        #expect(RenderFormat(parsing: "txt") == .text)
        #expect(RenderFormat(parsing: "plain") == .text)
        #expect(RenderFormat(parsing: "png") == nil)
        #expect(RenderFormat(parsing: "") == nil)
        #expect(RenderFormat.allCases.map(\.rawValue) == ["ansi", "text", "json", "svg"])
    }

    @Test func entryPointDispatches() {
        let list = Fixtures.minimap
        #expect(render(list, format: .ansi, columns: 40) == AnsiRenderer(columns: 40).render(list))
        #expect(render(list, format: .text, columns: 40) == PlainTextRenderer(columns: 40).render(list))
        #expect(render(list, format: .json, columns: 40) == JSONRenderer().render(list))
        #expect(render(list, format: .svg, columns: 1) == SVGRenderer().render(list))
    }

    @Test func columnsDefaultToEighty() {
        #expect(render(Fixtures.minimap, format: .text) == PlainTextRenderer(columns: 80).render(Fixtures.minimap))
        #expect(render(Fixtures.minimap, format: .ansi).split(separator: "\n").count == 30)
    }

    @Test func minimapIntoEightyColumns() {
        // The performance case: 200×150 points, 80 columns (see the benchmark
        // note in the commit; tests do not time).
        let ansi = render(Fixtures.minimap, format: .ansi, columns: 80)
        #expect(ansi.contains("\u{1B}[38;2;52;199;89m"))  // green
        #expect(ansi.contains("\u{1B}[38;2;175;82;222m"))  // purple
    }
}
