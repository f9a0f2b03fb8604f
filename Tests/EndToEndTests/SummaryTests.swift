import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `formctl summary` through the real binary (DECISIONS, "Results at a
/// glance"): every figure of a seeded set of responses with every type,
/// unanswered, hidden and invalid answers and a repeat, each checked
/// against one this test computes its own way (Foundation's `Decimal` and
/// ISO weeks from `Calendar`); the filters, no responses, an unknown path,
/// the SVG parsed and the text plain or coloured.
@Suite("formctl summary")
struct SummaryTests {
    static let form = """
        title: Summary
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: name, label: Name}
                  - {key: bio, label: Bio, type: long_text}
              - width: 540
                fields:
                  - {key: age, label: Age, type: integer, min: 0, max: 120}
                  - {key: height, label: Height, type: decimal}
              - width: 540
                fields:
                  - {key: colour, label: Colour, type: select_one, choices: [red, green, blue]}
                  - {key: toppings, label: Toppings, type: select_multiple, choices: [cheese, olives, basil]}
              - width: 540
                fields:
                  - {key: laptop, label: Laptop, type: boolean}
                  - {key: start, label: Start, type: date}
              - width: 540
                fields:
                  - {key: call, label: Call at, type: time}
                  - {key: meeting, label: Meeting, type: datetime}
              - repeat: children
                title: Children
                rows:
                  - width: 540
                    fields:
                      - {key: cname, label: Child}
                      - {key: age, label: Age, type: integer}

        """

    /// One stored answer as the generator made it.
    struct Answer {
        var key: String, value: String, shown: Bool
    }

    /// One stored response.
    struct Response {
        var status: String, submittedAt: String
        var answers: [Answer]
    }

    /// A reproducible generator (a 64-bit LCG).
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
    }

    /// 320 responses (about a tenth drafts) from January to April 2026.
    static func responses(seed: UInt64 = 46) -> [Response] {
        var random = Seeded(state: seed)
        var responses: [Response] = []
        for index in 0..<320 {
            func answer(_ key: String, _ make: (inout Seeded) -> String) -> Answer {
                // A tenth unanswered, a tenth hidden (a value kept but not shown).
                switch random.next(10) {
                case 0: return Answer(key: key, value: "", shown: true)
                case 1: return Answer(key: key, value: make(&random), shown: false)
                default: return Answer(key: key, value: make(&random), shown: true)
                }
            }
            var answers = [
                answer("name") { $0.pick(["Ada", "Grace", "Alan", "Edsger", "Barbara", "Ken", "Dennis", "Linus", "Margaret", "Tony", "Niklaus", "Ada ", "e\u{301}", "\u{e9}"]) },
                answer("bio") { $0.pick(["Hello", "hi", "Hello", "Writes code", "Line one\nline two"]) },
                answer("age") { r in r.next(15) == 0 ? r.pick(["abc", "150", "-3", "1.5"]) : String(r.next(100) + 1) },
                answer("height") { r in r.next(20) == 0 ? "tall" : "1." + String(format: "%02d", r.next(100)) },
                answer("colour") { r in r.next(12) == 0 ? "purple" : r.pick(["red", "green", "blue", "green"]) },
                answer("toppings") { r in r.pick([#"["cheese"]"#, #"["cheese","olives"]"#, #"["olives","basil"]"#, #"["basil"]"#, #"["cheese","cheese"]"#, "cheese"]) },
                answer("laptop") { $0.pick(["true", "false", "false", "yes"]) },
                answer("start") { r in r.next(10) == 0 ? "2026-02-30" : String(format: "2026-%02d-%02d", r.next(4) + 1, r.next(28) + 1) },
                answer("call") { r in String(format: "%02d:%02d", 9 + r.next(8), r.pick([0, 15, 30, 45])) },
                answer("meeting") { r in String(format: "2026-03-%02dT%02d:00:00", 1 + r.next(5), 8 + r.next(10)) + r.pick(["Z", "+01:00", "-05:00"]) },
            ]
            for child in 0..<random.next(4) {
                answers.append(answer("children.\(child + 1).cname") { $0.pick(["Ann", "Bo", "Cy"]) })
                answers.append(answer("children.\(child + 1).age") { r in r.next(10) == 0 ? "x" : String(r.next(18)) })
            }
            let day = 1 + index * 110 / 320
            let month = [31, 28, 31, 30]
            var (m, d) = (1, day)
            while d > month[m - 1] { d -= month[m - 1]; m += 1 }
            responses.append(Response(status: random.next(10) == 0 ? "draft" : "complete",
                                      submittedAt: String(format: "2026-%02d-%02dT12:00:00.000Z", m, d), answers: answers))
        }
        return responses
    }

    /// A sandbox with the form applied and `responses` stored with sqlite3.
    static func box(_ responses: [Response]) throws -> Sandbox {
        let box = try Sandbox.applying(form)
        var sql = "BEGIN;\n"
        for (index, response) in responses.enumerated() {
            sql += "INSERT INTO response (id, status, created_at, submitted_at) VALUES (\(index + 1), '\(response.status)', '\(response.submittedAt)', '\(response.submittedAt)');\n"
            for (position, answer) in response.answers.enumerated() {
                let value = answer.value.replacingOccurrences(of: "'", with: "''")
                sql += "INSERT INTO answer (response_id, position, key, label, value, shown) VALUES (\(index + 1), \(position + 1), '\(answer.key)', '\(answer.key)', '\(value)', \(answer.shown ? 1 : 0));\n"
            }
        }
        // Too long for an argument: sqlite3 reads it from a file.
        let file = box.path("responses.sql")
        try Data((sql + "COMMIT;\n").utf8).write(to: URL(fileURLWithPath: file))
        try box.exec(".read '\(file)'")
        return box
    }

    static func json(_ box: Sandbox, _ arguments: [String] = []) throws -> [String: Any] {
        let result = try box.ok(["summary", "--format", "json"] + arguments)
        let object = try JSONSerialization.jsonObject(with: result.stdout, options: [.fragmentsAllowed])
        return try #require(object as? [String: Any], "\(result)")
    }

    static func question(_ summary: [String: Any], _ path: String, type: String? = nil) throws -> [String: Any] {
        let questions = try #require(summary["questions"] as? [[String: Any]])
        return try #require(questions.first { $0["path"] as? String == path && (type == nil || $0["type"] as? String == type) }, "no \(path)")
    }

    /// A JSON number read back exactly: JSONSerialization gives NSNumber,
    /// so the figure is read from the text instead.
    static func decimal(_ any: Any?) -> Decimal? {
        guard let number = any as? NSNumber else { return nil }
        return Decimal(string: number.description == "\(number.doubleValue)" ? "\(number)" : number.description)
    }

    @Test("every figure of 320 seeded responses equals one computed here, for every type, a repeat, unanswered, hidden and invalid answers")
    func figures() throws {
        let responses = Self.responses()
        let box = try Self.box(responses)
        let raw = try box.ok(["summary", "--format", "json"]).stdoutText
        let summary = try Self.json(box)
        let complete = responses.filter { $0.status == "complete" }
        #expect(summary["responses"] as? Int == complete.count)
        let answers = { (path: String) -> [Answer] in
            complete.flatMap { $0.answers.filter { Self.declared($0.key) == path } }
        }
        for path in ["name", "bio", "age", "height", "colour", "toppings", "laptop", "start", "call", "meeting", "children.cname", "children.age"] {
            let question = try Self.question(summary, path)
            let all = answers(path)
            #expect(question["answered"] as? Int == all.filter { $0.shown && !$0.value.isEmpty }.count, "\(path)")
            #expect(question["unanswered"] as? Int == all.filter { $0.shown && $0.value.isEmpty }.count, "\(path)")
            #expect(question["not_shown"] as? Int == all.filter { !$0.shown }.count, "\(path)")
        }
        let given = { (path: String) -> [String] in answers(path).filter { $0.shown && !$0.value.isEmpty }.map(\.value) }

        // Numbers, read from the JSON text itself so that no digit goes through a double.
        try Self.checkNumbers(raw: raw, path: "age", values: given("age").compactMap { Int($0) }.filter { (0...120).contains($0) }.map { Decimal($0) }, width: [1, 2, 5, 10])
        try Self.checkNumbers(raw: raw, path: "height", values: given("height").compactMap { Decimal(string: $0) }, width: [0.01, 0.02, 0.05, 0.1])
        try Self.checkNumbers(raw: raw, path: "children.age", values: given("children.age").compactMap { Int($0) }.map { Decimal($0) }, width: [1, 2, 5])

        // Choices, in the choices' order; invalid answers count for none.
        let colours = given("colour")
        let colour = try Self.question(summary, "colour")
        let colourChoices = try #require(colour["choices"] as? [[String: Any]])
        #expect(colourChoices.map { $0["value"] as? String } == ["red", "green", "blue"])
        for choice in colourChoices {
            let value = try #require(choice["value"] as? String)
            let count = colours.filter { $0 == value }.count
            #expect(choice["count"] as? Int == count, "colour \(value)")
            let share = try #require(choice["share"] as? Double)
            #expect(abs(share - Double(count) / Double(colours.count)) <= 0.00005 + 1e-12, "colour \(value) share \(share)")
        }
        let toppingsQuestion = try Self.question(summary, "toppings")
        let toppings = try #require(toppingsQuestion["choices"] as? [[String: Any]])
        let validSelections = given("toppings").filter { [#"["cheese"]"#, #"["cheese","olives"]"#, #"["olives","basil"]"#, #"["basil"]"#].contains($0) }
        for choice in toppings {
            let value = try #require(choice["value"] as? String)
            #expect(choice["count"] as? Int == validSelections.filter { $0.contains("\"\(value)\"") }.count, "toppings \(value)")
        }
        let laptopQuestion = try Self.question(summary, "laptop")
        let laptop = try #require(laptopQuestion["choices"] as? [[String: Any]])
        #expect(laptop.map { $0["value"] as? String } == ["true", "false"])
        #expect(laptop.map { $0["count"] as? Int } == [given("laptop").filter { $0 == "true" }.count, given("laptop").filter { $0 == "false" }.count])

        // Dates: the earliest, the latest, and ISO weeks from Monday.
        let starts = given("start").filter { $0 != "2026-02-30" }
        let start = try Self.question(summary, "start")
        #expect(start["earliest"] as? String == starts.min())
        #expect(start["latest"] as? String == starts.max())
        #expect(start["bin"] as? String == "week")
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parse = DateFormatter()
        parse.dateFormat = "yyyy-MM-dd"
        parse.timeZone = calendar.timeZone
        parse.locale = Locale(identifier: "en_US_POSIX")
        var weeks: [String: Int] = [:]
        for text in starts {
            let date = try #require(parse.date(from: text))
            let week = try #require(calendar.dateInterval(of: .weekOfYear, for: date))
            weeks[parse.string(from: week.start), default: 0] += 1
        }
        let bins = try #require(start["bins"] as? [[String: Any]])
        #expect(bins.first?["from"] as? String == weeks.keys.min())
        #expect(bins.last?["from"] as? String == weeks.keys.max())
        for bin in bins {
            let from = try #require(bin["from"] as? String)
            #expect(bin["count"] as? Int == weeks[from] ?? 0, "week of \(from)")
            let toText = try #require(bin["to"] as? String)
            let to = try #require(parse.date(from: toText))
            #expect(calendar.component(.weekday, from: to) == 1, "a week ends on Sunday: \(bin)")
        }
        // Date-times by the day they were written on: five days, by day.
        let meeting = try Self.question(summary, "meeting")
        #expect(meeting["bin"] as? String == "day")
        let meetingBins = try #require(meeting["bins"] as? [[String: Any]])
        for bin in meetingBins {
            let day = try #require(bin["from"] as? String)
            #expect(bin["to"] as? String == day)
            #expect(bin["count"] as? Int == given("meeting").filter { $0.hasPrefix(day) }.count, "meeting on \(day)")
        }

        // Text: distinct answers, the 10 most common (ties by code points),
        // told apart scalar by scalar (é and e + U+0301 are two answers).
        for path in ["name", "bio", "call", "children.cname"] {
            let values = given(path)
            var counts: [[UInt8]: (String, Int)] = [:]
            for value in values { counts[Array(value.utf8), default: (value, 0)].1 += 1 }
            let question = try Self.question(summary, path)
            #expect(question["distinct"] as? Int == counts.count, "\(path)")
            let expected = counts.values.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : Array($0.0.unicodeScalars.map(\.value)).lexicographicallyPrecedes(Array($1.0.unicodeScalars.map(\.value))) }
                .prefix(10)
            let common = try #require(question["common"] as? [[String: Any]])
            #expect(common.map { $0["value"] as? String } == expected.map(\.0), "\(path)")
            #expect(common.map { $0["count"] as? Int } == expected.map(\.1), "\(path)")
        }

        // The repeat: instances in all, and per response.
        let perResponse = complete.map { response in Set(response.answers.compactMap { $0.key.hasPrefix("children.") ? $0.key.split(separator: ".")[1] : nil }).count }.sorted()
        let children = try Self.question(summary, "children", type: "repeat")
        #expect(children["instances"] as? Int == perResponse.reduce(0, +))
        let per = try #require(children["per_response"] as? [String: Any])
        #expect(per["min"] as? Int == perResponse.first)
        #expect(per["max"] as? Int == perResponse.last)
        #expect(Self.decimal(per["median"]) == Self.percentile(perResponse.map { Decimal($0) }, 0.5))
    }

    /// The figures of number question `path` in the JSON text `raw`,
    /// against `values` (the usable answers), read digit for digit.
    static func checkNumbers(raw: String, path: String, values: [Decimal], width candidates: [Decimal]) throws {
        let sorted = values.sorted()
        let figures = try numberFigures(raw, path)
        #expect(figures["min"] == sorted.first, "\(path) min")
        #expect(figures["max"] == sorted.last, "\(path) max")
        #expect(figures["q1"] == percentile(sorted, 0.25), "\(path) q1 \(String(describing: figures["q1"]))")
        #expect(figures["median"] == percentile(sorted, 0.5), "\(path) median")
        #expect(figures["q3"] == percentile(sorted, 0.75), "\(path) q3")
        let mean = sorted.reduce(Decimal(0), +) / Decimal(sorted.count)
        let givenMean = try #require(figures["mean"])
        #expect(abs(((givenMean - mean) as NSDecimalNumber).doubleValue) <= abs((mean as NSDecimalNumber).doubleValue) * 1e-14, "\(path) mean \(givenMean) vs \(mean)")
        // The histogram: the narrowest width of those that fit in 20 bins.
        let lowest = try #require(sorted.first), highest = try #require(sorted.last)
        let width = try #require(candidates.first { w in
            let first = floorMultiple(lowest, w)
            var span = (highest - first) / w
            var rounded = Decimal()
            NSDecimalRound(&rounded, &span, 0, .up)
            return max(1, (rounded as NSDecimalNumber).intValue) <= 20
        })
        let bins = try histogram(raw, path)
        let first = floorMultiple(lowest, width)
        #expect(bins.first?.from == first, "\(path) first bin \(bins)")
        for (index, bin) in bins.enumerated() {
            #expect(bin.to - bin.from == width, "\(path) bin \(bin)")
            let last = index == bins.count - 1
            #expect(bin.count == sorted.filter { $0 >= bin.from && ($0 < bin.to || (last && $0 == bin.to)) }.count, "\(path) bin \(bin)")
        }
        #expect(bins.reduce(0) { $0 + $1.count } == sorted.count)
    }

    /// `percentile_cont(p)` of ascending `sorted`, as PostgreSQL defines it.
    static func percentile(_ sorted: [Decimal], _ p: Decimal) -> Decimal {
        let place = p * Decimal(sorted.count - 1)
        var floor = Decimal()
        var copy = place
        NSDecimalRound(&floor, &copy, 0, .down)
        let index = (floor as NSDecimalNumber).intValue
        let fraction = place - floor
        guard index + 1 < sorted.count else { return sorted[index] }
        return sorted[index] + (sorted[index + 1] - sorted[index]) * fraction
    }

    static func floorMultiple(_ value: Decimal, _ width: Decimal) -> Decimal {
        var quotient = value / width
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quotient, 0, .down)
        return rounded * width
    }

    /// The number figures of `path` read from the JSON text, each number's digits as written.
    static func numberFigures(_ raw: String, _ path: String) throws -> [String: Decimal] {
        let object = try questionText(raw, path)
        var figures: [String: Decimal] = [:]
        for name in ["min", "q1", "median", "q3", "max", "mean"] {
            let pattern = try NSRegularExpression(pattern: "\"\(name)\":(-?[0-9.eE+-]+)")
            if let match = pattern.firstMatch(in: object, range: NSRange(object.startIndex..., in: object)),
               let range = Range(match.range(at: 1), in: object) {
                figures[name] = Decimal(string: String(object[range]))
            }
        }
        return figures
    }

    static func histogram(_ raw: String, _ path: String) throws -> [(from: Decimal, to: Decimal, count: Int)] {
        let object = try questionText(raw, path)
        let pattern = try NSRegularExpression(pattern: #"\{"count":([0-9]+),"from":(-?[0-9.]+),"to":(-?[0-9.]+)\}"#)
        return pattern.matches(in: object, range: NSRange(object.startIndex..., in: object)).compactMap { match in
            guard let count = Range(match.range(at: 1), in: object), let from = Range(match.range(at: 2), in: object),
                  let to = Range(match.range(at: 3), in: object) else { return nil }
            return (Decimal(string: String(object[from]))!, Decimal(string: String(object[to]))!, Int(object[count])!)
        }
    }

    /// The JSON text of question `path`: its object, keys sorted, from
    /// `"answered"` to `"unanswered"` and its number.
    static func questionText(_ raw: String, _ path: String) throws -> String {
        let marker = try #require(raw.range(of: "\"path\":\"\(path)\""))
        let start = try #require(raw[..<marker.lowerBound].range(of: "{\"answered\"", options: .backwards))
        let last = try #require(raw[marker.upperBound...].range(of: "\"unanswered\":"))
        let end = try #require(raw[last.upperBound...].firstIndex(of: "}"))
        return String(raw[start.lowerBound..<end])
    }

    /// A key without its instance numbers.
    static func declared(_ key: String) -> String {
        key.split(separator: ".").filter { Int($0) == nil }.joined(separator: ".")
    }

    @Test("--status and --since choose the responses as responses does; no responses is exit 0 with zeros; an unknown path is 64")
    func filters() throws {
        let responses = Self.responses()
        let box = try Self.box(responses)
        let drafts = try Self.json(box, ["--status", "draft"])
        #expect(drafts["responses"] as? Int == responses.filter { $0.status == "draft" }.count)
        let since = try Self.json(box, ["--since", "2026-03-01"])
        #expect(since["responses"] as? Int == responses.filter { $0.status == "complete" && $0.submittedAt >= "2026-03-01" }.count)
        let name = try Self.question(since, "name")
        let expected = responses.filter { $0.status == "complete" && $0.submittedAt >= "2026-03-01" }
            .flatMap(\.answers).filter { $0.key == "name" && $0.shown && !$0.value.isEmpty }.count
        #expect(name["answered"] as? Int == expected)

        let empty = try Sandbox.applying(Self.form)
        let none = try Self.json(empty)
        #expect(none["responses"] as? Int == 0)
        let age = try Self.question(none, "age")
        #expect(age["answered"] as? Int == 0 && age["min"] == nil && age["histogram"] == nil, "\(age)")
        let noneColour = try Self.question(none, "colour")
        let colour = try #require(noneColour["choices"] as? [[String: Any]])
        #expect(colour.map { $0["share"] as? Int } == [0, 0, 0])
        let children = try Self.question(none, "children", type: "repeat")
        #expect(children["instances"] as? Int == 0)
        for format in ["text", "svg"] {
            let result = try empty.ok(["summary", "--format", format])
            #expect(result.stdoutText.contains("0 answered"), "\(result)")
        }

        let unknown = try box.formctl(["summary", "agee"])
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.stderrText.contains("'agee'") && unknown.stderrText.contains("'age'"), "\(unknown)")
        #expect(unknown.stdout.isEmpty)
        let badSince = try box.formctl(["summary", "--since", "March"])
        #expect(badSince.status == 64, "\(badSince)")
        // Named paths: a field, and a repeat for all it holds.
        let some = try Self.json(box, ["age", "children"])
        let paths = (some["questions"] as? [[String: Any]])?.map { $0["path"] as? String }
        #expect(paths == ["age", "children", "children.cname", "children.age"])
    }

    @Test("svg is one well-formed document with a titled, described chart per question; text is plain when piped and coloured with --color always")
    func drawings() throws {
        let box = try Self.box(Self.responses())
        let svg = try box.ok(["summary", "--format", "svg"]).stdout
        let parser = XMLParser(data: svg)
        let collector = ChartCollector()
        parser.delegate = collector
        #expect(parser.parse(), "the SVG parses: \(String(describing: parser.parserError))")
        let all = try Self.json(box)
        let questions = try #require(all["questions"] as? [[String: Any]])
        #expect(collector.charts == questions.count)
        #expect(collector.titles.count == questions.count + 1 && collector.descriptions == questions.count)
        #expect(collector.titles.contains { $0.contains("Colour — colour (select_one)") })

        let plain = try box.ok(["summary", "colour"]).stdoutText
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.contains("red") && plain.contains("#"), "\(plain)")
        let coloured = try box.ok(["summary", "colour", "--color", "always"]).stdoutText
        #expect(coloured.contains("\u{1B}[38;2;") && coloured.contains("█"), "\(coloured)")
    }

    /// Counts the charts of a parsed SVG.
    final class ChartCollector: NSObject, XMLParserDelegate {
        var charts = 0, descriptions = 0
        var titles: [String] = []
        private var text: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "svg", attributes["role"] == "img" { charts += 1 }
            if name == "title" { text = "" }
            if name == "desc" { descriptions += 1 }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title", let text { titles.append(text) }
            if name == "title" { text = nil }
        }
    }
}
