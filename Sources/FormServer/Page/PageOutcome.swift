import FormKit

/// What the plain form post did, carried to the page it redirects to (303
/// to `/?page=KEY&…`) in the query, so that reloading shows it again
/// without posting again: a stored response's id, a submit that `check`
/// refused (its reasons are read afresh when the page is drawn), or the
/// fields whose values were not saved. Only ids, keys and FormKit's error
/// codes travel in the URL, never text: the words are the page's own.
enum PageOutcome: Equatable, Sendable {
    /// Response `id` was stored and the form cleared.
    case submitted(id: Int64)
    /// A respondent's own response was stored (`--collect`): no id, which
    /// would tell them how many others answered.
    case submittedOwn
    /// `check` failed, so nothing was submitted.
    case checkFailed
    /// These fields' values were not saved, for FormKit's error `code`.
    case notSaved(keys: [String], code: FormKitError.Code)
    /// Submit failed for FormKit's error `code` (busy, read-only, …).
    case failed(code: FormKitError.Code)

    /// The outcome a query names, or nil.
    init?(query: [String: String]) {
        if query["submitted"] == "own" {
            self = .submittedOwn
        } else if let id = query["submitted"].flatMap({ Int64($0) }) {
            self = .submitted(id: id)
        } else if query["check"] == "failed" {
            self = .checkFailed
        } else if let keys = query["notsaved"], !keys.isEmpty {
            let code = query["error"].flatMap(FormKitError.Code.init(rawValue:)) ?? .invalidValue
            self = .notSaved(keys: keys.split(separator: ",").prefix(100).map(String.init), code: code)
        } else if let code = query["error"].flatMap(FormKitError.Code.init(rawValue:)) {
            self = .failed(code: code)
        } else {
            return nil
        }
    }

    /// The query items that name the outcome (after `page=KEY&`).
    var query: String {
        switch self {
        case .submitted(let id): "submitted=\(id)"
        case .submittedOwn: "submitted=own"
        case .checkFailed: "check=failed"
        case .notSaved(let keys, let code): "notsaved=" + keys.map(PageLink.queryValue).joined(separator: ",") + "&error=" + code.rawValue
        case .failed(let code): "error=" + code.rawValue
        }
    }

    /// Whether the outcome is a success.
    var succeeded: Bool {
        switch self {
        case .submitted, .submittedOwn: true
        default: false
        }
    }

    /// What an error code means to someone filling in the form.
    static func words(for code: FormKitError.Code) -> String {
        switch code {
        case .invalidValue: "the value was refused (text that is not UTF-8 or holds a NUL character)"
        case .busy: "the form's database is busy; try again in a moment"
        case .readOnly: "the form's database is read-only"
        case .fieldNotFound, .unknownName: "the field no longer exists"
        case .outOfRange: "the value is out of range"
        default: "it could not be done (\(code.rawValue))"
        }
    }
}
