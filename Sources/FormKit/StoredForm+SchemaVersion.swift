import FormStore

extension StoredForm {
    /// The database schema version this build writes: the number of the
    /// newest migration it carries (`PRAGMA user_version` of a database it
    /// has opened for writing). A file with a higher one is refused as
    /// written by a newer formctl.
    public static var schemaVersion: Int { FormDatabase.knownSchemaVersion }
}
