/// The email rule: one address as RFC 5321 (section 4.1.2) defines a
/// `Mailbox`, which is what JSON Schema's `format: email` asserts.
///
///     Mailbox        = Local-part "@" ( Domain / address-literal )
///     Local-part     = Dot-string / Quoted-string
///     Dot-string     = Atom *("." Atom)          ; no empty, edge or double dots
///     Quoted-string  = DQUOTE *( qtextSMTP / "\" %d32-126 ) DQUOTE
///     Domain         = sub-domain *("." sub-domain)  ; one label is enough
///     sub-domain     = Let-dig [Ldh-str]         ; no edge hyphens
///     address-literal = "[" ( IPv4 / "IPv6:" IPv6-addr ) "]"
///
/// Lengths (section 4.5.3.1): a local part of at most 64 octets, a label
/// of at most 63 (RFC 1035), and a whole address of at most 254 (a path
/// is at most 256 with its angle brackets). The grammar is ASCII: an
/// address with other characters is RFC 6531's, JSON Schema's `idn-email`,
/// and is not accepted here. General address literals (`[tag:…]`) name no
/// registered tag beyond IPv6 and are refused.
public enum EmailAddress {
    /// Whether `text` is exactly one `Mailbox`.
    public static func isMailbox(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= 254, let at = localPartEnd(bytes), at <= 64, at < bytes.count, bytes[at] == UInt8(ascii: "@") else {
            return false
        }
        let domain = bytes[(at + 1)...]
        if domain.first == UInt8(ascii: "[") { return isAddressLiteral(domain) }
        return isDomain(domain)
    }

    // MARK: Local part

    /// Where the local part at the start of `bytes` ends (the index of the
    /// byte after it), or nil when it does not start with one.
    private static func localPartEnd(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "\"") {
            // Quoted-string: printable ASCII, `\` quoting one printable.
            var index = 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { return index + 1 }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < bytes.count, (32...126).contains(bytes[index + 1]) else { return nil }
                    index += 2
                } else {
                    guard (32...126).contains(byte) else { return nil }
                    index += 1
                }
            }
            return nil
        }
        // Dot-string: atoms of atext separated by single dots.
        var index = 0
        var atomLength = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "@") {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard atomLength > 0 else { return nil }
                atomLength = 0
            } else {
                guard isAtext(byte) else { return nil }
                atomLength += 1
            }
            index += 1
        }
        return atomLength > 0 ? index : nil
    }

    /// RFC 5322's `atext`: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    private static func isAtext(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || "!#$%&'*+-/=?^_`{|}~".utf8.contains(byte)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || isDigit(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    // MARK: Domain

    /// Labels of letters, digits and inner hyphens, 1 to 63 long, joined by
    /// single dots; one label is a domain (`ada@example`).
    private static func isDomain(_ domain: ArraySlice<UInt8>) -> Bool {
        guard !domain.isEmpty else { return false }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count <= 63 else { return false }
            return isLetterOrDigit(first) && isLetterOrDigit(last)
                && label.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// `[1.2.3.4]` or `[IPv6:…]`, and nothing after the bracket.
    private static func isAddressLiteral(_ domain: ArraySlice<UInt8>) -> Bool {
        guard domain.count >= 2, domain.last == UInt8(ascii: "]") else { return false }
        let inside = domain.dropFirst().dropLast()
        let tag = Array("IPv6:".utf8)
        if inside.starts(with: tag) { return isIPv6(inside.dropFirst(tag.count)) }
        return isIPv4(inside)
    }

    /// Four decimal numbers 0–255 of 1 to 3 digits, dot-separated (`Snum`).
    private static func isIPv4(_ text: ArraySlice<UInt8>) -> Bool {
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(isDigit) else { return false }
            return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    /// RFC 5321's `IPv6-addr`: eight groups of 1–4 hex digits
    /// (`IPv6-full`), or at most six with one `::` standing for the rest
    /// (`IPv6-comp`: RFC 5321's `::` stands for at least two groups); in
    /// either, the last two groups may be written as an IPv4 address
    /// (`IPv6v4-full`, `IPv6v4-comp`).
    private static func isIPv6(_ text: ArraySlice<UInt8>) -> Bool {
        guard let split = firstDoubleColon(text) else {
            return groupCount(text, lastMayBeIPv4: true) == 8
        }
        let before = text[..<split.lowerBound], after = text[split.upperBound...]
        guard firstDoubleColon(after) == nil,
              let left = groupCount(before, lastMayBeIPv4: false),
              let right = groupCount(after, lastMayBeIPv4: true) else { return false }
        return left + right <= 6
    }

    private static func firstDoubleColon(_ text: ArraySlice<UInt8>) -> Range<Int>? {
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == UInt8(ascii: ":") && text[index + 1] == UInt8(ascii: ":") { return index..<(index + 2) }
            index += 1
        }
        return nil
    }

    /// How many 16-bit groups the colon-separated `text` spells (0 when
    /// empty): each group 1–4 hex digits, and the last, when allowed, an
    /// IPv4 address worth two; nil when it is not such a list.
    private static func groupCount(_ text: ArraySlice<UInt8>, lastMayBeIPv4: Bool) -> Int? {
        guard !text.isEmpty else { return 0 }
        let parts = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var count = 0
        for (place, part) in parts.enumerated() {
            if lastMayBeIPv4, place == parts.count - 1, part.contains(UInt8(ascii: ".")) {
                guard isIPv4(part) else { return nil }
                count += 2
            } else {
                guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return nil }
                count += 1
            }
        }
        return count
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
