/// Tokens for `formctl serve --generate-token`.
public enum ServerToken {
    /// 32 random bytes from the system's generator, as 64 hexadecimal
    /// digits: safe in a URL, a cookie and a header as it is.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }.joined()
    }
}
