import ArgumentParser
import CLISupport
import FormKit
import Foundation

/// `formctl values`: every field's value, key → value in form order; with
/// `--load FILE`, sets them from a file in one transaction; with `--clear`,
/// empties them all in one transaction.
struct ValuesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "values",
        abstract: "Print every field's value as JSON or CSV, set them from such a file (--load), or clear them all (--clear).",
        discussion: """
            Every field's key and value is printed, in form order, hidden fields too (a hidden field keeps its value). \
            JSON is one object whose keys are in form order; CSV (RFC 4180) is a header row of keys and one row of \
            values, with CRLF line ends. Any Unicode is kept as it is.

            With --load FILE, the values in FILE (what `formctl values` prints: a JSON object whose values are strings, or \
            a CSV header row and one row of values) are set in one transaction, with one history row per value \
            that changed; values already stored are not written. Like `set`, any value is stored, hidden fields \
            and values that break a rule too. A key that names no field is refused (exit 64) and a file that does \
            not parse (exit 65, with FILE:LINE:COLUMN) before anything is written.

            With --clear, every value is emptied in one transaction, with one history row per value cleared \
            (what submit does after storing a response), and a draft opened with responses open is closed \
            (it stays stored; the next submit adds a response).
            """)

    @Option(help: ArgumentHelp(
        "json or csv: what to print (default: json), or what --load reads (default: from the file's name, .json or .csv).",
        valueName: "format"))
    var format: FormValues.Format?

    @Option(help: ArgumentHelp(
        "Set the values in this JSON or CSV file in one transaction; - reads standard input (with --format).",
        valueName: "file"))
    var load: String?

    @Flag(help: "Empty every field's value in one transaction (one history row per value cleared).")
    var clear = false

    @Flag(help: "With --load or --clear: print what changed as JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if clear && (load != nil || format != nil) {
            throw ValidationError("--clear empties every value; it goes without --load and --format.")
        }
        if json && load == nil && !clear {
            throw ValidationError("--json goes with --load; without --load, values prints JSON already (--format json).")
        }
        if let load, format == nil, FormValues.Format(fileName: load) == nil {
            if load == "-" { throw ValidationError("Reading values from standard input (--load -) needs --format json or --format csv.") }
            throw ValidationError("Cannot tell whether '\(load)' is JSON or CSV from its name (.json or .csv); give --format json or --format csv.")
        }
    }

    func run() throws {
        if clear {
            let update = try database.run { form throws(FormKitError) in try form.clearValues() }
            return Terminal.write(json ? try Self.json(update) : Self.report(update, cleared: true))
        }
        guard let load else {
            let values = try database.run { form throws(FormKitError) in try form.values() }
            return Terminal.write(values.text(format ?? .json))
        }
        let update: ValuesUpdate
        if load == "-" {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            let format = format ?? .json
            update = try database.run { form throws(FormKitError) in try form.loadValues(from: bytes, format: format, file: "-") }
        } else {
            update = try database.run { form throws(FormKitError) in try form.loadValues(fromFile: load, format: format) }
        }
        Terminal.write(json ? try Self.json(update) : Self.report(update, cleared: false))
    }

    /// Each changed field's new state, then the summary.
    static func report(_ update: ValuesUpdate, cleared: Bool) -> String {
        update.changed.map { $0.stateLine + "\n" }.joined() + (cleared ? clearSummary(update) : summary(update)) + "\n"
    }

    /// `--json`: what changed (`LoadOutput`).
    static func json(_ update: ValuesUpdate) throws -> String {
        let output = LoadOutput(
            changed: update.changed.map {
                LoadOutput.Change(key: $0.key, value: $0.value, state: $0.state.rawValue, color: $0.state.color.rawValue, length: $0.length)
            },
            unchanged: update.unchanged)
        return try reportingErrors { () throws(FormKitError) in try JSONText.encode(output) }
    }

    /// `3 values set, 2 unchanged`.
    static func summary(_ update: ValuesUpdate) -> String {
        let set = update.changed.count
        return "\(set) value\(set == 1 ? "" : "s") set, \(update.unchanged.count) unchanged"
    }

    /// `3 values cleared, 2 already empty`.
    static func clearSummary(_ update: ValuesUpdate) -> String {
        let cleared = update.changed.count
        return "\(cleared) value\(cleared == 1 ? "" : "s") cleared, \(update.unchanged.count) already empty"
    }

    /// `values --load --json`: the fields that changed, with their new
    /// states (as `get --json` words them), and the keys that did not.
    struct LoadOutput: Encodable {
        struct Change: Encodable {
            let key: String, value: String, state: String, color: String, length: Int
        }
        let changed: [Change]
        let unchanged: [String]
    }
}

extension FormValues.Format: ExpressibleByArgument {}
