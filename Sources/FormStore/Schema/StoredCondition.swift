import FormModel
import Foundation
import FormText

/// A `show_if` condition of the kinds 0008 adds, as the JSON text of the
/// `field.show_if` column: a form file's `show_if` with every value as a
/// string (`{"field":"age","at_least":"18"}`, `{"all":[…]}`, `{"not":{…}}`).
/// The two kinds of 0004 (`equals`, `filled`) stay in the `show_if_*`
/// columns, where `sqlite3` users already read them.
enum StoredCondition {
    /// The JSON text of `condition`.
    static func text(of condition: ShowCondition) -> String {
        switch condition {
        case .equals(let field, let value): leaf(field, "equals", string(value))
        case .filled(let field): leaf(field, "filled", "true")
        case .isIn(let field, let values): leaf(field, "in", "[" + values.map(string).joined(separator: ",") + "]")
        case .includes(let field, let value): leaf(field, "includes", string(value))
        case .atLeast(let field, let value): leaf(field, "at_least", string(value))
        case .atMost(let field, let value): leaf(field, "at_most", string(value))
        case .all(let parts): "{\"all\":[" + parts.map(text(of:)).joined(separator: ",") + "]}"
        case .any(let parts): "{\"any\":[" + parts.map(text(of:)).joined(separator: ",") + "]}"
        case .not(let part): "{\"not\":" + text(of: part) + "}"
        }
    }

    private static func leaf(_ field: String, _ test: String, _ value: String) -> String {
        "{\"field\":" + string(field) + ",\"" + test + "\":" + value + "}"
    }

    private static func string(_ text: String) -> String {
        JSONString.literal(text, style: .unicodeEscapes)
    }

    /// The condition `text` spells, or nil when it is not one (written by
    /// hand in `sqlite3`): the caller reports the column as unusable.
    static func condition(from text: String) -> ShowCondition? {
        guard let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data, options: []) else { return nil }
        return condition(object, depth: 0)
    }

    /// Deeper than this is not a condition formctl wrote (form files allow
    /// 32): refused rather than followed down the call stack.
    private static let deepest = 32

    private static func condition(_ object: Any, depth: Int) -> ShowCondition? {
        guard depth < deepest, let object = object as? [String: Any], object.count <= 2 else { return nil }
        func parts(_ value: Any?) -> [ShowCondition]? {
            guard let list = value as? [Any], !list.isEmpty else { return nil }
            let conditions = list.compactMap { condition($0, depth: depth + 1) }
            return conditions.count == list.count ? conditions : nil
        }
        if object.count == 1 {
            if let all = object["all"] { return parts(all).map(ShowCondition.all) }
            if let any = object["any"] { return parts(any).map(ShowCondition.any) }
            if let not = object["not"] { return condition(not, depth: depth + 1).map(ShowCondition.not) }
            return nil
        }
        guard let field = object["field"] as? String else { return nil }
        if let value = object["equals"] as? String { return .equals(field: field, value: value) }
        if let filled = object["filled"] as? Bool, filled { return .filled(field: field) }
        if let values = object["in"] as? [Any] {
            let texts = values.compactMap { $0 as? String }
            return texts.count == values.count && !texts.isEmpty ? .isIn(field: field, values: texts) : nil
        }
        if let value = object["includes"] as? String { return .includes(field: field, value: value) }
        if let value = object["at_least"] as? String { return .atLeast(field: field, value: value) }
        if let value = object["at_most"] as? String { return .atMost(field: field, value: value) }
        return nil
    }
}
