import Foundation

/// The seed form's fields in form order.
let seedKeys = ["first", "middle", "last", "email", "twitter"]

/// The line `set` and `field rule` print:
/// `KEY: STATE (COLOUR), N characters`, then `: REASON` when invalid.
/// "1 character" is accepted for one (the spec writes `N characters`).
func isStateLine(_ line: String, key: String, state: String, color: String, length: Int) -> Bool {
    let plural = "\(key): \(state) (\(color)), \(length) characters"
    let singular = "\(key): \(state) (\(color)), \(length) character"
    if state == "invalid" {
        for prefix in [plural, singular] where line.hasPrefix(prefix + ": ") {
            return line.count > prefix.count + 2 // a reason follows
        }
        return false
    }
    return line == plural || (length == 1 && line == singular)
}

/// The single line of a command's standard output (nil unless there is
/// exactly one line ending with a newline).
func singleLine(_ result: ProcessResult) -> String? {
    let text = result.stdoutText
    guard text.hasSuffix("\n") else { return nil }
    let lines = text.lines
    return lines.count == 1 ? lines[0] : nil
}

/// An error as the spec wants it: exit `code` and a `formctl: …` message on
/// standard error, without a crash.
func isError(_ result: ProcessResult, _ code: Int32) -> Bool {
    !result.looksLikeCrash && !result.signalled && result.status == code
        && result.stderrText.hasPrefix("formctl: ")
}
