import FormKit
import FormModel
import Foundation
import JSONSchemaTestSupport
import Testing
import Yams

/// Random typed fields (bounds inclusive or exclusive, steps, choices,
/// selection counts, required or not) and random values for them, typed
/// and hostile, from a fixed seed: the exported schema accepts each
/// value as `values --format json` writes it exactly when `check` passes
/// it (Python's `jsonschema`), and export → apply → export is a fixed point.
@Suite("JSON Schema typed fields: random forms and values", .tags(.jsonSchemaOracle), .slow)
struct JSONSchemaTypedPropertyTests {
    /// SplitMix64: the same forms every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func decimal(_ random: inout Seeded, places: Int) -> String {
        let whole = Int.random(in: -300...300, using: &random)
        guard places > 0 else { return String(whole) }
        var fraction = String(Int.random(in: 0..<Int(pow(10.0, Double(places))), using: &random))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        return FieldType.decimal.canonicalValue(of: "\(whole).\(fraction)").canonicalText ?? String(whole)
    }

    static func date(_ random: inout Seeded) -> String {
        String(format: "%04d-%02d-%02d", Int.random(in: 1999...2001, using: &random), Int.random(in: 1...12, using: &random),
               Int.random(in: 1...31, using: &random))
    }

    static func time(_ random: inout Seeded) -> String {
        let seconds = Bool.random(using: &random) ? 0 : Int.random(in: 0...59, using: &random)
        let text = String(format: "%02d:%02d:%02d", Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random), seconds)
        return FieldType.time.canonicalValue(of: text).canonicalText ?? text
    }

    /// A random field of a random typed kind, and values to try in it.
    static func field(_ index: Int, _ random: inout Seeded) -> (FieldSpec, [String]) {
        let types: [FieldType] = [.integer, .decimal, .boolean, .selectOne, .selectMultiple, .date, .time, .datetime]
        let type = types[index % types.count]
        var rules = FieldRules(required: Bool.random(using: &random), shortBelow: 0, type: type)
        var values = [""]
        func bound(_ make: (inout Seeded) -> String) -> (ValueBound?, ValueBound?) {
            var ends = [make(&random), make(&random)].sorted { type.order($0, $1) ?? 0 < 0 }
            if ends[0] == ends[1] { ends[1] = make(&random) }
            guard (type.order(ends[0], ends[1]) ?? 0) < 0 else { return (nil, nil) }
            return (Bool.random(using: &random) ? ValueBound(ends[0], inclusive: Bool.random(using: &random)) : nil,
                    Bool.random(using: &random) ? ValueBound(ends[1], inclusive: Bool.random(using: &random)) : nil)
        }
        switch type {
        case .integer:
            (rules.lowerBound, rules.upperBound) = bound { decimal(&$0, places: 0) }
            if Bool.random(using: &random) { rules.step = String(Int.random(in: 1...7, using: &random)) }
            values += (0..<14).map { _ in decimal(&random, places: 0) } + ["05", "1.0", "x", "-0", "9007199254740993"]
        case .decimal:
            (rules.lowerBound, rules.upperBound) = bound { decimal(&$0, places: Int.random(in: 0...2, using: &$0)) }
            if Bool.random(using: &random) { rules.step = ["0.1", "0.25", "0.01", "3", "0.3"][Int.random(in: 0...4, using: &random)] }
            values += (0..<14).map { _ in decimal(&random, places: Int.random(in: 0...3, using: &random)) } + ["1.50", "1e2", ".5"]
        case .boolean:
            values += ["true", "false", "yes"]
        case .selectOne, .selectMultiple:
            let count = Int.random(in: 1...5, using: &random)
            rules.choices = (0..<count).map { FieldChoice(value: "c\($0)", label: Bool.random(using: &random) ? "Choice \($0)" : nil) }
            if type == .selectOne {
                values += rules.choices.map(\.value) + ["c9", "C0"]
            } else {
                if Bool.random(using: &random) { rules.minSelected = Int.random(in: 0...count, using: &random) }
                if Bool.random(using: &random) { rules.maxSelected = Int.random(in: (rules.minSelected ?? 0)...count, using: &random) }
                for _ in 0..<10 {
                    let chosen = rules.choices.map(\.value).filter { _ in Bool.random(using: &random) }
                    values.append(SelectionValue.encode(Bool.random(using: &random) ? chosen : chosen.reversed()))
                }
                values += [#"["c9"]"#, #"["c0","c0"]"#, "[]"]
            }
        case .date:
            (rules.lowerBound, rules.upperBound) = bound(date)
            values += (0..<14).map { _ in date(&random) } + ["2000-02-29", "1999-02-29", "2001-2-1"]
        case .time:
            (rules.lowerBound, rules.upperBound) = bound(time)
            values += (0..<14).map { _ in time(&random) } + ["12:00:00", "24:00"]
        case .datetime:
            let offsets = ["Z", "+01:00", "-05:30", "+00:00", "+14:00"]
            values += (0..<14).map { _ in
                date(&random) + "T" + String(format: "%02d:%02d:%02d", Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random),
                                             [0, 59, 60][Int.random(in: 0...2, using: &random)])
                    + (Bool.random(using: &random) ? ".5" : "") + offsets[Int.random(in: 0..<offsets.count, using: &random)]
            }
        default:
            break
        }
        if rules.inconsistency != nil { rules.lowerBound = nil; rules.upperBound = nil }
        return (FieldSpec(key: "f\(index)", label: "Field \(index)", rules: rules), values)
    }

    @Test("over 160 random typed fields: jsonschema agrees with check on every value; export → apply → export is a fixed point")
    func randomForms() throws {
        var random = Seeded(state: 35)
        var jobs: [JSONSchemaPython.Job] = []
        var expected: [[Bool]] = []
        var fields: [FieldSpec] = []
        for index in 0..<160 {
            let (field, values) = Self.field(index, &random)
            #expect(field.rules.inconsistency == nil, "\(field)")
            fields.append(field)
            // Stored as given: canonical texts, and hostile ones as an edit in sqlite3 leaves them.
            let stored = values
            jobs.append(JSONSchemaPython.Job(schema: try JSONSchemaExport.schema(of: JSONSchemaTypedExportTests.form([field])),
                                             instances: stored.map { JSONSchemaTypedExportTests.valuesJSON([field], [field.key: $0]) }))
            expected.append(stored.map { JSONSchemaTypedExportTests.passes([field], [field.key: $0]) })
        }
        let verdicts = try JSONSchemaPython.validate(jobs)
        var compared = 0, valid = 0
        for (place, field) in fields.enumerated() {
            compared += expected[place].count
            valid += expected[place].filter { $0 }.count
            #expect(verdicts[place] == expected[place], "\(field.rules)")
        }
        #expect(valid > compared / 5 && valid < compared * 4 / 5, "\(valid) of \(compared) valid")
        let schema = try JSONSchemaExport.schema(of: JSONSchemaTypedExportTests.form(fields))
        let back = try JSONSchemaImport.spec(from: try #require(try Yams.compose(yaml: schema)), file: "s.json")
        #expect(back.fields == fields)
        #expect(try JSONSchemaExport.schema(of: back) == schema)
    }
}
