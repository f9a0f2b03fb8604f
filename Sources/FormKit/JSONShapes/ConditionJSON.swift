/// A field's `show_if` condition as `fields --json` and the server's
/// `/api/fields` print it, with the form file's property names and values
/// as text: `{"field": KEY, "equals": VALUE}`, `{"field": KEY, "filled":
/// true}`, `{"field": KEY, "at_least": "18"}`, `{"all": [...]}`, ….
public struct ConditionJSON: Encodable, Sendable {
    /// The condition written.
    public let condition: ShowCondition

    /// The JSON shape of `condition`.
    public init(_ condition: ShowCondition) {
        self.condition = condition
    }

    private enum CodingKeys: String, CodingKey {
        case field, equals, filled, isIn = "in", includes, atLeast = "at_least", atMost = "at_most", all, any, not
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch condition {
        case .equals(let field, let value):
            try container.encode(field, forKey: .field)
            try container.encode(value, forKey: .equals)
        case .filled(let field):
            try container.encode(field, forKey: .field)
            try container.encode(true, forKey: .filled)
        case .isIn(let field, let values):
            try container.encode(field, forKey: .field)
            try container.encode(values, forKey: .isIn)
        case .includes(let field, let value):
            try container.encode(field, forKey: .field)
            try container.encode(value, forKey: .includes)
        case .atLeast(let field, let value):
            try container.encode(field, forKey: .field)
            try container.encode(value, forKey: .atLeast)
        case .atMost(let field, let value):
            try container.encode(field, forKey: .field)
            try container.encode(value, forKey: .atMost)
        case .all(let parts): try container.encode(parts.map(ConditionJSON.init), forKey: .all)
        case .any(let parts): try container.encode(parts.map(ConditionJSON.init), forKey: .any)
        case .not(let part): try container.encode(ConditionJSON(part), forKey: .not)
        }
    }
}
