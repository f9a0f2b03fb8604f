import FormKit
import Foundation
import Testing

/// Tests that run Python's `jsonschema` (JSONSchemaTestSupport), left out
/// of the quick loop with the other slow suites (the README's development
/// notes); the same tag and trait as EndToEndTests' (Support/Tags.swift).
extension Tag {
    @Tag static var jsonSchemaOracle: Self
}

extension Trait where Self == ConditionTrait {
    /// Skipped when `FORMCTL_QUICK=1`: left out of the quick loop.
    static var slow: Self {
        .disabled(if: ProcessInfo.processInfo.environment["FORMCTL_QUICK"] == "1",
                  "a slow suite, left out of the quick loop (FORMCTL_QUICK=1)")
    }
}

/// A temporary folder with a form database path in it, removed when the
/// value goes.
final class TemporaryForm {
    let folder: URL
    let form: StoredForm

    init(createsMissingFile: Bool = true) throws {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("formkit-tests.XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        folder = URL(fileURLWithPath: String(cString: created), isDirectory: true)
        form = StoredForm(path: folder.appendingPathComponent("form.db").path, createsMissingFile: createsMissingFile)
    }

    deinit {
        chmod(folder.path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The error `body` throws, or nil.
func error(of body: () throws(FormKitError) -> Void) -> FormKitError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// A small deterministic generator (SplitMix64), so that a failing case
/// can be run again: the random forms, texts and values files of
/// FormKitTests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    /// Starts right at `state`.
    init(state: UInt64) {
        self.state = state
    }

    /// Starts from a seed spread over the state's bits.
    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
