import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `minimap` in its four formats, colour choice and width.
@Suite("minimap")
struct MinimapTests {
    /// The letters of a text minimap (everything but spaces and newlines).
    private func letters(_ result: ProcessResult) -> Set<Character> {
        Set(result.stdoutText.filter { $0 != " " && $0 != "\n" })
    }

    @Test("text: letters by colour as the states say, no escapes")
    func text() throws {
        let box = try Sandbox()
        let fresh = try box.ok(["minimap", "--format", "text"])
        #expect(!fresh.stdout.containsEscape)
        // Empty fields are red, the title purple, containers gray.
        #expect(letters(fresh) == ["R", "P", "."], "\(fresh)")

        try box.ok(["set", "first", "Jo"])
        try box.ok(["set", "last", "Smith"])
        let mixed = try box.ok(["minimap", "--format", "text"])
        #expect(letters(mixed) == ["R", "Y", "G", "P", "."], "\(mixed)")

        try box.ok(["set", "first", "John"])
        try box.ok(["set", "middle", "Q."])
        try box.ok(["set", "email", "john@example.com"])
        try box.ok(["field", "rule", "middle", "--min-length", "3"])
        let ruled = try box.ok(["minimap", "--format", "text"])
        #expect(letters(ruled) == ["G", "O", "P", "."], "\(ruled)")

        // Without --format, a pipe gets text too.
        #expect(try box.ok(["minimap"]).stdout == ruled.stdout)
    }

