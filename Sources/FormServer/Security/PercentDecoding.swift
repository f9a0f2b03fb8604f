/// The one percent-decoder of formctl (RFC 3986, section 2.1): the token
/// in a cookie (`TokenCheck`) and the fields of a posted form
/// (`FormPostBody`) are decoded here, so that both read `%XX` by the same
/// rule and neither keeps a hex-digit table of its own.
///
/// Lenient, as browsers are: a `%` not followed by two hexadecimal digits
/// is kept as it is, never refused and never a trap.
enum PercentDecoding {
    /// `bytes` with each `%XX` as the byte it names; with `plusIsSpace`
    /// (a form body, `application/x-www-form-urlencoded`), `+` as a space.
    static func decoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if plusIsSpace, byte == UInt8(ascii: "+") {
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
        return out
    }

    /// The value of one hexadecimal digit, either case; nil for any other byte.
    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
