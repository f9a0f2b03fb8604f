@testable import FormServer
import Testing

/// `{"value": …}` bodies (`ValueChange`, `JSONNumberLiteral`): whatever a
/// client sends is read or refused with a reason, never a trap.
@Suite struct ValueChangeBodyTests {
    static func value(_ body: String) throws -> String {
        try ValueChange(json: Array(body.utf8)).value
    }

    @Test("every RFC 8259 number is read: Decimal's plain form when it holds it exactly, else as written")
    func numbers() throws {
        #expect(try Self.value(#"{"value": 34}"#) == "34")
        #expect(try Self.value(#"{"value": 3.4E+1}"#) == "34")
        #expect(try Self.value(#"{"value": -0.50}"#) == "-0.5")
        for written in ["2.2250738585e-313", "5e-324", "-1e400", "1E-130", "123456789012345678901234567890123456789012345", "-0.000000000000000000000000000000000000000001e-200"] {
            #expect(try Self.value(#"{"value": \#(written)}"#) == written, "\(written)")
        }
    }

    @Test("the member is found wherever it stands: after nested values, strings holding braces, an escaped name")
    func findsTheMember() throws {
        let body = #"{"a": {"value": [1, {"x": "}"}]}, "b\"": "value", "valu\u0065": 1e999, "c": [[], {}]}"#
        #expect(JSONNumberLiteral.members("value", in: Array(body.utf8)) == ["1e999"])
        #expect(try Self.value(body) == "1e999")
    }

    @Test("what is not a value is refused, saying why")
    func refusals() {
        for body in [#"{"value": {"a": 1}}"#, #"{"value": [1]}"#, #"{"value": 1, "value": 2}"#, #"{"value": "a", "value": 2}"#, "{", "[]", #"{"other": 1}"#, ""] {
            #expect(throws: (any Error).self, "\(body)") { try Self.value(body) }
        }
    }
}
