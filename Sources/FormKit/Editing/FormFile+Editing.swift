extension FormFile {
    /// The whole form as stored, for the editor to start from and to read
    /// again when someone else changed it. Reads as every operation does (a
    /// session's file on its open database; otherwise opening the file,
    /// created with the seed form when missing and allowed); a file formctl
    /// may not write is read without writing.
    public func editableForm() throws(FormKitError) -> FormDefinition {
        try definition()
    }
}
