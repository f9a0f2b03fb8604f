import FormKit

/// formctl's exit codes (sysexits-style): the one table that maps FormKit's
/// error codes to them. The `--help` text is made from it, and a test holds
/// `docs/exit-codes.md` to it.
public enum ExitStatus {
    /// One exit code: what it means, in a line, and the FormKit errors that
    /// end a command with it.
    public struct Row: Sendable {
        /// The process's exit code.
        public var code: Int32
        /// What it means, for `--help` (one clause, no full stop).
        public var meaning: String
        /// The FormKit error codes that give it.
        public var errors: [FormKitError.Code]

        public init(code: Int32, meaning: String, errors: [FormKitError.Code]) {
            self.code = code
            self.meaning = meaning
            self.errors = errors
        }
    }

    /// Every exit code formctl documents, in order.
    public static let table: [Row] = [
        Row(code: 0, meaning: "success", errors: []),
        Row(code: failed, meaning: "no such field (get), or a shown field does not pass (check, submit)", errors: [.fieldNotFound, .checkFailed]),
        Row(code: usage, meaning: "usage: bad arguments, a number out of its range, an unknown field, row, page, repeat or response, "
            + "a key in use, a width or tab bar height out of range, removing a row or page that still holds fields "
            + "or the last page, a form file leaving out fields that hold values (apply without --prune), a read-only field set without --force, a --db that cannot name a file (empty, :memory:, file: URIs, a trailing /, too long), "
            + "a PostgreSQL URI that does not parse",
            errors: [.unknownName, .conflict, .outOfRange, .invalidPath]),
        Row(code: refused, meaning: "value refused (invalid UTF-8, NUL, a bad pattern or key, a show-if condition on the field itself or in a cycle); "
            + "a form, schema or values file that does not parse or cannot hold (file:line:column); "
            + "a PostgreSQL database holding responses of another form",
            errors: [.invalidValue, .badFile, .formDiffers]),
        Row(code: 66, meaning: "no database (or its folder, or a path through a file or a symbolic link loop, or no such PostgreSQL database)", errors: [.noDatabase]),
        Row(code: cannotListen, meaning: "serve cannot run or listen: formctl-serve is not beside formctl or on PATH, the port is in use, or the address is not this machine's; "
            + "PostgreSQL does not answer at the --responses address", errors: [.unavailable]),
        Row(code: 70, meaning: "internal error", errors: [.internalError]),
        Row(code: 74, meaning: "not a formctl SQLite database, corrupt, or holding a value formctl cannot use "
            + "(the message gives the sqlite3 fix)", errors: [.unusableDatabase]),
        Row(code: busy, meaning: "database busy, or already served by another formctl serve --collect", errors: [.busy]),
        Row(code: readOnly, meaning: "database read-only or permission denied, also PostgreSQL refusing the user or password", errors: [.readOnly]),
        Row(code: 78, meaning: "schema newer than this formctl", errors: [.schemaTooNew]),
    ]

    /// `check` found a shown field that does not pass; `get` found no field.
    public static let failed: Int32 = 1
    /// A usage mistake (sysexits' EX_USAGE): the FormKit errors of its
    /// row, and the ones a front end finds in its own arguments (`serve`'s
    /// `ServeError`: a non-loopback host without a token, a port or body
    /// limit out of range).
    public static let usage: Int32 = 64
    /// A value refused, also an argument that is not UTF-8.
    public static let refused: Int32 = 65
    /// `serve` cannot listen on its address and port (sysexits'
    /// EX_UNAVAILABLE).
    public static let cannotListen: Int32 = 69
    /// The database is busy (sysexits' EX_TEMPFAIL), also a database that
    /// another `serve --collect` serves: try again later.
    public static let busy: Int32 = 75
    /// The database is read-only or may not be written, also a lock file
    /// beside it that `serve --collect` cannot make.
    public static let readOnly: Int32 = 77
    /// Added to a signal's number when `edit` stops on that signal, as a
    /// shell reports it.
    public static let signalBase: Int32 = 128

    /// The exit code for `error`.
    public static func code(for error: FormKitError) -> Int32 {
        let wanted = error.code
        return table.first { $0.errors.contains(wanted) }?.code ?? 70
    }

    /// The exit codes as `--help` prints them.
    ///
    /// Built with a loop rather than `joined(separator:)`: that generic
    /// call looks up `[String]`'s collection conformance at run time, a
    /// scan of every conformance in the binary (~350k instructions) that
    /// every parsed command, `--version` included, paid for its
    /// configuration's discussion.
    public static var helpText: String {
        var text = "Exit codes: "
        for (index, row) in table.enumerated() {
            if index > 0 { text += "; " }
            text += String(row.code)
            text += " "
            text += row.meaning
        }
        return text + "."
    }
}

extension FormKitError {
    /// The exit code formctl documents for the error (`ExitStatus.table`).
    public var exitCode: Int32 { ExitStatus.code(for: self) }
}

extension CheckReport {
    /// The exit code `formctl check` ends with: 0 when the form passes, 1
    /// when a shown field does not.
    public var exitCode: Int32 { passes ? 0 : ExitStatus.failed }
}
