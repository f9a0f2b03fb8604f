import CPCRE2

/// A rule's pattern, compiled by PCRE2 and matched against the whole value
/// with a bounded amount of work.
///
/// Swift's `Regex` backtracks without any limit: a pattern such as
/// `(a?){30}a{30}` or `.*.*.*.*=.*` takes minutes on a short value, and no
/// check of the pattern's shape catches every such pattern. PCRE2 counts its
/// work instead: a match that needs more than ``matchLimit`` steps, nests
/// backtracking deeper than ``depthLimit`` or needs more than
/// ``heapLimitKiB`` of memory stops with an error, which the validator
/// reports as "pattern too costly for this value". So every pattern may be
/// stored, and every check finishes.
///
/// Patterns are PCRE2 syntax (Perl's), compiled with `PCRE2_UTF` (they and
/// the values are UTF-8), `PCRE2_UCP` (`\d`, `\w`, `\s` and POSIX classes
/// are Unicode-aware, as in Swift's `Regex`), anchored at both ends (the
/// pattern must match the whole value) and `PCRE2_NEVER_BACKSLASH_C` (`\C`
/// could split a character). Unlike Swift's `Regex`, `.` and a character
/// class match one Unicode scalar, not one grapheme cluster: write `\X` for
/// "one character" as formctl counts them.
public final class RulePattern: @unchecked Sendable {
    // @unchecked: PCRE2's compiled code and match context are read-only
    // after creation and may be shared by threads; each match has its own
    // match data.

    /// The pattern as given.
    public let source: String
    private let code: OpaquePointer
    private let context: OpaquePointer

    /// At most this many backtracking steps per match (PCRE2's own default
    /// is 10,000,000, which takes seconds on this project's machine). A
    /// million keeps the slowest check of any pattern to about a tenth of a
    /// second, and is far more than an ordinary pattern needs even against
    /// a megabyte (a repetition of one item does not backtrack step by step).
    public static let matchLimit: UInt32 = 1_000_000
    /// At most this many nested backtracking points.
    public static let depthLimit: UInt32 = 100_000
    /// At most this much memory (KiB) for backtracking frames: 64 MiB.
    public static let heapLimitKiB: UInt32 = 64 * 1024

    /// Why a pattern does not compile: PCRE2's message and where (in UTF-8
    /// bytes from the pattern's start) it noticed.
    public struct CompileError: Error, Sendable, Equatable, CustomStringConvertible {
        /// PCRE2's message, e.g. "missing closing parenthesis".
        public var message: String
        /// The offset in the pattern's UTF-8 bytes where compiling stopped.
        public var offset: Int
        /// An error as PCRE2 reports it.
        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
        /// `missing closing parenthesis at offset 1`.
        public var description: String { "\(message) at offset \(offset)" }
    }

    /// The result of matching a value.
    public enum Outcome: Sendable, Equatable {
        /// The pattern matches the whole value.
        case matches
        /// It does not.
        case doesNotMatch
        /// The match stopped at a limit (or PCRE2 could not run it): the
        /// value is neither known to match nor known not to.
        case notChecked(reason: String)
    }

    /// The reason given when a match reaches one of the limits.
    public static let tooCostlyReason = "pattern too costly for this value"

    /// Compiles `pattern`; throws PCRE2's error and its offset when it is
    /// not a valid PCRE2 pattern.
    public init(_ pattern: String) throws(CompileError) {
        let options = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_ANCHORED)
            | UInt32(PCRE2_ENDANCHORED) | UInt32(PCRE2_NEVER_BACKSLASH_C)
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8)
        let compiled: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            // A non-null pointer even for an empty pattern (length 0).
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { fallback in
                pcre2_compile_8(buffer.baseAddress ?? fallback, buffer.count, options, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw CompileError(message: Self.message(for: errorCode), offset: errorOffset)
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw CompileError(message: "out of memory", offset: 0)
        }
        pcre2_set_match_limit_8(context, Self.matchLimit)
        pcre2_set_depth_limit_8(context, Self.depthLimit)
        pcre2_set_heap_limit_8(context, Self.heapLimitKiB)
        source = pattern
        code = compiled
        self.context = context
    }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
    }

    /// Whether the pattern matches the whole of `value`, within the limits.
    public func match(_ value: String) -> Outcome {
        guard let matchData = pcre2_match_data_create_8(1, nil) else {
            return .notChecked(reason: Self.tooCostlyReason)
        }
        defer { pcre2_match_data_free_8(matchData) }
        var value = value
        let result: Int32 = value.withUTF8 { buffer in
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { fallback in
                // A Swift string is valid UTF-8: skip PCRE2's linear check.
                pcre2_match_8(code, buffer.baseAddress ?? fallback, buffer.count, 0,
                              UInt32(PCRE2_NO_UTF_CHECK), matchData, context)
            }
        }
        switch result {
        case 0...: return .matches
        case PCRE2_ERROR_NOMATCH: return .doesNotMatch
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_NOMEMORY:
            return .notChecked(reason: Self.tooCostlyReason)
        default:
            return .notChecked(reason: "the pattern could not be checked: \(Self.message(for: result))")
        }
    }

    /// Whether `pattern` compiles; the error when it does not.
    public static func compileError(in pattern: String) -> CompileError? {
        do {
            _ = try RulePattern.cached(pattern)
            return nil
        } catch {
            return error
        }
    }

    private static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(code, $0.baseAddress, $0.count) }
        guard length > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
    }
}
