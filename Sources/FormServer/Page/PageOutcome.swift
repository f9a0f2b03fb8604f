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
    /// These fields' values were not saved, for the reason `code`.
    case notSaved(keys: [String], code: Reason)
    /// Submit failed for the reason `code` (busy, read-only, a full disk…).
    case failed(code: Reason)
    /// An Add or Remove button's change to the repeat or instance at
    /// `path` was refused for the reason `code` (the values posted with
    /// it were saved).
    case repeatRefused(path: String, code: Reason)

    /// Why something was not done: FormKit's error code, or the server's
    /// own refusal for the FormKit errors that have one (a full disk, the
    /// respondents' limits), as the API's `error` names them.
    enum Reason: Equatable, Sendable {
        case store(FormKitError.Code)
        case server(ServerRefusal)

        /// The reason for `error`, as `APIError(error)` words it.
        init(_ error: FormKitError) {
            if let refusal = APIError.refusal(for: error).flatMap({ ServerRefusal(rawValue: $0.code) }) {
                self = .server(refusal)
            } else {
                self = .store(error.code)
            }
        }

        /// The reason a query's `error=` names, or nil.
        init?(rawValue: String) {
            if let code = FormKitError.Code(rawValue: rawValue) {
                self = .store(code)
            } else if let refusal = ServerRefusal(rawValue: rawValue) {
                self = .server(refusal)
            } else {
                return nil
            }
        }

        var rawValue: String {
            switch self {
            case .store(let code): code.rawValue
            case .server(let refusal): refusal.rawValue
            }
        }
    }

    /// The outcome a query names, or nil.
    init?(query: [String: String]) {
        if query["submitted"] == "own" {
            self = .submittedOwn
        } else if let id = query["submitted"].flatMap({ Int64($0) }) {
            self = .submitted(id: id)
        } else if query["check"] == "failed" {
            self = .checkFailed
        } else if let path = query["unchanged"], !path.isEmpty {
            self = .repeatRefused(path: path, code: query["error"].flatMap(Reason.init(rawValue:)) ?? .store(.conflict))
        } else if let keys = query["notsaved"], !keys.isEmpty {
            let code = query["error"].flatMap(Reason.init(rawValue:)) ?? .store(.invalidValue)
            self = .notSaved(keys: keys.split(separator: ",").prefix(100).map(String.init), code: code)
        } else if let code = query["error"].flatMap(Reason.init(rawValue:)) {
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
        case .repeatRefused(let path, let code): "unchanged=" + PageLink.queryValue(path) + "&error=" + code.rawValue
        }
    }

    /// Whether the outcome is a success.
    var succeeded: Bool {
        switch self {
        case .submitted, .submittedOwn: true
        default: false
        }
    }

    /// Why an Add or Remove button did nothing, to someone filling in the
    /// form: a conflict is the repeat's own limit, or an instance another
    /// person removed meanwhile.
    static func repeatWords(for code: Reason) -> String {
        code == .store(.conflict)
            ? "the repeat holds as many instances as it may, or as few, or the instance is no longer there"
            : words(for: code)
    }

    /// What an error code means to someone filling in the form.
    static func words(for code: Reason) -> String {
        switch code {
        case .store(.invalidValue): "the value was refused (text that is not UTF-8 or holds a NUL character)"
        case .store(.busy): "the form's database is busy; try again in a moment"
        case .store(.readOnly): "the form's database is read-only"
        case .store(.fieldNotFound), .store(.unknownName): "the field no longer exists"
        case .store(.outOfRange): "the value is out of range"
        case .store(.conflict): "someone added or removed an instance meanwhile, so its numbers changed; check the values and try again"
        case .server(.diskFull): "the server's disk is full, so nothing was stored; try again later"
        case .server(.tooManyDrafts): "too many people are answering right now; try again in a moment"
        case .server(.alreadySubmitted): "you have already submitted your answers"
        default: "it could not be done (\(code.rawValue))"
        }
    }
}
