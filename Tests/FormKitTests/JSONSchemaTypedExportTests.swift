import FormKit
import FormModel
import Foundation
import JSONSchemaTestSupport
import Testing

/// `JSONSchemaExport` of typed fields: for each type, required and
/// optional, with bounds, steps, choices and selection counts, the values
/// object `formctl values --format json` writes (`TypedJSONValue`: numbers,
/// booleans, arrays, null for an empty typed field, the stored string for
/// a value that is not its type's canonical text) is valid against the
/// exported schema (Python's `jsonschema`, draft 2020-12, formats asserted,
/// numbers read as decimals) exactly when `check` passes. The values are
/// typed and hostile: non-canonical spellings, values past the type's
/// limits, impossible dates and leap seconds, choices out of order.
@Suite("JSON Schema export: typed fields", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaTypedExportTests {
    static func field(_ key: String, _ type: FieldType, required: Bool = false, lower: ValueBound? = nil, upper: ValueBound? = nil,
                      step: String? = nil, choices: [FieldChoice] = [], minSelected: Int? = nil, maxSelected: Int? = nil,
                      hint: String? = nil, defaultValue: String? = nil) -> FieldSpec {
        let rules = FieldRules(required: required, shortBelow: 0, type: type, lowerBound: lower, upperBound: upper, step: step,
                               choices: choices, minSelected: minSelected, maxSelected: maxSelected)
        return FieldSpec(key: key, label: key.capitalized, rules: rules, hint: hint, defaultValue: defaultValue)
    }

    static let colours = [FieldChoice(value: "red"), FieldChoice(value: "green"), FieldChoice(value: "blue")]
    static let toppings = [FieldChoice(value: "cheese", label: "Extra cheese"), FieldChoice(value: "olives", label: "Olives"),
                           FieldChoice(value: "basil", label: "Basil")]

    /// A field and the stored texts to try in it.
    struct Case {
        var field: FieldSpec
        var values: [String]
    }

    static let integers = ["", "0", "5", "18", "17", "120", "121", "-18", "05", "-0", "+5", " 5", "1.0", "1e3", "abc", "0x10",
                           "9007199254740991", "-9007199254740991", "9007199254740992", "99999999999999999999", "24", "25", "NaN"]
    static let decimals = ["", "0", "0.01", "0.015", "0.1", "0.3", "2.5", "2.51", "2.49", "1.50", "-0.01", ".5", "5.", "1e-2", "Infinity",
                           "123456789012345.123456789012345", "1234567890123456", "0.0000000000000001", "0.000000000000001", "1", "0.02"]
    static let booleans = ["", "true", "false", "yes", "TRUE", "1", "no", " true"]
    static let ones = ["", "red", "green", "Red", "purple", "red ", "re\u{301}d", "[\"red\"]"]
    static let severals = ["", #"["cheese"]"#, #"["cheese","olives"]"#, #"["olives","cheese"]"#, #"["cheese","olives","basil"]"#, "[]",
                           #"["x"]"#, #"["cheese","cheese"]"#, "cheese", #"["cheese", "olives"]"#, "[1]", #"["basil"]"#, #"["olives","basil"]"#,
                           "[\"chees\\u0065\"]"]
    static let dates = ["", "2026-01-01", "2025-12-31", "2026-12-31", "2027-01-01", "2026-06-15", "2024-02-29", "2023-02-29", "2026-02-29",
                        "2026-13-01", "2026-00-10", "2026-04-31", "26-01-01", "2026-1-1", "0000-01-01", "0001-01-01", "9999-12-31",
                        "2026-06-15\n", "2026-06-15T00:00:00Z", "2000-02-29", "1900-02-29", "٢٠٢٦-٠١-٠١"]
    static let times = ["", "09:00", "08:59", "08:59:59", "09:00:01", "17:30", "17:30:01", "17:29:59", "12:00:00", "24:00", "9:00", "12:60",
                        "23:59:59", "00:00", "12:30:60", "12:30:00.5", "12:30Z", "17:31"]
    static let dateTimes = ["", "2026-01-01T10:00:00Z", "2026-01-01t10:00:00z", "2026-01-01T10:00Z", "2026-01-01T10:00:00.500Z",
                            "2026-01-01T10:00:00.5Z", "2026-01-01T10:00:00.0Z", "2026-01-01T10:00:00+24:00", "2026-01-01T10:00:00",
                            "2026-01-01 10:00:00Z", "2024-06-30T23:59:60Z", "2024-06-30T23:59:60+00:00", "2024-07-01T00:59:60+01:00",
                            "2024-06-30T22:59:60-01:00", "2024-06-30T12:59:60Z", "2024-06-30T23:59:60.25Z", "2024-07-01T05:29:60+05:30",
                            "2024-06-30T18:29:60-05:30", "2023-02-29T10:00:00Z", "2026-01-01T10:00:00-00:00", "2026-01-01T10:00:00+01:60"]

    static let cases: [Case] = {
        var cases: [Case] = []
        for required in [true, false] {
            cases += [
                Case(field: field("age", .integer, required: required, lower: ValueBound("18", inclusive: true),
                                  upper: ValueBound("120", inclusive: true)), values: integers),
                Case(field: field("count", .integer, required: required, lower: ValueBound("-18", inclusive: false),
                                  upper: ValueBound("25", inclusive: false), step: "3"), values: integers),
                Case(field: field("any", .integer, required: required), values: integers),
                Case(field: field("height", .decimal, required: required, lower: ValueBound("0", inclusive: false),
                                  upper: ValueBound("2.5", inclusive: true), step: "0.01"), values: decimals),
                Case(field: field("share", .decimal, required: required, step: "0.1"), values: decimals),
                Case(field: field("laptop", .boolean, required: required), values: booleans),
                Case(field: field("colour", .selectOne, required: required, choices: colours), values: ones),
                Case(field: field("toppings", .selectMultiple, required: required, choices: toppings, minSelected: 2, maxSelected: 2),
                     values: severals),
                Case(field: field("extras", .selectMultiple, required: required, choices: colours), values: severals + [#"["red","blue"]"#]),
                Case(field: field("start", .date, required: required, lower: ValueBound("2026-01-01", inclusive: true),
                                  upper: ValueBound("2026-12-31", inclusive: true)), values: dates),
                Case(field: field("after", .date, required: required, lower: ValueBound("2026-06-14", inclusive: false),
                                  upper: ValueBound("2027-01-01", inclusive: false)), values: dates),
                Case(field: field("day", .date, required: required), values: dates),
                Case(field: field("call", .time, required: required, lower: ValueBound("09:00", inclusive: true),
                                  upper: ValueBound("17:30", inclusive: true)), values: times),
                Case(field: field("slot", .time, required: required, lower: ValueBound("08:59:59", inclusive: false),
                                  upper: ValueBound("17:30:01", inclusive: false)), values: times),
                Case(field: field("meeting", .datetime, required: required), values: dateTimes),
            ]
        }
        return cases
    }()

    /// The values object `formctl values --format json` writes for these
    /// fields holding `values`.
    static func valuesJSON(_ fields: [FieldSpec], _ values: [String: String]) -> String {
        "{" + fields.map { JSONSchemaPython.quoted($0.key) + ": " + TypedJSONValue(values[$0.key] ?? "", rules: $0.rules).jsonText }
            .joined(separator: ", ") + "}"
    }

    /// Whether `check` passes these fields holding `values`.
    static func passes(_ fields: [FieldSpec], _ values: [String: String]) -> Bool {
        let built = fields.enumerated().map { place, spec in
            Field(key: spec.key, label: spec.label, value: values[spec.key] ?? "", row: place + 1, position: 1, isVisible: !spec.isHidden,
                  rules: spec.rules, showIf: spec.showIf)
        }
        return CheckReport(fields: built).passes
    }

    static func form(_ fields: [FieldSpec]) -> FormSpec {
        FormSpec(title: "T", pages: [PageSpec(key: "main", title: "Main", rows: fields.map { RowSpec(width: 540, fields: [$0]) })])
    }

    @Test("each type, required and optional: the exported schema accepts a stored value exactly when check passes it")
    func agreement() throws {
        var jobs: [JSONSchemaPython.Job] = []
        var expected: [[Bool]] = []
        for testCase in Self.cases {
            let fields = [testCase.field]
            jobs.append(JSONSchemaPython.Job(schema: try JSONSchemaExport.schema(of: Self.form(fields)),
                                             instances: testCase.values.map { Self.valuesJSON(fields, [testCase.field.key: $0]) }))
            expected.append(testCase.values.map { Self.passes(fields, [testCase.field.key: $0]) })
        }
        let verdicts = try JSONSchemaPython.validate(jobs)
        var compared = 0, valid = 0
        for (place, testCase) in Self.cases.enumerated() {
            for (index, value) in testCase.values.enumerated() {
                compared += 1
                if expected[place][index] { valid += 1 }
                #expect(verdicts[place][index] == expected[place][index],
                        "\(testCase.field.key) (\(testCase.field.rules.type.rawValue), required \(testCase.field.rules.required)) holding \(value.debugDescription): jsonschema says \(verdicts[place][index]), check \(expected[place][index])")
            }
        }
        #expect(compared > 500 && valid > 150 && compared - valid > 300, "\(compared) compared, \(valid) valid")
    }

    @Test("every date from 1899 to 2101 and every minute of a day: the patterns accept exactly the canonical values check passes")
    func calendar() throws {
        let date = Self.field("day", .date, required: true)
        let bounded = Self.field("day", .date, required: true, lower: ValueBound("1999-12-31", inclusive: false),
                                 upper: ValueBound("2000-03-01", inclusive: true))
        var days: [String] = []
        for year in [1899, 1900, 1999, 2000, 2001, 2004, 2100, 2101] {
            for month in 0...13 {
                for day in 0...32 { days.append(String(format: "%04d-%02d-%02d", year, month, day)) }
            }
        }
        let time = Self.field("at", .time, required: true, lower: ValueBound("09:30:15", inclusive: true), upper: ValueBound("17:00", inclusive: false))
        var clock: [String] = []
        for hour in 0...24 {
            for minute in stride(from: 0, through: 60, by: 1) {
                clock.append(String(format: "%02d:%02d", hour, minute))
                if minute % 7 == 0 { clock.append(String(format: "%02d:%02d:%02d", hour, minute, minute % 61)) }
            }
        }
        clock += ["09:30:14", "09:30:15", "09:30:16", "09:30", "16:59:59", "17:00", "17:00:01"]
        var jobs: [JSONSchemaPython.Job] = []
        var expected: [[Bool]] = []
        for (field, values) in [(date, days), (bounded, days), (time, clock)] {
            jobs.append(JSONSchemaPython.Job(schema: try JSONSchemaExport.schema(of: Self.form([field])),
                                             instances: values.map { Self.valuesJSON([field], [field.key: $0]) }))
            expected.append(values.map { Self.passes([field], [field.key: $0]) })
        }
        let verdicts = try JSONSchemaPython.validate(jobs)
        #expect(verdicts == expected)
        #expect(expected[1].filter { $0 }.count == 61 && expected[2].contains(true))
    }

    @Test("hidden typed fields are unconstrained; show_if reading a typed field: filled is not null, equals is its JSON value")
    func conditions() throws {
        var age = Self.field("age", .integer, required: true, lower: ValueBound("18", inclusive: true))
        age.showIf = .equals(field: "laptop", value: "true")
        var colour = Self.field("colour", .selectOne, required: true, choices: Self.colours)
        colour.showIf = .filled(field: "count")
        var secret = Self.field("secret", .decimal, required: true)
        secret.isHidden = true
        let fields = [Self.field("laptop", .boolean), Self.field("count", .integer), age, colour, secret]
        let scenarios: [[String: String]] = [
            [:], ["laptop": "true"], ["laptop": "true", "age": "18"], ["laptop": "true", "age": "17"], ["laptop": "false", "age": "17"],
            ["laptop": "false"], ["laptop": "yes"], ["laptop": "yes", "age": "3"], ["count": "3"], ["count": "3", "colour": "red"],
            ["count": "x", "colour": "red"], ["count": "x"], ["secret": "abc"], ["secret": "1.5", "laptop": "true", "age": "40"],
            ["colour": "purple"], ["count": "0", "colour": "purple"],
        ]
        let schema = try JSONSchemaExport.schema(of: Self.form(fields))
        let verdicts = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: scenarios.map { Self.valuesJSON(fields, $0) })])
        let expected = scenarios.map { Self.passes(fields, $0) }
        #expect(verdicts == [expected], "\(schema)")
        #expect(expected.contains(true) && expected.contains(false))
    }

    @Test("typed conditions: equals, in, includes, at_least, at_most, filled, all, any, not; hidden fields read as empty; chains, a cycle, a missing field")
    func typedConditions() throws {
        func shown(_ field: FieldSpec, _ condition: ShowCondition) -> FieldSpec {
            var copy = field
            copy.showIf = condition
            return copy
        }
        var hidden = Self.field("secret", .integer)
        hidden.isHidden = true
        let base = [
            Self.field("laptop", .boolean), Self.field("age", .integer, lower: ValueBound("0", inclusive: true)),
            Self.field("colour", .selectOne, choices: Self.colours), Self.field("toppings", .selectMultiple, choices: Self.toppings),
            Self.field("start", .date), Self.field("call", .time), Self.field("name", .text), hidden,
        ]
        let dependent = [
            shown(Self.field("a", .text, required: true), .not(.filled(field: "secret"))),
            shown(Self.field("b", .integer, required: true), .all([.atLeast(field: "age", value: "18"), .equals(field: "laptop", value: "true")])),
            shown(Self.field("c", .selectOne, required: true, choices: Self.colours),
                  .any([.equals(field: "colour", value: "red"), .not(.atLeast(field: "age", value: "65"))])),
            shown(Self.field("d", .boolean, required: true), .includes(field: "toppings", value: "olives")),
            shown(Self.field("e", .date, required: true), .isIn(field: "colour", values: ["red", "blue"])),
            shown(Self.field("f", .time, required: true), .atMost(field: "start", value: "2026-06-30")),
            shown(Self.field("g", .decimal, required: true), .atLeast(field: "call", value: "09:30")),
            shown(Self.field("h", .text, required: true), .filled(field: "b")),
            shown(Self.field("i", .text, required: true), .not(.filled(field: "h"))),
            shown(Self.field("j", .text, required: true), .filled(field: "k")),
            shown(Self.field("k", .text, required: true), .filled(field: "j")),
            shown(Self.field("l", .text, required: true), .filled(field: "nowhere")),
            shown(Self.field("m", .text, required: true), .any([.equals(field: "name", value: "K;`"), .equals(field: "toppings", value: #"["cheese","basil"]"#)])),
            shown(Self.field("n", .integer, required: true), .all([.atMost(field: "age", value: "40"), .not(.equals(field: "age", value: "30")),
                                                                  .isIn(field: "laptop", values: ["false"])])),
        ]
        let fields = base + dependent
        let choices: [String: [String]] = [
            "laptop": ["", "true", "false", "maybe"], "age": ["", "17", "18", "30", "40", "65", "-1", "x"],
            "colour": ["", "red", "green", "blue", "pink"],
            "toppings": ["", #"["olives"]"#, #"["cheese","basil"]"#, #"["cheese","olives"]"#, #"["basil","cheese"]"#],
            "start": ["", "2026-06-30", "2026-07-01", "2025-01-01", "2026-02-30"], "call": ["", "09:30", "09:29:59", "23:00", "9:30"],
            "name": ["", "K;`", "\u{212A};`", "k"], "secret": ["", "5"],
            "a": ["", "x"], "b": ["", "3", "z"], "c": ["", "red", "pink"], "d": ["", "true", "yes"], "e": ["", "2026-01-01", "2026-13-01"],
            "f": ["", "10:00", "25:00"], "g": ["", "1.5", "1.50"], "h": ["", "x"], "i": ["", "y"], "j": ["", "j"], "k": ["", "k"],
            "l": ["", "l"], "m": ["", "m"], "n": ["", "4", "4.5"],
        ]
        var random = JSONSchemaTypedPropertyTests.Seeded(state: 36)
        var scenarios: [[String: String]] = []
        for _ in 0..<400 {
            var values: [String: String] = [:]
            for field in fields {
                let options = choices[field.key] ?? [""]
                // A dependent field holds a valid value most of the time, so that forms pass too.
                let valid = dependent.contains { $0.key == field.key } && Int.random(in: 0..<10, using: &random) < 8
                values[field.key] = valid ? options[1] : options[Int.random(in: 0..<options.count, using: &random)]
            }
            scenarios.append(values)
        }
        let schema = try JSONSchemaExport.schema(of: Self.form(fields))
        let verdicts = try JSONSchemaPython.validate([JSONSchemaPython.Job(schema: schema, instances: scenarios.map { Self.valuesJSON(fields, $0) })])
        let expected = scenarios.map { Self.passes(fields, $0) }
        for (index, scenario) in scenarios.enumerated() where verdicts.first?[index] != expected[index] {
            Issue.record("\(scenario.filter { !$0.value.isEmpty }): jsonschema \(String(describing: verdicts.first?[index])), check \(expected[index])")
        }
        #expect(expected.filter { $0 }.count >= 20 && expected.filter { !$0 }.count >= 100, "\(expected.filter { $0 }.count) pass")
        #expect(schema.contains(#""$defs""#) && schema.contains("#/$defs/shown-b"))
    }

    @Test("the shape of each type: JSON types with null for optional, bounds, multipleOf, enum or oneOf with titles, formats and patterns")
    func shapes() throws {
        let fields = [
            Self.field("age", .integer, required: true, lower: ValueBound("18", inclusive: true), upper: ValueBound("120", inclusive: false),
                       step: "2", hint: "In years", defaultValue: "30"),
            Self.field("height", .decimal, lower: ValueBound("0", inclusive: false), step: "0.01"),
            Self.field("colour", .selectOne, choices: Self.colours, defaultValue: "red"),
            Self.field("toppings", .selectMultiple, required: true, choices: Self.toppings, minSelected: 1, defaultValue: #"["cheese"]"#),
            Self.field("laptop", .boolean, defaultValue: "false"),
            Self.field("call", .time),
        ]
        let schema = try JSONSchemaExport.schema(of: Self.form(fields))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        #expect(properties["age"]?["type"] as? String == "integer" && properties["age"]?["minimum"] as? Int == 18)
        #expect(properties["age"]?["exclusiveMaximum"] as? Int == 120 && properties["age"]?["multipleOf"] as? Int == 2)
        #expect(properties["age"]?["description"] as? String == "In years" && properties["age"]?["default"] as? Int == 30)
        #expect(properties["height"]?["type"] as? [String] == ["number", "null"] && properties["height"]?["exclusiveMinimum"] as? Int == 0)
        #expect(schema.contains(#""multipleOf": 0.01"#))
        #expect(schema.contains(#""enum": ["red", "green", "blue", null]"#) && schema.contains(#""default": "red""#))
        let items = try #require(properties["toppings"]?["items"] as? [String: Any])
        #expect((items["oneOf"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Extra cheese", "Olives", "Basil"])
        #expect(properties["toppings"]?["uniqueItems"] as? Bool == true && properties["toppings"]?["minItems"] as? Int == 1)
        #expect(properties["toppings"]?["default"] as? [String] == ["cheese"])
        #expect(properties["laptop"]?["type"] as? [String] == ["boolean", "null"] && properties["laptop"]?["default"] as? Bool == false)
        #expect(properties["call"]?["format"] == nil && (properties["call"]?["pattern"] as? String)?.hasPrefix("^") == true)
    }

    @Test("a datetime's bounds are refused by name: instants across offsets cannot be compared by a pattern")
    func dateTimeBounds() throws {
        let field = Self.field("meeting", .datetime, lower: ValueBound("2026-01-01T00:00:00Z", inclusive: true))
        do {
            _ = try JSONSchemaExport.schema(of: Self.form([field]), source: "form.db")
            Issue.record("exported")
        } catch {
            guard case .badFile(let problems) = error else { throw error }
            #expect(problems.map(\.description) == [
                "form.db (/properties/meeting): field meeting: `min`: a datetime's bounds compare instants across offsets, which no JSON Schema "
                    + "keyword or pattern can say; a date's and a time's bounds are exported",
            ])
        }
    }
}
