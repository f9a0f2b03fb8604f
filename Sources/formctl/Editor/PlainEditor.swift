import FormKit
import Foundation

/// `formctl edit --plain`: the form one field at a time, line by line, for
/// scripts and screen readers (as huh's accessible mode does), page by page
/// in tab bar order. For each shown field it prints the label, the current value and its state, reads
/// one line and prints the new state. An empty line keeps the value; the
/// end of input stops, keeping the values not reached.
struct PlainEditor {
    let file: FormFile

    /// Runs through the fields; returns the exit code (that of the last
    /// refused save, else 0).
    func run() throws(FormKitError) -> Int32 {
        let form = try file.editableForm()
        Terminal.write("\(DisplayText.escaped(form.title))\n")
        Terminal.write("Type a new value and press Enter; an empty line keeps the value.\n")
        var exitCode: Int32 = 0
        var page: String?
        for field in EditSession.editableFields(of: form) {
            // With pages, each page's fields come under its title.
            if form.pages.count > 1, let key = form.pageKey(of: field), key != page, let title = form.page(key)?.title {
                page = key
                Terminal.write("— \(DisplayText.escaped(title)) (page \(key)) —\n")
            }
            Terminal.write("\(DisplayText.escaped(field.label)) (\(field.key)) [\(DisplayText.escaped(field.value))] \(Self.words(field))\n> ")
            guard var line = readLine(strippingNewline: true) else {
                Terminal.write("\n")
                break
            }
            if line.hasSuffix("\r") { line.removeLast() }
            if line.isEmpty {
                Terminal.write("\(field.key): kept\n")
                continue
            }
            do {
                Terminal.write(try file.set(field.key, to: line).stateLine + "\n")
            } catch {
                Terminal.printError(error.description)
                exitCode = error.exitCode
            }
        }
        return exitCode
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
