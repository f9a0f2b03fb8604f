import FormKit
import Foundation
import NIOCore
import Hummingbird

/// Reads a request's body within the server's limit and decodes its JSON.
struct RequestBodyReader: Sendable {
    /// The largest body read, in bytes; more is answered 413.
    let limit: Int

    /// The body's bytes; a body over `limit` throws 413 (`bodyTooLarge`).
    func bytes(of request: Request) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(limit: limit)
        }
    }

    /// The body decoded as `T` from JSON; an empty body decodes as `empty`
    /// when given. Anything else that is not `T` is 400 (`malformedJSON`).
    func decode<T: Decodable>(_ type: T.Type, from request: Request, empty: T? = nil) async throws -> T {
        let buffer = try await bytes(of: request)
        if buffer.readableBytes == 0, let empty { return empty }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw APIError.malformedJSON(Self.describe(error))
        }
    }

    /// The body as a `ValueChange` (`{"value": …}`); anything else is 400
    /// (`malformedJSON`), saying why.
    func valueChange(from request: Request) async throws -> ValueChange {
        let buffer = try await bytes(of: request)
        do {
            return try ValueChange(json: Array(buffer.readableBytesView))
        } catch {
            throw APIError.malformedJSON(Self.describe(error))
        }
    }

    /// Foundation's decoding error in a sentence.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty:
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "it does not parse as JSON"
        }
    }
}
