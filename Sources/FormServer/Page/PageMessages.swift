import FormKit
import Foundation

/// The words the page says itself, in the form's language (its `language`
/// property, a BCP 47 tag): the buttons, the fields' states in words, the
/// outcome of a submit, the minimap's and tab bar's names. A table per
/// language, English and Hebrew; a tag whose language the table lacks
/// (`fr`) gets English words and keeps its `lang`. A test holds every
/// language to every message. The reasons `check` gives ("is required")
/// stay FormKit's, in English.
struct PageMessages: Sendable {
    /// A message; `{id}`, `{names}`, `{reason}`, `{page}`, `{item}` and
    /// `{name}` are filled in.
    enum Key: String, CaseIterable, Sendable {
        case submit, save, yes, no
        case stateEmpty = "state.empty", stateShort = "state.short", stateValid = "state.valid", stateInvalid = "state.invalid"
        case minimap, showMinimap = "minimap.show", hideMinimap = "minimap.hide", pages, more, noFields = "page.empty"
        case submittedOwn = "submitted.own", submittedResponse = "submitted.response"
        case fixField = "refused.field", fixFields = "refused.fields", refusedByCheck = "refused.check", refused = "refused.reason"
        case notSaved = "saved.not", onPage = "problem.page", unreachable = "refused.unreachable", notSavedBecause = "saved.notBecause"
        case notSavedUnreachable = "saved.unreachable"
        case reasonRequired = "reason.required", reasonShort = "reason.short", reasonShortCodePoints = "reason.shortCodePoints"
        case reasonBrokenRule = "reason.brokenRule"
        case removeInstance = "instance.remove", repeatRefused = "repeat.refused", serverUnreachable = "server.unreachable"
        case summary
    }

    /// The languages the table has words for, by primary subtag.
    static let table: [String: [Key: String]] = [
        "en": [
            .submit: "Submit", .save: "Save", .yes: "Yes", .no: "No",
            .stateEmpty: "empty", .stateShort: "short", .stateValid: "valid", .stateInvalid: "invalid",
            .minimap: "Minimap", .showMinimap: "Show the minimap", .hideMinimap: "Hide the minimap",
            .pages: "Pages", .more: "More", .noFields: "This page has no fields.",
            .submittedOwn: "Your response is submitted. Thank you.",
            .submittedResponse: "Response {id} stored; the form is cleared.",
            .fixField: "Not submitted: fix this field first.", .fixFields: "Not submitted: fix these fields first.",
            .refusedByCheck: "Not submitted: the form did not pass check.", .refused: "Not submitted: {reason}.",
            .notSaved: "Not saved: {names}: {reason}.", .onPage: "(on {page})",
            .unreachable: "Not submitted: the server cannot be reached.",
            .notSavedBecause: "not saved: {reason}", .notSavedUnreachable: "not saved: the server cannot be reached",
            .reasonRequired: "is required", .reasonShort: "has fewer than {count} characters",
            .reasonShortCodePoints: "has fewer than {count} code points", .reasonBrokenRule: "breaks one of its rules",
            .removeInstance: "Remove {item}", .repeatRefused: "Not changed: {name}: {reason}.",
            .serverUnreachable: "the server cannot be reached", .summary: "Summary of the responses",
        ],
        "he": [
            .submit: "שליחה", .save: "שמירה", .yes: "כן", .no: "לא",
            .stateEmpty: "ריק", .stateShort: "קצר מדי", .stateValid: "תקין", .stateInvalid: "לא תקין",
            .minimap: "מפה מוקטנת", .showMinimap: "הצגת המפה המוקטנת", .hideMinimap: "הסתרת המפה המוקטנת",
            .pages: "עמודים", .more: "עוד", .noFields: "אין שדות בעמוד זה.",
            .submittedOwn: "התשובה שלך נשלחה. תודה!",
            .submittedResponse: "תגובה {id} נשמרה; הטופס נוקה.",
            .fixField: "לא נשלח: יש לתקן תחילה את השדה הזה.", .fixFields: "לא נשלח: יש לתקן תחילה את השדות האלה.",
            .refusedByCheck: "לא נשלח: הטופס לא עבר את הבדיקה.", .refused: "לא נשלח: {reason}.",
            .notSaved: "לא נשמר: {names}: {reason}.", .onPage: "(בעמוד {page})",
            .unreachable: "לא נשלח: אין חיבור לשרת.",
            .notSavedBecause: "לא נשמר: {reason}", .notSavedUnreachable: "לא נשמר: אין חיבור לשרת",
            .reasonRequired: "הוא שדה חובה", .reasonShort: "מכיל פחות מ-{count} תווים",
            .reasonShortCodePoints: "מכיל פחות מ-{count} נקודות קוד", .reasonBrokenRule: "אינו עומד באחד מהכללים שלו",
            .removeInstance: "הסרת {item}", .repeatRefused: "לא שונה: {name}: {reason}.",
            .serverUnreachable: "אין חיבור לשרת", .summary: "סיכום התשובות",
        ],
    ]

    /// The form's tag, as the page's `lang` says it.
    let language: String
    private let words: [Key: String]

    /// The words for `language` (`he-IL` takes `he`'s), else English's.
    init(language: String) {
        self.language = language
        let primary = String(language.split(separator: "-").first ?? "").lowercased()
        words = Self.table[primary] ?? Self.table["en"] ?? [:]
    }

    /// The message, with each `{name}` of `values` filled in.
    func callAsFunction(_ key: Key, _ values: [String: String] = [:]) -> String {
        var text = words[key] ?? Self.table["en"]?[key] ?? key.rawValue
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// A state in words.
    func state(_ state: ValidationState) -> String {
        switch state {
        case .empty: self(.stateEmpty)
        case .short: self(.stateShort)
        case .valid: self(.stateValid)
        case .invalid: self(.stateInvalid)
        }
    }

    /// Every message as `{"KEY": "TEXT"}`, for the script (`data-messages`).
    var json: String {
        var object: [String: String] = [:]
        for key in Key.allCases { object[key.rawValue] = self(key) }
        return (try? JSONText.encode(object)) ?? "{}"
    }
}
