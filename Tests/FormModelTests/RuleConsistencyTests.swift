@testable import FormModel
import Testing

/// `FieldRules.inconsistency` against `FieldProperty.all`: every property
/// that only some types take is refused, by its name, for each other type,
/// and taken by the types that take it.
@Suite("Field rules: a property on a type that does not take it")
struct RuleConsistencyTests {
    /// Each type-bound rule property, set to a value the types that take it accept.
    static let setters: [String: @Sendable (inout FieldRules) -> Void] = [
        "min_length": { $0.minLength = 1 },
        "max_length": { $0.maxLength = 9 },
        "pattern": { $0.pattern = "a+" },
        "email": { $0.email = true },
        "length_unit": { $0.lengthUnit = .codePoints },
        "min": { $0.lowerBound = ValueBound(example($0.type), inclusive: true) },
        "above": { $0.lowerBound = ValueBound(example($0.type), inclusive: false) },
        "max": { $0.upperBound = ValueBound(example($0.type), inclusive: true) },
        "below": { $0.upperBound = ValueBound(example($0.type), inclusive: false) },
        "step": { $0.step = "1" },
        // A number's choices are numbers; "1" is also any select's value.
        "choices": { $0.choices = [FieldChoice(value: "1", label: "A")] },
        "min_selected": { $0.minSelected = 1 },
        "max_selected": { $0.maxSelected = 1 },
    ]

    /// A canonical value of an ordered type (any text for the others).
    static func example(_ type: FieldType) -> String {
        switch type {
        case .date: "2026-01-01"
        case .time: "12:00"
        case .datetime: "2026-01-01T12:00:00Z"
        default: "1"
        }
    }

    @Test("the table names every property of FieldProperty.all that some types do not take")
    func everyTypeBoundPropertyIsChecked() {
        // `short_below` always has a value (5 unless told), so rules cannot
        // tell a given one from the default; a file's reader refuses it.
        let bound = Set(FieldProperty.all.filter { $0.types != nil }.map(\.name)).subtracting(["short_below"])
        #expect(Set(Self.setters.keys) == bound)
    }

    @Test("a property is refused by name on every type that does not take it, and taken by those that do",
          arguments: FieldType.allCases)
    func refusedWhereItDoesNotApply(type: FieldType) throws {
        for (name, set) in Self.setters.sorted(by: { $0.key < $1.key }) {
            let property = try #require(FieldProperty.named(name))
            var rules = FieldRules()
            rules.type = type
            if type == .selectOne || type == .selectMultiple, name != "choices" {
                rules.choices = [FieldChoice(value: "a", label: "A")]
            }
            set(&rules)
            if property.applies(to: type) {
                #expect(rules.inconsistency == nil, "\(name) on \(type)")
            } else {
                #expect(rules.inconsistency?.property == name, "\(name) on \(type)")
                #expect(rules.inconsistency?.reason.contains("not to a `\(type.rawValue)` field") == true)
            }
        }
    }
}
