import ArgumentParser
import CLISupport
import FormKit
import FormPostgres

/// `formctl responses …` with the responses in PostgreSQL: formctl runs
/// this executable with its command line when `--responses` (or
/// `$FORMCTL_RESPONSES`) is given, and for `responses copy`. The options
/// are the very types formctl parses (CLISupport), so both read a command
/// line alike; the listing is CLISupport's `ResponseListing`, the same
/// code formctl runs on the SQLite file.
struct ResponsesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formctl responses",
        abstract: "List or export the responses kept in PostgreSQL, or copy the SQLite file's there.",
        subcommands: [List.self, Copy.self],
        defaultSubcommand: List.self)
}

extension ResponsesCommand {
    /// `formctl responses [list] --responses URI`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the responses kept in PostgreSQL (formctl responses --help).")

        @OptionGroup var options: ResponseListOptions

        func run() throws {
            guard let uri = options.store.resolved else {
                // formctl runs this only with a URI; without one the file's
                // responses are formctl's own to list.
                return try ResponseListing.run(options, source: nil)
            }
            let form = options.database.form
            let store = try reportingErrors { () throws(FormKitError) in
                try PostgresResponseSource.open(uri, form: form, replacingForm: false, records: false)
            }
            defer { store.close() }
            let source = PostgresResponseSource(store)
            // One snapshot for the keys and every page of responses.
            try store.inSnapshot { try ResponseListing.run(options, source: source) }
        }
    }

    /// `formctl responses copy --to URI`.
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "copy", abstract: "Copy the SQLite file's responses to PostgreSQL (formctl responses copy --help).")

        @OptionGroup var options: ResponseCopyOptions

        /// Responses per transaction.
        static let batchSize = 500

        func run() throws {
            guard let uri = options.resolvedURI else { throw ValidationError("Name the PostgreSQL database: --to postgresql://...") }
            let form = options.database.form
            let (copied, present) = try reportingErrors { () throws(FormKitError) -> (Int, Int) in
                let store = try PostgresResponseSource.open(uri, form: form, replacingForm: options.replaceForm, records: true)
                defer { store.close() }
                return try Self.copy(form, to: store)
            }
            Terminal.write("copied \(copied) response\(copied == 1 ? "" : "s") to \(PostgresURI.redacted(uri)) (\(present) already there)\n")
        }

        /// Copies every response of `form`'s file that `store` lacks, in
        /// batches of one transaction each; returns how many it copied and
        /// how many were there already.
        static func copy(_ form: StoredForm, to store: PostgresResponses) throws(FormKitError) -> (copied: Int, present: Int) {
            let existing = try PostgresResponseSource.mapped { () throws(PostgresStoreError) in try store.allIDs() }
            var batch: [CopiedResponse] = []
            var copied = 0
            var present = 0
            // The store's error, kept: FormKit reports an error thrown
            // inside its reading as its own.
            var failure: FormKitError?
            func flush() throws(FormKitError) {
                let pending = batch
                batch.removeAll(keepingCapacity: true)
                do throws(PostgresStoreError) {
                    try store.insert(pending)
                } catch {
                    failure = PostgresResponseSource.formKitError(error)
                    throw PostgresResponseSource.formKitError(error)
                }
                copied += pending.count
            }
            do {
                try form.forEachResponseToCopy { response, columns in
                    if existing.contains(response.id) {
                        present += 1
                        return
                    }
                    batch.append(CopiedResponse(response: response, respondent: columns?.respondent, answeredAt: columns?.answeredAt))
                    if batch.count >= batchSize { try flush() }
                }
                try flush()
            } catch {
                throw failure ?? error
            }
            return (copied, present)
        }
    }
}