    @Test("text: --width sets the columns; 80 when not a terminal")
    func width() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let standard = try box.ok(["minimap", "--format", "text"]).stdoutText.lines
        let widest = standard.map(\.count).max() ?? 0
        #expect(widest <= 80 && widest >= 70, "the first row spans the minimap: \(widest) columns")
        let narrow = try box.ok(["minimap", "--format", "text", "--width", "40"]).stdoutText.lines
        let narrowWidest = narrow.map(\.count).max() ?? 0
        #expect(narrowWidest <= 40 && narrowWidest >= 35, "\(narrowWidest) columns")
        #expect(narrow.count < standard.count)
    }

    @Test("json: the minimap_rect table, and the container at (5, 5), 190 wide")
    func json() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        try box.ok(["set", "last", "Smith"])
        let result = try box.ok(["minimap", "--format", "json"])
        let document = try #require(try result.stdout.json() as? [String: Any], "\(result)")
        #expect(Set(document.keys) == ["width", "height", "rects"], "\(document.keys)")
        #expect(close(number(document["width"]), 200))
        let rects = try #require(document["rects"] as? [[String: Any]])
        let table = try box.json("SELECT * FROM minimap_rect ORDER BY z")
        #expect(rects.count == table.count && rects.count == 9)
        for (rect, row) in zip(rects, table) {
            #expect(Set(rect.keys) == ["z", "key", "kind", "color", "x", "y", "width", "height"], "\(rect.keys)")
            #expect(number(rect["z"]) == number(row["z"]))
            for name in ["key", "kind", "color"] {
                #expect(rect[name] as? String == row[name] as? String, "\(name): \(rect) vs \(row)")
            }
            for name in ["x", "y", "width", "height"] {
                #expect(close(number(rect[name]), number(row[name])), "\(name): \(rect) vs \(row)")
            }
        }
        // Seed 002's maths: the form container is scaled to 200 − 10 points
        // and drawn 5 points inside the minimap. The title is its top and the
        // first row (540 wide) spans it.
        let minX = rects.compactMap { number($0["x"]) }.min()
        let minY = rects.compactMap { number($0["y"]) }.min()
        let maxX = rects.compactMap { rect in number(rect["x"]).flatMap { x in number(rect["width"]).map { x + $0 } } }.max()
        #expect(close(minX, 5) && close(minY, 5), "\(String(describing: minX)), \(String(describing: minY))")
        #expect(close(maxX.flatMap { x in minX.map { x - $0 } }, 190), "\(String(describing: maxX))")
        // Drawn back to front in form order: the title, then each field's
        // container before the field.
        #expect(rects.first?["kind"] as? String == "title" && rects.first?["color"] as? String == "purple")
        #expect(rects.map { "\($0["key"] as? String ?? "") \($0["kind"] as? String ?? "")" }
            == ["title title"] + ["first", "middle", "last", "email"].flatMap { ["\($0) fieldContainer", "\($0) field"] })
        let colours = Dictionary(uniqueKeysWithValues: rects.filter { $0["kind"] as? String == "field" }
            .map { ($0["key"] as? String ?? "", $0["color"] as? String ?? "") })
        #expect(colours == ["first": "yellow", "middle": "red", "last": "green", "email": "red"])
        #expect(rects.filter { $0["kind"] as? String == "fieldContainer" }.allSatisfy { $0["color"] as? String == "gray" })
    }

    @Test("svg: a well-formed document of the whole screen")
    func svg() throws {
        let box = try Sandbox()
        try box.ok(["set", "first", "Jo"])
        let result = try box.ok(["minimap", "--format", "svg"])
        let document = try SVGDocument(result.stdout)
        #expect(document.root == "svg", "\(result)")
        #expect(document.count(of: "rect") >= 9)
        // The whole screen: the form's labels and title are drawn too.
        #expect(document.text.contains("First Name"), "\(document.text)")
        #expect(document.text.contains("Jo"))
        let width = try #require(document.rootAttributes["width"].flatMap(Double.init))
        #expect(width > 200, "form and minimap side by side are wider than the minimap alone")
    }

    @Test("ansi with --color always uses 24-bit colour escapes")
    func ansi() throws {
        let box = try Sandbox()
        let result = try box.ok(["minimap", "--format", "ansi", "--color", "always"])
        #expect(result.stdoutText.contains("\u{1B}[38;2;"), "\(result)")
        #expect(result.stdoutText.contains("▀") || result.stdoutText.contains("▄"))
    }

    @Test("--color never, and NO_COLOR with the default format, print no escapes")
    func noColour() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let never = try box.ok(["minimap", "--color", "never"])
        #expect(!never.stdout.isEmpty && !never.stdout.containsEscape, "\(never)")
        let noColor = try box.ok(["minimap"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.isEmpty && !noColor.stdout.containsEscape, "\(noColor)")
    }

    @Test("on a terminal: ansi by default, text with NO_COLOR, width from the terminal capped at 80",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func terminal() throws {
        let box = try Sandbox()
        try box.createDatabase()
        let colour = try inTerminal(box, columns: 60, ["minimap"])
        #expect(colour.stdoutText.contains("\u{1B}[38;2;"), "\(colour)")
        let colourWidth = cells(colour.stdoutText).max() ?? 0
        #expect(colourWidth <= 60 && colourWidth > 50, "the terminal's 60 columns: \(colourWidth)")

        let wide = try inTerminal(box, columns: 200, ["minimap"])
        #expect((cells(wide.stdoutText).max() ?? 0) <= 80, "capped at 80: \(cells(wide.stdoutText))")
        #expect((cells(wide.stdoutText).max() ?? 0) > 70)

        let plain = try inTerminal(box, columns: 60, ["minimap"], environment: ["NO_COLOR": "1"])
        #expect(!plain.stdout.containsEscape, "\(plain)")
        #expect(plain.stdoutText.contains("R"))
    }

    /// Runs formctl on a pseudo-terminal of `columns` columns (util-linux
    /// `script`), so that formctl sees a terminal on its standard output.
    private func inTerminal(_ box: Sandbox, columns: Int, _ arguments: [String],
                            environment: [String: String?] = [:]) throws -> ProcessResult {
        let command = ([try Formctl.binary().path] + arguments + ["--db", box.db])
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/script"),
            ["-qec", "stty cols \(columns) rows 50; exec \(command)", "/dev/null"],
            environment: childEnvironment(environment.merging(["TERM": "xterm-256color"]) { a, _ in a }),
            currentDirectory: box.folder, timeout: 60)
        guard result.succeeded else { throw TestFailure("on a terminal:\n\(result)") }
        return result
    }

    /// Terminal cells per line once escape sequences and `\r` are removed.
    private func cells(_ text: String) -> [Int] {
        let stripped = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
        return stripped.lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? 0 : $0.count }
    }
}

/// An SVG document parsed with Foundation's XMLParser: its root, attribute
/// of the root, element counts and all text content.
struct SVGDocument {
    var root = ""
    var rootAttributes: [String: String] = [:]
    var elements: [String: Int] = [:]
    var text = ""

    func count(of element: String) -> Int { elements[element] ?? 0 }

    init(_ data: Data) throws {
        let delegate = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw TestFailure("not well-formed XML (\(parser.parserError.map { "\($0)" } ?? "unknown error")): \(String(decoding: data.prefix(500), as: UTF8.self))")
        }
        root = delegate.root
        rootAttributes = delegate.rootAttributes
        elements = delegate.elements
        text = delegate.text
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var root = ""
        var rootAttributes: [String: String] = [:]
        var elements: [String: Int] = [:]
        var text = ""

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if root.isEmpty {
                root = elementName
                rootAttributes = attributes
            }
            elements[elementName, default: 0] += 1
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }
    }
}
