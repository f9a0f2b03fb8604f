import Foundation
import Testing

/// A right-to-left form through the real binary (issue 25): a three-field
/// Hebrew form applied from a file with `direction: rtl` prints the
/// minimap of the same form left to right, mirrored across the minimap
/// (x → W − x − width, the same y, width and height), in JSON, in the
/// `minimap_rect` table, and in the SVG of the whole screen.
@Suite("right to left")
struct RightToLeftTests {
    static let example = "Examples/forms/contact-rtl.yaml"

    /// The example, and the same form left to right, in `box`.
    private func files(_ box: Sandbox) throws -> (rtl: String, ltr: String) {
        let text = String(decoding: try FormFileExampleTests.packageFile(Self.example), as: UTF8.self)
        #expect(text.contains("\ndirection: rtl\n"))
        let rtl = box.path("contact-rtl.yaml"), ltr = box.path("contact-ltr.yaml")
        try Data(text.utf8).write(to: URL(fileURLWithPath: rtl))
        try Data(text.replacingOccurrences(of: "\ndirection: rtl\n", with: "\ndirection: ltr\n").utf8).write(to: URL(fileURLWithPath: ltr))
        return (rtl, ltr)
    }

    /// `minimap --format json`: the canvas width and the rectangles.
    private func minimap(_ box: Sandbox, db: String) throws -> (width: Double, rects: [[String: Any]]) {
        let result = try box.ok(["minimap", "--format", "json"], db: db)
        let document = try #require(try result.stdout.json() as? [String: Any], "\(result)")
        let rects = try #require(document["rects"] as? [[String: Any]])
        return (try #require(number(document["width"])), rects)
    }

    /// Whether `right` is `left` mirrored across a minimap `width` wide.
    private func expectMirrored(_ left: [[String: Any]], _ right: [[String: Any]], width: Double,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(left.count == right.count && left.count == 7, "title and two rectangles per field", sourceLocation: sourceLocation)
        for (l, r) in zip(left, right) {
            for name in ["key", "kind", "color"] {
                #expect(l[name] as? String == r[name] as? String, "\(name): \(l) vs \(r)", sourceLocation: sourceLocation)
            }
            #expect(number(l["z"]) == number(r["z"]), sourceLocation: sourceLocation)
            let (x, w) = (number(l["x"]) ?? .nan, number(l["width"]) ?? .nan)
            #expect(close(number(r["x"]), width - x - w), "x: \(l) → \(r)", sourceLocation: sourceLocation)
            for name in ["y", "width", "height"] {
                #expect(close(number(r[name]), number(l[name])), "\(name): \(l) → \(r)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("applied from a file with direction: rtl, the minimap is the ltr one mirrored (json and minimap_rect)")
    func mirroredMinimap() throws {
        let box = try Sandbox()
        let (rtlFile, ltrFile) = try files(box)
        let rtlDB = box.path("rtl.db"), ltrDB = box.path("ltr.db")
        let applied = try box.ok(["apply", rtlFile], db: rtlDB)
        #expect(applied.stdoutText.contains("\n+ direction rtl\n"), "\(applied)")
        try box.ok(["apply", ltrFile], db: ltrDB)
        #expect(try box.value("SELECT direction FROM form", db: rtlDB) == "rtl")
        #expect(try box.value("SELECT direction FROM form", db: ltrDB) == "ltr")

        let ltr = try minimap(box, db: ltrDB), rtl = try minimap(box, db: rtlDB)
        #expect(ltr.width == 200 && rtl.width == 200)
        expectMirrored(ltr.rects, rtl.rects, width: 200)
        // The first field of the first row is on the right right to left.
        func x(_ rects: [[String: Any]], _ key: String) -> Double {
            rects.first { $0["key"] as? String == key && $0["kind"] as? String == "field" }.flatMap { number($0["x"]) } ?? .nan
        }
        #expect(x(ltr.rects, "first") < x(ltr.rects, "last") && x(rtl.rects, "first") > x(rtl.rects, "last"))
        // What sqlite3 users read is what the JSON says.
        let table = try box.json("SELECT * FROM minimap_rect ORDER BY z", db: rtlDB)
        #expect(table.count == rtl.rects.count)
        for (row, rect) in zip(table, rtl.rects) {
            #expect(close(number(row["x"]), number(rect["x"])) && row["key"] as? String == rect["key"] as? String)
        }
    }

    @Test("apply ~ direction rtl → ltr mirrors the minimap back; sqlite3's edit is laid out again")
    func changeOfDirection() throws {
        let box = try Sandbox()
        let (rtlFile, ltrFile) = try files(box)
        let db = box.path("form.db")
        try box.ok(["apply", rtlFile], db: db)
        let rtl = try minimap(box, db: db)
        let back = try box.ok(["apply", ltrFile], db: db)
        #expect(back.stdoutText.contains("~ direction rtl → ltr\n"), "\(back)")
        let ltr = try minimap(box, db: db)
        expectMirrored(ltr.rects, rtl.rects, width: 200)
        #expect(try box.ok(["apply", ltrFile], db: db).stdoutText.contains("direction") == false)
        // The export of a left-to-right form says nothing of direction; of a right-to-left one, rtl.
        #expect(!(try box.ok(["export"], db: db).stdoutText.contains("direction")))
        try box.exec("UPDATE form SET direction = 'rtl'", db: db)
        let edited = try minimap(box, db: db)
        expectMirrored(ltr.rects, edited.rects, width: 200)
        #expect(try box.ok(["export"], db: db).stdoutText.contains("\ndirection: rtl\n"))
    }

    @Test("the example is exactly what export prints for it, in YAML and as JSON read back")
    func exampleRoundTrip() throws {
        let box = try Sandbox()
        let (rtlFile, _) = try files(box)
        try box.ok(["apply", rtlFile])
        #expect(try box.ok(["export"]).stdout == (try FormFileExampleTests.packageFile(Self.example)))
        let json = try box.ok(["export", "--format", "json"]).stdout
        #expect(String(decoding: json, as: UTF8.self).contains("\n  \"direction\": \"rtl\",\n"))
        let copy = box.path("copy.json")
        try json.write(to: URL(fileURLWithPath: copy))
        try box.ok(["apply", copy], db: box.path("second.db"))
        #expect(try box.value("SELECT direction FROM form", db: box.path("second.db")) == "rtl")
    }

    @Test("a bad direction is refused at its line and column, exit 65, nothing created")
    func refused() throws {
        let box = try Sandbox()
        let file = box.path("bad.yaml")
        try Data("direction: RTL\npages: [{key: main}]\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try box.formctl(["--db", box.db, "apply", file], useDB: false)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrText == "formctl: \(file):1:12: `direction` must be `ltr` (left to right) or `rtl` (right to left), not \"RTL\"\n",
                "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test("svg: the whole screen mirrored across the window, the Hebrew text as written")
    func svg() throws {
        let box = try Sandbox()
        let (rtlFile, ltrFile) = try files(box)
        try box.ok(["apply", rtlFile], db: box.path("rtl.db"))
        try box.ok(["apply", ltrFile], db: box.path("ltr.db"))
        let rtl = try box.ok(["minimap", "--format", "svg"], db: box.path("rtl.db")).stdoutText
        let ltr = try box.ok(["minimap", "--format", "svg"], db: box.path("ltr.db")).stdoutText
        let document = try SVGDocument(Data(rtl.utf8))
        #expect(document.root == "svg")
        for label in ["שם פרטי", "שם משפחה", "דוא״ל"] {
            #expect(document.text.contains(label), "\(document.text)")
        }
        let width = try #require(document.rootAttributes["width"].flatMap(Double.init))
        let left = rectangles(ltr), right = rectangles(rtl)
        #expect(left.count == right.count && left.count >= 7 + 3 * 2, "\(left.count) rectangles")
        for (l, r) in zip(left, right) {
            #expect(close(r.x, width - l.x - l.width) && close(r.y, l.y) && close(r.width, l.width) && r.fill == l.fill,
                    "\(l) → \(r)")
        }
        // The minimap area, 200 wide, is on the window's right.
        #expect(right.contains { $0.width == 200 && $0.x > width / 2 }, "\(right)")
    }

    /// The `<rect>` elements of an SVG, in document order.
    private func rectangles(_ svg: String) -> [(x: Double, y: Double, width: Double, fill: String)] {
        svg.split(separator: "\n").filter { $0.contains("<rect ") }.map { line in
            func attribute(_ name: String) -> String {
                guard let start = line.range(of: " \(name)=\"") else { return "" }
                return String(line[start.upperBound...].prefix { $0 != "\"" })
            }
            return (Double(attribute("x")) ?? .nan, Double(attribute("y")) ?? .nan, Double(attribute("width")) ?? .nan, attribute("fill"))
        }
    }
}
