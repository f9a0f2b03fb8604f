/// Writes text into XML (element content and attribute values alike).
///
/// The five markup characters are escaped (`&amp; &lt; &gt; &quot;
/// &apos;`), and characters that XML 1.0 forbids even as references are
/// dropped: C0 controls other than tab and newline (carriage return goes
/// too, as a parser would turn it into a newline anyway) and the
/// non-characters U+FFFE and U+FFFF. Lone surrogates cannot occur in a
/// Swift `String`.
enum XMLText {
    static func append(_ text: String, to buffer: inout ByteBuffer) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: buffer.append("&amp;")
            case 0x3C: buffer.append("&lt;")
            case 0x3E: buffer.append("&gt;")
            case 0x22: buffer.append("&quot;")
            case 0x27: buffer.append("&apos;")
            case 0x09, 0x0A: buffer.append(UInt8(scalar.value))
            case 0..<0x20, 0xFFFE, 0xFFFF: continue
            default: Unicode.UTF8.encode(scalar) { buffer.append($0) }
            }
        }
    }

    static func escaped(_ text: String) -> String {
        var buffer = ByteBuffer()
        append(text, to: &buffer)
        return buffer.string
    }
}
