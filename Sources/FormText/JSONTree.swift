/// formctl's one JSON tree: a JSON document built in memory and written as
/// deterministic, pretty text (two spaces per level, `"key": value`), for
/// what is printed whole rather than streamed: `render --format json` and
/// the JSON Schema that `export --format json-schema` writes. Not
/// `JSONEncoder`, which either sorts keys or promises no order, and whose
/// number formatting and escaping differ between Foundation versions.
///
/// Object members keep the order given (a schema reads in its own order);
/// `sortedObject(_:)` sorts them by Unicode scalars instead. Numbers are
/// their literal digits, so that nothing goes through binary floating
/// point on the way out. Strings are written by `JSONString`.
public indirect enum JSONTree: Hashable, Sendable {
    case null
    case boolean(Bool)
    /// A number as its JSON literal (`12`, `-0.25`), written as given.
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([(String, JSONTree)])

    /// An integer.
    public static func integer(_ value: Int) -> JSONTree { .number(String(value)) }

    /// An object of `members`, written with their keys sorted by Unicode
    /// scalar values.
    public static func sortedObject(_ members: [String: JSONTree]) -> JSONTree {
        .object(members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }.map { ($0.key, $0.value) })
    }

    public static func == (lhs: JSONTree, rhs: JSONTree) -> Bool { lhs.text() == rhs.text() }
    public func hash(into hasher: inout Hasher) { hasher.combine(text()) }

    /// The value as JSON, no newline at the end. With `inlineShortLists`,
    /// an array of only strings, numbers and nulls that fits in 100
    /// characters stays on one line (a schema's `required`, an `enum`).
    public func text(inlineShortLists: Bool = false) -> String {
        var out: [UInt8] = []
        write(to: &out, indent: 0, inlineShortLists: inlineShortLists)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value as JSON to `out`, its nested lines indented
    /// `indent` levels.
    public func write(to out: inout [UInt8], indent: Int, inlineShortLists: Bool = false) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .boolean(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let digits): out.append(contentsOf: digits.utf8)
        case .string(let text): JSONString.append(text, to: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            if inlineShortLists, let line = Self.inline(items) {
                out.append(contentsOf: line)
                return
            }
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(to: &out, indent: indent + 1)
                item.write(to: &out, indent: indent + 1, inlineShortLists: inlineShortLists)
            }
            Self.newline(to: &out, indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(to: &out, indent: indent + 1)
                JSONString.append(member.0, to: &out)
                out.append(contentsOf: ": ".utf8)
                member.1.write(to: &out, indent: indent + 1, inlineShortLists: inlineShortLists)
            }
            Self.newline(to: &out, indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `items` on one line (`["a", 1, null]`) when each is a string, a
    /// number or null and the line is at most 100 characters; else nil.
    private static func inline(_ items: [JSONTree]) -> [UInt8]? {
        var line: [UInt8] = [UInt8(ascii: "[")]
        for (position, item) in items.enumerated() {
            switch item {
            case .string, .number, .null: break
            default: return nil
            }
            if position > 0 { line.append(contentsOf: ", ".utf8) }
            item.write(to: &line, indent: 0)
        }
        line.append(UInt8(ascii: "]"))
        // Counted in characters, as a reader sees the line.
        return String(decoding: line, as: UTF8.self).count <= 100 ? line : nil
    }

    private static func newline(to out: inout [UInt8], indent: Int) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { out.append(contentsOf: "  ".utf8) }
    }
}
