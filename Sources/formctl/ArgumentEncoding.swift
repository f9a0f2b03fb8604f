import Foundation

/// Swift decodes command-line arguments with repair: invalid UTF-8 turns
/// into U+FFFD without a word, so a value would be stored changed. The raw
/// arguments are checked first, and such a value is refused instead.
enum ArgumentEncoding {
    /// A message naming the first argument that is not valid UTF-8, or nil.
    static func problem() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil {
                let shown = bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
                return "argument \(index) (\(shown)) is not valid UTF-8; formctl stores text, so convert it first (for example with iconv)"
            }
        }
        return nil
    }
}
