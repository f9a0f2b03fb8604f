import Foundation
import CompressNIO
import Hummingbird

/// gzip for a response whose client says it accepts it (RFC 9110's
/// `Accept-Encoding` and `Content-Encoding`): the page and its files, the
/// bulk of what a browser downloads. Answers of a few hundred bytes, and
/// event streams, are sent as they are.
enum ContentCoding {
    /// Below this, gzip's header and the work cost more than they save.
    static let smallest = 860

    /// Whether `request`'s `Accept-Encoding` names `gzip` (or `*`) with a
    /// weight above zero.
    static func acceptsGzip(_ request: Request) -> Bool {
        for value in request.headers[values: .acceptEncoding] {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let coding = parts.first, coding == "gzip" || coding == "*" else { continue }
                let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                if weight > 0 { return true }
            }
        }
        return false
    }

    /// `body` gzipped; nil when zlib fails (the body is then sent as it is).
    static func gzip(_ body: ByteBuffer) -> ByteBuffer? {
        var input = body
        return try? input.compress(with: .gzip())
    }

    /// A 200 (or `status`) response of `body` with `headers`, gzipped
    /// (`gzipped` when given, else now) when `request` accepts it and the
    /// body is worth it. Says `Vary: Accept-Encoding` either way, so that
    /// a cache keeps the two apart.
    static func response(_ body: ByteBuffer, gzipped: ByteBuffer? = nil, status: HTTPResponse.Status = .ok,
                         to request: Request, headers: HTTPFields) -> Response {
        var headers = headers
        headers[.vary] = "Accept-Encoding"
        if body.readableBytes >= smallest, acceptsGzip(request), let coded = gzipped ?? gzip(body) {
            headers[.contentEncoding] = "gzip"
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: coded))
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
