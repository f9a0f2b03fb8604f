/// One change of a field's value, as recorded by the `history` triggers.
public struct HistoryEntry: Hashable, Codable, Sendable, Identifiable {
    /// Who made the change.
    public enum Source: String, Hashable, Codable, Sendable {
        /// formctl (this store).
        case formctl
        /// Anything else writing SQL: the `sqlite3` shell, another program.
        case sql
    }

    /// Increases with every change, never reused.
    public var id: Int64
    /// The field's key.
    public var key: String
    /// The value before; nil when the change added the field.
    public var oldValue: String?
    /// The value after; nil when the change removed the field.
    public var newValue: String?
    /// When, as ISO 8601 UTC text with milliseconds
    /// (`2025-01-31T09:15:02.123Z`), exactly as stored.
    public var changedAt: String
    /// Who made the change.
    public var source: Source

    /// An entry as read from the `history` table.
    public init(id: Int64, key: String, oldValue: String?, newValue: String?, changedAt: String, source: Source) {
        self.id = id
        self.key = key
        self.oldValue = oldValue
        self.newValue = newValue
        self.changedAt = changedAt
        self.source = source
    }

    /// The response this entry records, for a response's row (key `#ID`,
    /// old and new value its status before and after: 0006_responses);
    /// nil for a field's change.
    public var responseID: Int64? {
        guard key.first == "#", let id = Int64(key.dropFirst()), id >= 1 else { return nil }
        return id
    }

    private enum CodingKeys: String, CodingKey { case id, key, oldValue, newValue, changedAt, source }

    /// `response`, written only for a response's row (`responseID`).
    private enum ResponseCodingKey: String, CodingKey { case response }

    /// Every key is written, a missing old or new value as `null`; a
    /// response's row also has `response`, its id as a number.
    public func encode(to encoder: any Encoder) throws {
        if let responseID {
            var extra = encoder.container(keyedBy: ResponseCodingKey.self)
            try extra.encode(responseID, forKey: .response)
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(key, forKey: .key)
        try container.encode(oldValue, forKey: .oldValue)
        try container.encode(newValue, forKey: .newValue)
        try container.encode(changedAt, forKey: .changedAt)
        try container.encode(source, forKey: .source)
    }
}
