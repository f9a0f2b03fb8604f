import ArgumentParser
import CLISupport
import FormKit

/// `formctl submit`: stores the form's values (or a file's) as one response
/// and prints its id.
struct SubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Store the form's values as one response and print its id; then clear the values (unless --keep).",
        discussion: """
            Every field's value is stored, shown or hidden, with the field's key and label as they are now; \
            the response gets the next id and submitted_at (UTC, milliseconds). Only the id is printed \
            (id=$(formctl submit) works); with --json the response, as one JSON object \
            {"id", "status", "submitted_at", "values"} (the shape of responses --format json). The values are \
            then cleared for the next respondent, one history row per value cleared, unless --keep is given.

            The form must pass check: otherwise submit exits 1, prints the list check prints (check --json's \
            with --json) on standard output and the reason on standard error, and stores nothing. --draft \
            stores the values as a draft whatever check says. When a draft was opened with responses open, \
            submit replaces it (same id, new submitted_at) instead of adding a response, and says so on \
            standard error; standard output still holds the id alone.

            With --from FILE (a JSON object of key: value, or a CSV header row and one row of values, as \
            values --load reads; - reads standard input with --format) the file's values are stored, every \
            other field empty, without touching the values being edited: what scripts and several processes \
            at once use. A key that names no field exits 64, a file that does not parse 65, before anything \
            is stored.
            """)

    @Flag(help: "Store the values as a draft, even when check fails.")
    var draft = false

    @Flag(help: "Keep the values in the form afterwards (default: clear them for the next respondent).")
    var keep = false

    @Flag(help: "Print the response as JSON instead of its id.")
    var json = false

    @Option(help: ArgumentHelp(
        "Store the values in this JSON or CSV file instead of the form's; - reads standard input (with --format).",
        valueName: "file"))
    var from: String?

    @Option(help: ArgumentHelp("json or csv: what --from reads (default: from the file's name, .json or .csv).", valueName: "format"))
    var format: FormValues.Format?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if keep && from != nil {
            throw ValidationError("--keep goes without --from: submit --from never touches the form's values, so there is nothing to keep.")
        }
        guard let from else {
            if format != nil { throw ValidationError("--format says what --from reads; give --from FILE or leave --format out.") }
            return
        }
        if format == nil, FormValues.Format(fileName: from) == nil {
            if from == "-" { throw ValidationError("Reading a response from standard input (--from -) needs --format json or --format csv.") }
            throw ValidationError("Cannot tell whether '\(from)' is JSON or CSV from its name (.json or .csv); give --format json or --format csv.")
        }
    }

    func run() throws {
        let form = database.form
        let stored: StoredResponse
        do {
            stored = try submit(form)
        } catch .checkFailed(let report) {
            // The list check prints, on standard output, so that a script
            // reads the same thing from check and from a refused submit.
            Terminal.write(json ? try CheckOutput.json(report) : CheckOutput.text(report))
            Terminal.printError(FormKitError.checkFailed(report).description)
            throw ExitCode(ExitStatus.code(for: .checkFailed(report)))
        } catch {
            // Any other error is printed and mapped as every command's is.
            try reportingErrors { () throws(FormKitError) in throw error }
            return
        }
        let response = stored.response
        if stored.replacedDraft {
            // A note, not output: standard output stays the id alone.
            Terminal.printError("draft \(response.id) replaced (now \(response.status.rawValue))")
        }
        if json {
            let export = ResponseExport(format: .json, keys: response.answers.map(\.key))
            Terminal.write(export.object(response) + "\n")
        } else {
            Terminal.write("\(response.id)\n")
        }
    }

    /// Stores the response the options describe.
    private func submit(_ form: StoredForm) throws(FormKitError) -> StoredResponse {
        guard let from else { return try form.submit(draft: draft, keep: keep) }
        if from == "-" {
            let bytes = try InputFile.bytes("-")
            return try form.submit(from: bytes, format: format ?? .json, file: "-", draft: draft)
        }
        return try form.submit(fromFile: from, format: format, draft: draft)
    }
}
