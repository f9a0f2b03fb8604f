@testable import FormServer
import Testing

/// `Last-Event-ID` values (`LastEventID`): whatever a client sends is an
/// id of ours or not, never a trap; the stream's side is in
/// `EventStreamTests` and `APIContractTests`.
@Suite struct LastEventIDTests {
    @Test("Last-Event-ID: digits are an id; a sign, text, over 18 digits or nothing is not one of ours")
    func lastEventID() {
        #expect(LastEventID("42") == .id(42))
        #expect(LastEventID(" 7 ") == .id(7))
        #expect(LastEventID("0") == .id(0))
        for value in ["-133328632951520", "+5", "abc", "", " ", "1e3", "0x10", "9999999999999999999", "99999999999999999999999999", "٣"] {
            #expect(LastEventID(value) == .notOurs, "\(value)")
        }
    }
}
