/// A JSON document written byte for byte by this module rather than by
/// `JSONSerialization`/`JSONEncoder`, whose number formatting, slash
/// escaping and spacing differ between Foundation versions and platforms:
/// the output must be deterministic everywhere.
///
/// Objects are written with their keys sorted (by Unicode scalar values),
/// two-space indentation and `"key": value`.
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The document, pretty printed, ending with a newline.
    var prettyPrinted: String {
        var buffer = ByteBuffer(reservingCapacity: 4096)
        write(to: &buffer, indent: 0)
        buffer.append(UInt8(ascii: "\n"))
        return buffer.string
    }

    private func write(to buffer: inout ByteBuffer, indent: Int) {
        switch self {
        case .null:
            buffer.append("null")
        case .bool(let value):
            buffer.append(value ? "true" : "false")
        case .number(let value):
            CompactNumber.append(value, to: &buffer)
        case .string(let value):
            Self.write(string: value, to: &buffer)
        case .array(let elements):
            guard !elements.isEmpty else {
                buffer.append("[]")
                return
            }
            buffer.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                Self.newline(to: &buffer, indent: indent + 1)
                element.write(to: &buffer, indent: indent + 1)
            }
            Self.newline(to: &buffer, indent: indent)
            buffer.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                buffer.append("{}")
                return
            }
            buffer.append(UInt8(ascii: "{"))
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (position, key) in keys.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                Self.newline(to: &buffer, indent: indent + 1)
                Self.write(string: key, to: &buffer)
                buffer.append(": ")
                members[key]!.write(to: &buffer, indent: indent + 1)
            }
            Self.newline(to: &buffer, indent: indent)
            buffer.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(to buffer: inout ByteBuffer, indent: Int) {
        buffer.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { buffer.append("  ") }
    }

    /// A JSON string literal, as formctl's one JSON string writer
    /// (`JSONString`) spells it.
    private static func write(string: String, to buffer: inout ByteBuffer) {
        buffer.appendJSONString(string)
    }
}
