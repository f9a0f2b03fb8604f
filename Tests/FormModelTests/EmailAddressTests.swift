import FormModel
import Testing

@Suite("Email addresses (RFC 5321 Mailbox)")
struct EmailAddressTests {
    @Test(arguments: [
        "ada@example.com", "a@b.co", "ada@example", "first.last@example.org", "x@localhost",
        "user+tag@example.com", "!#$%&'*+-/=?^_`{|}~@example.com", "o'neil@example.ie",
        "\"ada lovelace\"@example.com", "\"a@b\"@example.com", "\"dots..inside\"@example.com", "\"\\\"quoted\\\\\"@example.com",
        "\"\"@example.com", "ada@[192.168.0.1]", "ada@[255.255.255.255]", "ada@[IPv6:2001:db8::1]",
        "ada@[IPv6:2001:db8:0:0:0:0:0:1]", "ada@[IPv6:::1]", "ada@[IPv6:::ffff:192.0.2.1]", "ada@[IPv6:1:2:3:4:5:6:1.2.3.4]",
        "ada@a-b.example", "ada@123.example", "ada@xn--bcher-kva.example",
    ])
    func valid(address: String) {
        #expect(EmailAddress.isMailbox(address), "\(address)")
        #expect(Validator.state(of: address, rules: FieldRules(email: true)) == .valid)
    }

    @Test(arguments: [
        "ada", "ada@", "@example.com", "ada@@example.com", "a@b@c.com", "ada lovelace@example.com", "ada@exa_mple.com",
        ".ada@example.com", "ada.@example.com", "a..da@example.com", "ada@example..com", "ada@.example.com", "ada@example.com.",
        "ada@-example.com", "ada@example-.com", "ada@example.com, bob@example.com", "ada@example.com bob@example.com",
        "\"unterminated@example.com", "\"a\"b@example.com", "\"tab\there\"@example.com", "\"\\é\"@example.com",
        "ada@[256.1.1.1]", "ada@[1.2.3]", "ada@[1.2.3.4", "ada@[IPv6:1::2::3]", "ada@[IPv6:1:2:3:4:5:6:7]",
        "ada@[IPv6:1:2:3:4:5:6:7:8:9]", "ada@[IPv6:1:2:3:4::5:6:7]", "ada@[IPv6:12345::1]", "ada@[v6:1::1]", "ada@[1.2.3.4]x",
        "ådä@example.com", "ada@exämple.com", "<ada@example.com>", "ada@example.com\n",
    ])
    func invalid(address: String) {
        #expect(!EmailAddress.isMailbox(address), "\(address)")
        #expect(Validator.state(of: address, rules: FieldRules(email: true)) == .invalid)
    }

    @Test("lengths: a local part of 64 octets, a label of 63, a whole address of 254")
    func lengths() {
        #expect(!EmailAddress.isMailbox(""))
        let local64 = String(repeating: "a", count: 64), label63 = String(repeating: "b", count: 63)
        #expect(EmailAddress.isMailbox("\(local64)@example.com"))
        #expect(!EmailAddress.isMailbox("\(local64)a@example.com"))
        #expect(EmailAddress.isMailbox("ada@\(label63).com"))
        #expect(!EmailAddress.isMailbox("ada@\(label63)b.com"))
        // 64 + 1 + 63 + 1 + 63 + 1 + 61 = 254 octets.
        let longest = "\(local64)@\(label63).\(label63).\(String(repeating: "c", count: 61))"
        #expect(longest.utf8.count == 254 && EmailAddress.isMailbox(longest))
        #expect(!EmailAddress.isMailbox(longest + "c"))
    }
}
