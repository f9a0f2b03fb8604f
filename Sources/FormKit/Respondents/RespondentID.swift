/// A respondent of a form collected through one link (`formctl serve
/// --collect`): 128 random bits, which the respondent's browser keeps in
/// a cookie as 22 base64url characters. The database holds only the
/// id's SHA-256 (`hash`), so whoever reads the file cannot act as a
/// respondent, and an id cannot be guessed from it.
public struct RespondentID: Hashable, Sendable {
    /// The id's 16 bytes.
    public let bytes: [UInt8]

    /// A new id from the system's random generator.
    public static func generate() -> RespondentID {
        var generator = SystemRandomNumberGenerator()
        return RespondentID(uncheckedBytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The id `text` (base64url, 22 characters, no padding) names; nil for
    /// any other text, so that a cookie that is not one of ours is no id.
    public init?(base64url text: some StringProtocol) {
        let characters = Array(text.utf8)
        guard characters.count == 22 else { return nil }
        var bits: UInt64 = 0, count = 0
        var bytes: [UInt8] = []
        for character in characters {
            guard let value = Self.value(of: character) else { return nil }
            bits = (bits << 6) | UInt64(value)
            count += 6
            if count >= 8 {
                count -= 8
                bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(count)))
                bits &= (1 << UInt64(count)) - 1
            }
        }
        // 22 characters carry 132 bits: the last 4 must be zero, else two
        // texts would name one id.
        guard bytes.count == 16, bits == 0 else { return nil }
        self.bytes = bytes
    }

    private init(uncheckedBytes: [UInt8]) {
        bytes = uncheckedBytes
    }

    /// The id as the cookie carries it.
    public var base64url: String {
        var text: [UInt8] = []
        var bits: UInt32 = 0, count = 0
        for byte in bytes {
            bits = (bits << 8) | UInt32(byte)
            count += 8
            while count >= 6 {
                count -= 6
                text.append(Self.alphabet[Int((bits >> UInt32(count)) & 63)])
            }
        }
        if count > 0 { text.append(Self.alphabet[Int((bits << UInt32(6 - count)) & 63)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The id's SHA-256 as 64 lowercase hexadecimal digits: what the
    /// database stores (`response.respondent`).
    public var hash: String { SHA256.hexDigest(bytes) }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
