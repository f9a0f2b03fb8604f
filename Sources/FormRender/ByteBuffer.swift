import FormText

/// A growing UTF-8 byte buffer that renderers write into and turn into a
/// `String` once at the end: appending to a `String` per pixel or per
/// attribute costs far more than appending bytes to an array.
struct ByteBuffer {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(contentsOf other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a non-negative integer in decimal without going through `String`.
    mutating func append(decimal value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(decimal: -value)
            return
        }
        if value >= 10 { append(decimal: value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Appends `text` as a JSON string literal (`JSONString`).
    mutating func appendJSONString(_ text: String) {
        JSONString.append(text, to: &bytes)
    }

    /// Appends `text` escaped for XML (`MarkupText`): what the SVG
    /// renderers write, on its own or inline in the page's HTML.
    mutating func appendXML(_ text: String) {
        MarkupText.append(text, for: .xml, to: &bytes)
    }

    /// Removes trailing bytes equal to `byte`.
    mutating func trimTrailing(_ byte: UInt8) {
        while bytes.last == byte { bytes.removeLast() }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
