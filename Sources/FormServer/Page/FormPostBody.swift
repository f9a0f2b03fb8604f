/// The body of the page's plain form post (`application/x-www-form-
/// urlencoded`, what a browser without script sends): the page shown, the
/// button pressed, and each field's value under `field:KEY`.
struct FormPostBody: Sendable {
    /// The name prefix of the fields' inputs: `field:first`. A prefix keeps
    /// a field called `page` or `action` apart from the form's own names.
    static let fieldPrefix = "field:"

    /// The page the form was on (`page`).
    var page: String?
    /// Whether Submit was pressed (`action=submit`; Save sends `action=save`).
    var submits = false
    /// Each field's value in the order sent; nil for a value that is not
    /// UTF-8 text once decoded (refused, as the CLI refuses it).
    var values: [(key: String, value: String?)] = []

    /// The pairs of `bytes`, percent-decoded (`+` is a space). The reader
    /// has already bounded `bytes` by the server's body limit.
    init(bytes: some Collection<UInt8>) {
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decoded(parts[1]) : ""
            if name.hasPrefix(Self.fieldPrefix) {
                values.append((String(name.dropFirst(Self.fieldPrefix.count)), value))
            } else if name == "page" {
                page = value
            } else if name == "action" {
                submits = value == "submit"
            }
        }
    }

    /// `bytes` with `+` as a space and `%XX` as that byte, as UTF-8 text;
    /// nil when the bytes are not UTF-8. A `%` not followed by two hex
    /// digits stays as it is.
    static func decoded(_ bytes: some Collection<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index != bytes.endIndex,
                      let high = hexValue(bytes[index]),
                      bytes.index(after: index) != bytes.endIndex,
                      let low = hexValue(bytes[bytes.index(after: index)]) {
                out.append(high << 4 | low)
                index = bytes.index(index, offsetBy: 2)
            } else {
                out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
