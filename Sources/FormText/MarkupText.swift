/// The one escaper of text written into markup: HTML (element content and
/// attribute values in either quote), XML, and SVG inline in HTML or on
/// its own. The page's templates (FormServer's `PageTemplates`) and the
/// SVG renderers (FormRender) both write through it, so that a label reads the
/// same in the page and in a chart, and a rule fixed here is fixed for all.
///
/// The five characters that can end text or an attribute value, or start
/// markup, are replaced by references valid in HTML 4, HTML 5 and XML
/// alike: `&amp; &lt; &gt; &quot; &#39;` (`&apos;` is not HTML 4). It
/// works on Unicode scalars, not `Character`s: a quote or `<` followed by
/// a combining mark is one `Character` that compares equal to neither, and
/// would slip through unescaped (see FormServer's `PageTemplates`).
public enum MarkupText {
    /// The kind of document the text goes into.
    public enum Document: Sendable {
        /// HTML: every scalar but the five is kept, so that a value shown
        /// in the page is posted back as it was.
        case html
        /// XML 1.0 (SVG on its own): the characters XML forbids even as
        /// references are dropped as well, C0 controls other than tab and
        /// newline (carriage return goes too, as a parser would turn it
        /// into a newline anyway) and the non-characters U+FFFE and
        /// U+FFFF, so that the document parses. Lone surrogates cannot
        /// occur in a Swift `String`.
        case xml
    }

    /// Appends `text`, escaped for `document`, as UTF-8 to `out`.
    public static func append(_ text: some StringProtocol, for document: Document, to out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            case 0x09, 0x0A: out.append(UInt8(scalar.value))
            case 0..<0x20, 0xFFFE, 0xFFFF:
                if document == .html { Unicode.UTF8.encode(scalar) { out.append($0) } }
            default: Unicode.UTF8.encode(scalar) { out.append($0) }
            }
        }
    }

    /// `text` escaped for `document`.
    public static func escaped(_ text: some StringProtocol, for document: Document) -> String {
        // Most text has nothing to escape: keep it as it is. (0xEF leads
        // the UTF-8 of U+FFFE and U+FFFF.)
        let xml = document == .xml
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || (xml && ($0 < 0x20 || $0 == 0xEF)) })
        else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        append(text, for: document, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
