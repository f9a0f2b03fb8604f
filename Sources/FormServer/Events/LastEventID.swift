/// A `Last-Event-ID` header, which an `EventSource` sends when it
/// reconnects: one of the ids this server sends (a number from 1, in
/// decimal digits), or anything else: a negative or absurd number, text,
/// another server's id. Anything else is answered as an id whose events
/// are not kept, with one refresh (docs/serve.md), never refused: an
/// `EventSource` refused gives up for good.
enum LastEventID: Equatable, Sendable {
    /// An id as this server writes them (0 included: the id before the first).
    case id(Int)
    /// A value no id of this server's could be.
    case notOurs

    /// The header's value, white space around it ignored. Only ASCII digits
    /// make an id, up to 18 of them (no `Int` overflow): no sign, no `+`.
    init(_ value: String) {
        let digits = value.utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        guard (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
              let id = Int(String(decoding: digits, as: UTF8.self)) else {
            self = .notOurs
            return
        }
        self = .id(id)
    }
}
