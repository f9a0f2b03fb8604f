import Foundation

/// Links to the page: `/?page=KEY`, with query values percent-encoded.
enum PageLink {
    /// `/?page=KEY` (and `#fragment`), the key percent-encoded; the caller
    /// HTML-escapes it where it writes it.
    /// `base` is the page's own path (`/`, or `/owner` in collect mode).
    static func href(page key: String, fragment: String? = nil, base: String = "/") -> String {
        base + "?page=" + queryValue(key) + (fragment.map { "#" + $0 } ?? "")
    }

    /// `text` percent-encoded for a URL's query: everything but the
    /// unreserved characters.
    static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
