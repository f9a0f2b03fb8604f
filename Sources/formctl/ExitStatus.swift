import FormKit

/// formctl's exit codes (sysexits-style): the one table that maps FormKit's
/// error codes to them. The `--help` text is made from it, and a test holds
/// `docs/exit-codes.md` to it.
enum ExitStatus {
    /// One exit code: what it means, in a line, and the FormKit errors that
    /// end a command with it.
    struct Row: Sendable {
        /// The process's exit code.
        var code: Int32
        /// What it means, for `--help` (one clause, no full stop).
        var meaning: String
        /// The FormKit error codes that give it.
        var errors: [FormKitError.Code]
    }

    /// Every exit code formctl documents, in order.
    static let table: [Row] = [
        Row(code: 0, meaning: "success", errors: []),
        Row(code: failed, meaning: "no such field (get), or a shown field does not pass (check, submit)", errors: [.fieldNotFound, .checkFailed]),
        Row(code: 64, meaning: "usage: bad arguments, a number out of its range, an unknown field, row, page or response, "
            + "a key in use, a width or tab bar height out of range, removing a row or page that still holds fields "
            + "or the last page, a form file leaving out fields that hold values (apply without --prune), a --db that cannot name a file (empty, :memory:, file: URIs, a trailing /, too long)",
            errors: [.unknownName, .conflict, .outOfRange, .invalidPath]),
        Row(code: refused, meaning: "value refused (invalid UTF-8, NUL, a bad pattern or key, a show-if condition on the field itself or in a cycle); "
            + "a form, schema or values file that does not parse or cannot hold (file:line:column)",
            errors: [.invalidValue, .badFile]),
        Row(code: 66, meaning: "no database (or its folder, or a path through a file or a symbolic link loop)", errors: [.noDatabase]),
        Row(code: cannotListen, meaning: "serve cannot listen: the port is in use or the address is not this machine's", errors: []),
        Row(code: 70, meaning: "internal error", errors: [.internalError]),
        Row(code: 74, meaning: "not a formctl SQLite database, corrupt, or holding a value formctl cannot use "
            + "(the message gives the sqlite3 fix)", errors: [.unusableDatabase]),
        Row(code: 75, meaning: "database busy", errors: [.busy]),
        Row(code: 77, meaning: "database read-only or permission denied", errors: [.readOnly]),
        Row(code: 78, meaning: "schema newer than this formctl", errors: [.schemaTooNew]),
    ]

    /// `check` found a shown field that does not pass; `get` found no field.
    static let failed: Int32 = 1
    /// A value refused, also an argument that is not UTF-8.
    static let refused: Int32 = 65
    /// `serve` cannot listen on its address and port (sysexits'
    /// EX_UNAVAILABLE).
    static let cannotListen: Int32 = 69
    /// Added to a signal's number when `edit` stops on that signal, as a
    /// shell reports it.
    static let signalBase: Int32 = 128

    /// The exit code for `error`.
    static func code(for error: FormKitError) -> Int32 {
        let wanted = error.code
        return table.first { $0.errors.contains(wanted) }?.code ?? 70
    }

    /// The exit codes as `--help` prints them.
    static var helpText: String {
        "Exit codes: " + table.map { "\($0.code) \($0.meaning)" }.joined(separator: "; ") + "."
    }
}

extension FormKitError {
    /// The exit code formctl documents for the error (`ExitStatus.table`).
    var exitCode: Int32 { ExitStatus.code(for: self) }
}

extension CheckReport {
    /// The exit code `formctl check` ends with: 0 when the form passes, 1
    /// when a shown field does not.
    var exitCode: Int32 { passes ? 0 : ExitStatus.failed }
}
