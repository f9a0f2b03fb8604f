import Foundation

/// The JSON formctl prints: keys sorted, slashes unescaped, one trailing
/// newline, so that output is stable from run to run.
public enum JSONText {
    /// `value` as JSON text ending in a newline.
    public static func encode<T: Encodable>(_ value: T) throws(FormKitError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            throw .internalError("cannot encode JSON: \(error)")
        }
    }
}
