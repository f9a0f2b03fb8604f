import FormKit

/// The body of the page's plain form post (`application/x-www-form-
/// urlencoded`, what a browser without script sends): the page shown, the
/// button pressed (Submit, Save, or a repeat's Add or an instance's
/// Remove), and each field's value under `field:KEY`.
struct FormPostBody: Sendable {
    /// The name prefix of the fields' inputs: `field:first`. A prefix keeps
    /// a field called `page` or `action` apart from the form's own names.
    static let fieldPrefix = "field:"
    /// The name of a repeat's Add button; its value is the repeat's path.
    static let addName = "repeat_add"
    /// The name of an instance's Remove button; its value is the instance's path.
    static let removeName = "repeat_remove"

    /// The page the form was on (`page`).
    var page: String?
    /// Whether Submit was pressed (`action=submit`; Save sends `action=save`).
    var submits = false
    /// The Add or Remove button pressed, if one was.
    var repeatAction: RepeatAction?
    /// The instances the page was drawn with (`InstanceCounts`), when it
    /// has repeats.
    var instances: String?
    /// Each field's value in the order sent; nil for a value that is not
    /// UTF-8 text once decoded (refused, as the CLI refuses it). A field
    /// sent more than once (a group of choices: its hidden empty entry,
    /// then each one chosen) is one value: the empty text when nothing was
    /// chosen, the one chosen, or several as a JSON array of strings, as
    /// `select_multiple` stores them.
    var values: [(key: String, value: String?)] = []

    /// The pairs of `bytes`, percent-decoded (`+` is a space). The reader
    /// has already bounded `bytes` by the server's body limit.
    init(bytes: some Collection<UInt8>) {
        var sent: [(key: String, value: String?)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decoded(parts[1]) : ""
            if name.hasPrefix(Self.fieldPrefix) {
                sent.append((String(name.dropFirst(Self.fieldPrefix.count)), value))
            } else if name == "page" {
                page = value
            } else if name == "action" {
                submits = value == "submit"
            } else if name == InstanceCounts.name {
                instances = value
            } else if name == Self.addName, let value, !value.isEmpty {
                repeatAction = .add(repeat: value)
            } else if name == Self.removeName, let value, !value.isEmpty {
                repeatAction = .remove(instance: value)
            }
        }
        values = Self.combined(sent)
    }

    /// The posted values that would change `fields` (the form as the
    /// page showed it), as the text to store (`FieldControlHTML.storedText`):
    /// a value left as it was is not written again, so that another
    /// browser's change to it stands. A value that is not UTF-8 (nil) and
    /// a key no field has are kept, to be refused by name.
    func changes(from fields: [Field]) -> [(key: String, value: String?)] {
        var byKey: [String: Field] = [:]
        for field in fields { byKey[field.key] = field }
        return values.compactMap { key, value in
            guard let value, let field = byKey[key] else { return (key, value) }
            let text = FieldControlHTML.storedText(posted: value, for: field)
            return text.isScalarEqual(to: field.value) ? nil : (key, text)
        }
    }

    /// One value per key, in the order keys were first sent (see `values`).
    static func combined(_ sent: [(key: String, value: String?)]) -> [(key: String, value: String?)] {
        var order: [String] = []
        var byKey: [String: [String?]] = [:]
        for (key, value) in sent {
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(value)
        }
        return order.map { key in
            let given = byKey[key] ?? []
            guard given.count > 1 else { return (key, given.first ?? "") }
            if given.contains(where: { $0 == nil }) { return (key, nil) }
            let chosen = given.compactMap { $0 }.filter { !$0.isEmpty }
            return (key, chosen.count <= 1 ? chosen.first ?? "" : SelectionValue.encode(chosen))
        }
    }

    /// `bytes` with `+` as a space and `%XX` as that byte, as UTF-8 text;
    /// nil when the bytes are not UTF-8. A `%` not followed by two hex
    /// digits stays as it is.
    static func decoded(_ bytes: some Collection<UInt8>) -> String? {
        String(validating: PercentDecoding.decoded(bytes, plusIsSpace: true), as: UTF8.self)
    }
}
