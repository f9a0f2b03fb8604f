import FormKit
import Foundation

/// `PUT /api/fields/{key}`'s body, and a respondent's: `{"value": …}`, the
/// value as text (what `formctl set` takes) or of the field's JSON type, as
/// `GET` gives it: a number, `true`/`false`, an array of choice values, or
/// `null` for empty. Whether the value suits the field is the field's type
/// to say (422, with its reason), not the body's: any JSON number is read
/// (RFC 8259 §6), as its text when no Swift number holds it exactly.
struct ValueChange: Sendable {
    /// The value as the text `set` takes.
    let value: String

    /// Reads `bytes`; throws a `DecodingError` for anything but one JSON
    /// object with one member `value` of one of the types above.
    init(json bytes: [UInt8]) throws {
        let read = try JSONDecoder().decode(Body.self, from: Data(bytes))
        // JSONDecoder takes one of a repeated member silently.
        guard let members = JSONNumberLiteral.members("value", in: bytes), members.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [Body.CodingKeys.value], debugDescription: "given more than once"))
        }
        switch read.value {
        case .text(let text):
            value = text
        case .number(let decimal):
            guard let literal = members[0] else {
                throw DecodingError.dataCorrupted(.init(codingPath: [Body.CodingKeys.value], debugDescription: "the number cannot be read"))
            }
            // Decimal keeps up to 38 digits exactly, and writes the number
            // plainly (1E+2 as 100); a number it cannot hold exactly goes
            // as written, for the field's type to read or refuse.
            if let decimal, JSONNumberLiteral.significantDigits(literal) <= 38 {
                value = decimal.description
            } else {
                value = literal
            }
        }
    }

    /// The body as JSONDecoder reads it.
    private struct Body: Decodable {
        let value: Value

        enum CodingKeys: String, CodingKey { case value }
    }

    /// `value` as read: text for `set`, or a number (nil: one `Decimal`
    /// cannot hold).
    private enum Value: Decodable {
        case text(String)
        case number(Decimal?)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .text("")
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .text(flag ? "true" : "false")
            } else if let values = try? container.decode([String].self) {
                self = .text(SelectionValue.encode(values))
            } else {
                do {
                    self = .number(try container.decode(Decimal.self))
                } catch DecodingError.typeMismatch {
                    throw DecodingError.typeMismatch(Value.self, .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "must be text, a number, true or false, an array of strings, or null"))
                } catch {
                    // A number outside Decimal's range (JSONDecoder's own
                    // error, not a DecodingError): its text is read from
                    // the body.
                    self = .number(nil)
                }
            }
        }
    }
}
