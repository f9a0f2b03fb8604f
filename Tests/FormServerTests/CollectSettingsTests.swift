@testable import FormServer
import Testing

/// `--draft-ttl`'s durations and the paths respondents reach without the
/// token in `--collect` mode.
@Suite struct CollectSettingsTests {
    @Test("--draft-ttl takes a whole number and d, h, m or s, up to ten years; anything else is no TTL")
    func draftTTL() {
        #expect(DraftTTL("30d")?.seconds == 2_592_000)
        #expect(DraftTTL("12h")?.seconds == 43_200)
        #expect(DraftTTL("15m")?.seconds == 900)
        #expect(DraftTTL("90s")?.seconds == 90)
        #expect(DraftTTL.defaultTTL.seconds == 2_592_000 && DraftTTL.defaultTTL.description == "30d")
        for text in ["", "d", "30", "30x", "0s", "-1d", "+1d", "1.5h", "3650d1", "3651d", "99999999999999999999d", "9223372036854775807s", " 1d"] {
            #expect(DraftTTL(text) == nil, "\(text)")
        }
    }

    @Test("the sweep runs at least once a minute, every 15 s, sooner for a short TTL")
    func sweepInterval() {
        #expect(CollectSettings().sweepInterval == .seconds(15))
        #expect(CollectSettings(draftTTL: DraftTTL("2s") ?? .defaultTTL).sweepInterval == .seconds(1))
    }
}
