/// RFC 5321's `Mailbox`, exactly as `EmailAddress.isMailbox` accepts it,
/// as an ECMA-262 `pattern`: what `export --format json-schema` writes
/// beside `format: email`, because validators check that format loosely
/// (Python's `jsonschema` asks only for an `@`).
///
/// Only constructs that ECMA-262 (with or without `u`) and Python's `re`
/// read alike: ASCII classes, fixed-width lookbehind, and `(?![\s\S])` for
/// the end (Python's `$` also matches before a final newline).
enum MailboxPattern {
    /// The pattern, anchored at both ends.
    static let ecma: String = {
        let atext = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~]"
        let dotString = "\(atext)+(?:\\.\(atext)+)*"
        // qtextSMTP (printable ASCII but `"` and `\`) or a quoted pair.
        let quotedString = "\"(?:[ !#-\\[\\]-~]|\\\\[ -~])*\""
        let label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
        let domain = "\(label)(?:\\.\(label))*"
        let octet = "(?:25[0-5]|2[0-4][0-9]|[01][0-9][0-9]|[0-9][0-9]?)"
        let ipv4 = "\(octet)(?:\\.\(octet)){3}"
        let group = "[0-9A-Fa-f]{1,4}"
        // IPv6-full: eight groups, or six and an IPv4 address; IPv6-comp:
        // one `::` with at most six groups around it (an IPv4 address at
        // the end counting two).
        var ipv6 = ["(?:\(group):){7}\(group)", "(?:\(group):){6}\(ipv4)"]
        for left in 0...6 {
            let before = left == 0 ? "" : left == 1 ? group : "\(group)(?::\(group)){\(left - 1)}"
            let room = 6 - left
            var after = [""]
            if room >= 1 { after.append("(?:\(group):){0,\(room - 1)}\(group)") }
            if room >= 2 { after.append("(?:\(group):){0,\(room - 2)}\(ipv4)") }
            ipv6.append(before + "::(?:" + after.joined(separator: "|") + ")")
        }
        let literal = "\\[(?:\(ipv4)|IPv6:(?:\(ipv6.joined(separator: "|"))))\\]"
        // At most 254 octets in all (ASCII: one character each), and a
        // local part of at most 64: the `@` is not preceded by 65 characters.
        return "^(?![\\s\\S]{255})(?:\(dotString)|\(quotedString))(?<![\\s\\S]{65})@(?:\(domain)|\(literal))(?![\\s\\S])"
    }()
}
