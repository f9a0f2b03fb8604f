/// A field's `show_if` condition as `fields --json` and the server's
/// `/api/fields` print it, with the form file's property names:
/// `{"field": KEY, "equals": VALUE}` or `{"field": KEY, "filled": true}`.
public struct ConditionJSON: Encodable, Sendable {
    /// The condition written.
    public let condition: ShowCondition

    /// The JSON shape of `condition`.
    public init(_ condition: ShowCondition) {
        self.condition = condition
    }

    private enum CodingKeys: String, CodingKey { case field, equals, filled }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(condition.field, forKey: .field)
        switch condition {
        case .equals(_, let value): try container.encode(value, forKey: .equals)
        case .filled: try container.encode(true, forKey: .filled)
        }
    }
}
