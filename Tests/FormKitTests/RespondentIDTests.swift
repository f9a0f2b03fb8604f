@testable import FormKit
import Testing

/// A respondent's id (`serve --collect`): the SHA-256 the database stores,
/// and the cookie's base64url, which names exactly one id.
@Suite struct RespondentIDTests {
    @Test("SHA-256 gives FIPS 180-4's digests, across block boundaries too")
    func sha256() {
        #expect(SHA256.hexDigest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest(Array(repeating: UInt8(ascii: "a"), count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("an id's base64url reads back as the id; other texts (a bit too many, a wrong length or letter) name none")
    func base64url() throws {
        for _ in 0..<200 {
            let id = RespondentID.generate()
            #expect(id.base64url.count == 22)
            #expect(RespondentID(base64url: id.base64url) == id)
            #expect(id.hash.count == 64 && id.hash.allSatisfy(\.isHexDigit))
        }
        let zero = try #require(RespondentID(base64url: "AAAAAAAAAAAAAAAAAAAAAA"))
        #expect(zero.bytes == Array(repeating: 0, count: 16))
        // The last character carries 2 bits of the id and 4 that must be 0.
        #expect(RespondentID(base64url: "AAAAAAAAAAAAAAAAAAAAAB") == nil)
        for text in ["", "AAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAA=", "AAAAAAAAAAAAAAAAAAAA+A", "AAAAAAAAAAAAAAAAAAAAé"] {
            #expect(RespondentID(base64url: text) == nil, "\(text)")
        }
    }
}
