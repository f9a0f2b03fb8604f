import Foundation
import Testing

/// The slow suites, by what makes them slow. Each carries its tag and
/// `.slow`, which leaves it out of the README's quick loop
/// (`FORMCTL_QUICK=1 swift test`); `.ci/run` and `Scripts/stress-tests.sh`
/// run them all. (The toolchain's `swift test` cannot filter by tag, hence
/// the variable.)
extension Tag {
    /// Many formctl processes at once with a core kept busy: the 16 × 100
    /// writers, concurrent creation, submit under load.
    @Tag static var reliability: Self
    /// formctl killed with SIGKILL at random moments, round after round.
    @Tag static var sigkill: Self
    /// Headless Chromium driven by Selenium (`Tests/Browser`).
    @Tag static var browser: Self
    /// `formctl edit` and `minimap --watch` in a real terminal (tmux).
    @Tag static var terminal: Self
    /// Python's `jsonschema`, the oracle the JSON Schema tests check against.
    @Tag static var jsonSchemaOracle: Self
    /// Damaged copies of a file made round after round, each tried with
    /// formctl: random bits flipped in the schema's pages.
    @Tag static var bitFlips: Self
}

extension Trait where Self == ConditionTrait {
    /// Skipped when `FORMCTL_QUICK=1`: a slow suite, left out of the quick
    /// loop.
    static var slow: Self {
        .disabled(if: ProcessInfo.processInfo.environment["FORMCTL_QUICK"] == "1",
                  "a slow suite, left out of the quick loop (FORMCTL_QUICK=1)")
    }
}
