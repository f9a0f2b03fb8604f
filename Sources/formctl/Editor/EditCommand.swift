import ArgumentParser
import CLISupport
import FormKit
import Foundation

/// `formctl edit`: fill the form in, live, in the terminal.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit the form's fields in the terminal, with live states and minimap.",
        discussion: """
            Keys: Tab/Shift-Tab and Up/Down move between fields; typing inserts at the \
            cursor; Left/Right, Home/End, Backspace/Delete and Ctrl-U (clear) edit; Enter \
            saves and moves on; Ctrl-S saves; Esc or Ctrl-C quits; Ctrl-Left/Right and \
            F1-F9 switch pages. By type: numbers, dates and times are checked as typed; \
            in a choice of one or a yes/no field, Space or Left/Right changes the answer \
            (Ctrl-U clears it); in a list of choices, Up/Down move the focused choice (and \
            leave the list at its ends) and Space ticks it; in a long text, Ctrl-J or \
            Alt-Enter starts a new line and Up/Down move between lines. Ctrl-X submits: the values are stored as a response \
            when check passes and cleared for the next respondent, and the status line \
            gives the response's id, or the reasons check gives (nothing is stored). \
            Ctrl-O stores them as a draft response, whatever check says (formctl \
            responses open ID brings it back). A changed value is saved when you leave the field, press \
            Enter or Ctrl-S, quit, stop typing for a second, or on SIGTERM/SIGHUP. \
            Others' changes show within a tenth of a second. With --plain (automatic when standard \
            input or output is not a terminal, or TERM=dumb) the fields are asked one \
            per line; an empty line keeps a value; choices are numbered (answer a number or \
            a value, several separated by spaces or commas for a list; y or n for yes/no), \
            and a bad answer is asked again. After the last field it asks \
            "Submit? [y/N]": y submits as Ctrl-X does (exit 1 when check fails), \
            anything else keeps the values.
            """)

    @Flag(help: "Ask for each field on its own line instead of the full-screen editor.")
    var plain = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        // The editor keeps running, holding the file open in a session.
        StoredForm.keepsClosedConnections = false
        let form = try reportingErrors { () throws(FormKitError) -> FormSession in try FormSession(file: database.form) }
        // Closed before the process exits: the WAL is checkpointed and the
        // file left whole, as a one-shot command leaves it.
        defer { form.close() }
        if plain || !Self.canRunFullScreen {
            let code = try reportingErrors { () throws(FormKitError) -> Int32 in try PlainEditor(file: form.file).run() }
            if code != 0 { throw ExitCode(code) }
            return
        }
        let session = try reportingErrors { () throws(FormKitError) -> EditSession in try EditSession(session: form) }
        let code = FullScreenEditor(session: session).run()
        if code != 0 { throw ExitCode(code) }
    }

    /// Whether both ends are a terminal that can draw a screen.
    private static var canRunFullScreen: Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        return Terminal.environment("TERM") != "dumb"
    }
}
