extension StoredForm {
    /// The whole form as stored, for the editor to start from and to read
    /// again when someone else changed it. Reads as every operation does (a
    /// session's file on its open database; otherwise opening the file,
    /// created with the seed form when missing and allowed); a file formctl
    /// may not write is read without writing.
    public func editableForm() throws(FormKitError) -> FormDefinition {
        try definition()
    }

    /// The whole form and the selected page's minimap rectangles as `set`
    /// stored them, read in one transaction, so that a change committed
    /// meanwhile is in both or in neither (the server's change feed compares
    /// one such reading with the next).
    public func formWithStoredMinimap() throws(FormKitError) -> (form: FormDefinition, minimap: [MinimapRect]) {
        let read = try reading { db throws(FormStoreError) in try db.definitionWithMinimap() }
        return (read.form, read.rects)
    }
}
