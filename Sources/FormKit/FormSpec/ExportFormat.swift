/// What `StoredForm.export(format:)` (`formctl export --format`) writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A YAML form file (`FormSpec.yaml()`), the default.
    case yaml
    /// A JSON form file with the same properties (`FormSpec.json()`).
    case json
    /// A JSON Schema (draft 2020-12) of the values object `formctl values
    /// --format json` prints, valid exactly when `check` passes
    /// (`JSONSchemaExport`); refused when the form says something a schema
    /// cannot.
    case jsonSchema = "json-schema"
}
