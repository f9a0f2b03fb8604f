import FormKit
import FormPostgres

/// FormPostgres's responses as FormKit's `ResponseSource`: the glue
/// between the two, kept in the executable that chooses the store, so
/// that FormPostgres needs only FormModel and FormKit knows no driver.
final class PostgresResponseSource: ResponseSource {
    let store: PostgresResponses
    /// The ids each filter chose, read once per listing (the listing reads
    /// the keys, then the responses, of the same ids).
    private var chosen: [ResponseFilter: [Int64]] = [:]

    init(_ store: PostgresResponses) {
        self.store = store
    }

    private func ids(_ filter: ResponseFilter) throws(FormKitError) -> [Int64] {
        if let ids = chosen[filter] { return ids }
        let query = PostgresResponseQuery(status: filter.status, submittedSince: filter.submittedSince, limit: filter.limit)
        let ids = try Self.mapped { () throws(PostgresStoreError) in try store.ids(query) }
        chosen[filter] = ids
        return ids
    }

    func otherKeys(_ filter: ResponseFilter, formKeys: [String]) throws(FormKitError) -> [String] {
        let ids = try ids(filter)
        return try Self.mapped { () throws(PostgresStoreError) in try store.otherKeys(ids: ids, formKeys: formKeys) }
    }

    func forEachResponse(_ filter: ResponseFilter, _ body: (FormResponse) throws -> Void) throws(FormKitError) {
        let ids = try ids(filter)
        do {
            try store.forEachResponse(ids: ids, body)
        } catch let error as PostgresStoreError {
            throw Self.formKitError(error)
        } catch let error as FormKitError {
            throw error
        } catch {
            throw .internalError(String(describing: error))
        }
    }

    func draftAges() throws(FormKitError) -> [Int64: Int64] {
        try Self.mapped { () throws(PostgresStoreError) in try store.draftAges() }
    }

    /// Runs `body`, its error as FormKit's.
    static func mapped<T>(_ body: () throws(PostgresStoreError) -> T) throws(FormKitError) -> T {
        do {
            return try body()
        } catch {
            throw formKitError(error)
        }
    }

    /// FormPostgres's error as `FormKitError.responseStore`, whose code
    /// formctl's one table maps to an exit code.
    static func formKitError(_ error: PostgresStoreError) -> FormKitError {
        .responseStore(error)
    }

    /// Opens the store at `uri` and checks that it holds this form's
    /// responses (`checkForm`).
    static func open(_ uri: String, form: StoredForm, replacingForm: Bool, records: Bool) throws(FormKitError) -> PostgresResponses {
        let fingerprint = try form.fingerprint()
        let environment = Environment.variables
        let store = try mapped { () throws(PostgresStoreError) in try PostgresResponses.open(uri, environment: environment) }
        do throws(PostgresStoreError) {
            try store.checkForm(fingerprint: fingerprint, replacing: replacingForm, records: records)
        } catch {
            store.close()
            throw formKitError(error)
        }
        return store
    }
}
