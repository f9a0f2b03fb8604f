extension StoredForm {
    /// The form's structure as a form file declares it (`formctl export`):
    /// what `apply` would need to build this form again, without its values.
    public func spec() throws(FormKitError) -> FormSpec {
        FormSpec(definition: try definition())
    }

    /// The form's structure as the text of a form file in `format`.
    ///
    /// Throws as reading the database does; a format that cannot say
    /// everything the form holds would throw `badFile` rather than print a
    /// file that means something else.
    public func export(format: ExportFormat) throws(FormKitError) -> String {
        let spec = try spec()
        switch format {
        case .yaml: return spec.yaml()
        case .json: return spec.json()
        case .jsonSchema: return try JSONSchemaExport.schema(of: spec, source: path)
        }
    }
}
