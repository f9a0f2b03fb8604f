/// Where responses are read from when they do not live in the form's
/// SQLite file (`formctl responses --responses postgresql://…`).
///
/// The form, its structure and its keys always come from the SQLite
/// file; a source gives only the responses. The exports write what a
/// source gives exactly as they write the file's own responses, through
/// the same encoders, so the output is byte for byte the same for the
/// same responses. The first slice of the store protocol of issue 47:
/// reading only.
public protocol ResponseSource {
    /// The keys answered in the responses `filter` chooses that
    /// `formKeys` (the form's, in form order) lacks, in order of first
    /// appearance: by the first response (lowest id) that has each, then
    /// its place in that response.
    func otherKeys(_ filter: ResponseFilter, formKeys: [String]) throws(FormKitError) -> [String]

    /// Calls `body` with each response `filter` chooses, oldest first
    /// (by id), its answers in form order.
    func forEachResponse(_ filter: ResponseFilter, _ body: (FormResponse) throws -> Void) throws(FormKitError)

    /// The age in whole seconds of every draft, by id: since its last
    /// write for a respondent's draft, since it was stored for another.
    func draftAges() throws(FormKitError) -> [Int64: Int64]
}
