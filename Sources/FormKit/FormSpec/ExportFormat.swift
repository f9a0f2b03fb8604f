/// What `FormFile.export(format:)` (`formctl export --format`) writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A YAML form file (`FormSpec.yaml()`), the default.
    case yaml
    /// A JSON form file with the same properties (`FormSpec.json()`).
    case json
}
