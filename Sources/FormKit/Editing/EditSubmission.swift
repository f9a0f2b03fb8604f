import Foundation

/// The words an editor (the full-screen one's status line, plain mode's
/// answer to "Submit? [y/N]") gives for a submission, in one place so that
/// both say the same.
public enum EditSubmission {
    /// What plain mode asks after the last field.
    public static let question = "Submit? [y/N] "

    /// Whether `answer` to `question` means yes (`y` or `yes`, in any
    /// case, spaces around ignored); anything else, an empty line
    /// included, is no.
    public static func isYes(_ answer: String) -> Bool {
        let word = answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return word == "y" || word == "yes"
    }

    /// `submitted response 7`, `submitted response 7 (replaced draft 7)`,
    /// `saved draft 8; formctl responses open 8 reopens it`: the id, and
    /// whether the draft open in the form was replaced (it keeps its id).
    public static func confirmation(of stored: StoredResponse) -> String {
        let id = stored.response.id
        let replaced = stored.replacedDraft ? " (replaced draft \(id))" : ""
        switch stored.response.status {
        case .complete:
            return "submitted response \(id)\(replaced)"
        case .draft:
            return "saved draft \(id)\(replaced); formctl responses open \(id) reopens it"
        }
    }

    /// `not submitted: first: is required; email: is not an email address
    /// (name@example.com)`: every field that fails `check`, in check's
    /// order (page by page), so that the first ones show when the line is cut.
    public static func refusal(of report: CheckReport) -> String {
        "not submitted: " + report.problems.map { "\($0.key): \($0.reason)" }.joined(separator: "; ")
    }
}
