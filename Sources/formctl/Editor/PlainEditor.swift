import CLISupport
import FormKit
import Foundation

/// `formctl edit --plain`: the form one field at a time, line by line, for
/// scripts and screen readers (as huh's accessible mode does), page by page
/// in tab bar order. For each shown field it prints the label, the current value and its state, reads
/// one line and prints the new state. A field answered from a list lists
/// its choices numbered and takes a number or a value, asking again after
/// an answer that is neither (`NumberedQuestion`); a yes/no field takes y or n. An empty line keeps the value; the
/// end of input stops, keeping the values not reached. After the last
/// field it asks "Submit? [y/N]": yes stores the values as a response (as
/// `formctl submit` does) and prints its id, or the reasons `check` refuses
/// it; any other answer leaves the values as they are.
struct PlainEditor {
    let file: StoredForm

    /// Runs through the fields; returns the exit code (that of a refused
    /// submission, else of the last refused save, else 0).
    func run() throws(FormKitError) -> Int32 {
        let form = try file.editableForm()
        Terminal.write("\(DisplayText.escaped(form.title))\n")
        Terminal.write("Type a new value and press Enter; an empty line keeps the value.\n")
        var exitCode: Int32 = 0
        var page: String?
        var reachedEnd = true
        for field in EditSession.editableFields(of: form) {
            // With pages, each page's fields come under its title.
            if form.pages.count > 1, let key = form.pageKey(of: field), key != page, let title = form.page(key)?.title {
                page = key
                Terminal.write("— \(DisplayText.escaped(title)) (page \(key)) —\n")
            }
            Terminal.write("\(DisplayText.escaped(field.label)) (\(field.key)) [\(DisplayText.escaped(field.value))] \(Self.words(field))\n")
            // Read-only: shown, not asked (`set --force` changes it).
            if field.isReadOnly {
                Terminal.write("\(field.key): read-only\n")
                continue
            }
            let question = NumberedQuestion(field: field)
            if let question { Terminal.write("  " + DisplayText.escaped(question.menu) + "\n") }
            Terminal.write("> ")
            guard let answer = Self.readAnswer(to: question) else {
                Terminal.write("\n")
                reachedEnd = false
                break
            }
            if answer.isEmpty {
                Terminal.write("\(field.key): kept\n")
                continue
            }
            do {
                Terminal.write(try file.set(field.key, to: answer).stateLine + "\n")
            } catch {
                Terminal.printError(error.description)
                exitCode = error.exitCode
            }
        }
        if reachedEnd, let code = askToSubmit() { exitCode = code }
        return exitCode
    }

    /// One answer: a line as typed, or for a numbered question the value
    /// it picks, asked again (saying why) until the line picks one or is
    /// empty. Nil at the end of input.
    private static func readAnswer(to question: NumberedQuestion?) -> String? {
        while true {
            guard var line = readLine(strippingNewline: true) else { return nil }
            if line.hasSuffix("\r") { line.removeLast() }
            guard let question, !line.isEmpty else { return line }
            switch question.read(line) {
            case .value(let value): return value
            case .refused(let reason): Terminal.write(DisplayText.escaped(reason) + "\n> ")
            }
        }
    }

    /// Asks "Submit? [y/N]" and submits on yes. Returns the exit code of a
    /// refused submission (1 when `check` fails), nil otherwise.
    private func askToSubmit() -> Int32? {
        Terminal.write(EditSubmission.question)
        guard let answer = readLine(strippingNewline: true) else {
            Terminal.write("\nnot submitted\n")
            return nil
        }
        guard EditSubmission.isYes(answer) else {
            Terminal.write("not submitted; the values are kept\n")
            return nil
        }
        do {
            Terminal.write(EditSubmission.confirmation(of: try file.submit()) + "\n")
            return nil
        } catch .checkFailed(let report) {
            Terminal.printError(DisplayText.escaped(EditSubmission.refusal(of: report)))
            return FormKitError.checkFailed(report).exitCode
        } catch {
            Terminal.printError(error.description)
            return error.exitCode
        }
    }

    /// `empty, required` / `short` / `valid` / `invalid: reason`.
    private static func words(_ field: Field) -> String {
        switch field.state {
        case .empty: field.rules.required ? "empty, required" : "empty"
        case .invalid: "invalid: " + DisplayText.escaped(field.brokenRule ?? "breaks a rule")
        default: field.state.rawValue
        }
    }
}
