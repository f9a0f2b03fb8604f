import FormModel
import FormStore

extension FormFile {
    /// The whole form as stored, for the editor to start from and to read
    /// again when someone else changed the file. Opens the database as
    /// every operation does (created with the seed form when missing and
    /// allowed); a file formctl may not write is read without writing.
    public func editableForm() throws(FormKitError) -> FormDefinition {
        do throws(FormStoreError) {
            let database: FormDatabase
            do throws(FormStoreError) {
                database = try FormDatabase.open(path: path, create: createsMissingFile, minimap: Self.editorMinimapLayout)
            } catch {
                guard case .readOnly = error else { throw error }
                database = try FormDatabase.openForReading(path: path, minimap: Self.editorMinimapLayout)
            }
            defer { try? database.close() }
            return try database.definition()
        } catch {
            throw .store(error)
        }
    }

    /// The model layer's minimap, as every other operation stores it.
    private static let editorMinimapLayout: MinimapLayout = { form in FormPicture(form: form).minimapRects }
}
