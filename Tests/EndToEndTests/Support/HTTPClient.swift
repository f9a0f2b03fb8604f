import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a plain TCP socket to 127.0.0.1, for the
/// `formctl serve` tests: it sends exactly the headers given (URLSession
/// would set `Host` itself), and reads a streamed answer as it comes.
final class HTTPConnection {
    private let socket: Int32
    /// Everything read so far.
    private(set) var received = Data()

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw TestFailure("cannot connect to 127.0.0.1:\(port): errno \(error)")
        }
        socket = descriptor
    }

    deinit { close(socket) }

    /// Sends `text` as it is.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw TestFailure("send failed: errno \(errno)") }
            sent += count
        }
    }

    /// Sends a request: `method path`, then `headers` exactly (no Host
    /// unless given), `Content-Length` for a body.
    func sendRequest(_ method: String, _ path: String, headers: [(String, String)], body: String? = nil) throws {
        var text = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        try send(text)
    }

    /// Reads what has come, waiting up to `timeout` for more; false at end
    /// of stream (the server closed) or on timeout with nothing new.
    @discardableResult
    func read(timeout: TimeInterval) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(max(0, timeout * 1000))) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 0 else { return false }
        received.append(contentsOf: buffer[..<count])
        return true
    }

    /// Reads until what was received contains `marker` (true), the server
    /// closes, or `timeout` passes (false).
    func read(until marker: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let needle = Data(marker.utf8)
        while received.range(of: needle) == nil {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            if !read(timeout: min(left, 0.05)), isClosed { return received.range(of: needle) != nil }
        }
        return true
    }

    /// Reads until the server closes the connection or `timeout` passes;
    /// true when it closed.
    func readToEnd(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            if !read(timeout: min(deadline.timeIntervalSinceNow, 0.05)), isClosed { return true }
        }
        return false
    }

    /// Whether the server has closed its side (a read would return 0).
    var isClosed: Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK)) <= 0
    }
}

/// One HTTP answer, taken apart.
struct HTTPReply: CustomStringConvertible {
    var status: Int
    /// Header names lowercased, in order.
    var headers: [(name: String, value: String)]
    var body: String

    func header(_ name: String) -> String? {
        headers.first { $0.name == name.lowercased() }?.value
    }

    var description: String { "\(status) \(headers.map { "\($0.name): \($0.value)" }) \(body)" }

    /// Parses a whole answer (`Content-Length` or chunked).
    init(parsing data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw TestFailure("no header end in: \(text)") }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw TestFailure("bad status line in: \(text)") }
        self.status = status
        headers = head.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let bodyBytes = Array(data.dropFirst(text[..<split.upperBound].utf8.count))
        if headers.contains(where: { $0.name == "transfer-encoding" && $0.value.lowercased() == "chunked" }) {
            body = String(decoding: Self.dechunked(bodyBytes), as: UTF8.self)
        } else {
            body = String(decoding: bodyBytes, as: UTF8.self)
        }
    }

    /// The bytes of a chunked body: `SIZE\r\nBYTES\r\n`… until size 0.
    static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while index < bytes.count {
            var lineEnd = index
            while lineEnd + 1 < bytes.count, !(bytes[lineEnd] == 13 && bytes[lineEnd + 1] == 10) { lineEnd += 1 }
            guard lineEnd + 1 < bytes.count,
                  let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16),
                  size > 0 else { break }
            let start = lineEnd + 2
            let end = min(bytes.count, start + size)
            body += bytes[start..<end]
            index = end + 2
        }
        return body
    }
}

/// One request on a connection of its own (`Connection: close`), read
/// to the end.
enum HTTP {
    static func request(port: Int, _ method: String, _ path: String, host: String? = "127.0.0.1", headers: [(String, String)] = [],
                        body: String? = nil, timeout: TimeInterval = 30) throws -> HTTPReply {
        let connection = try HTTPConnection(port: port)
        var all = host.map { [("Host", $0 == "127.0.0.1" ? "127.0.0.1:\(port)" : $0)] } ?? []
        all += headers + [("Connection", "close")]
        if body != nil, !headers.contains(where: { $0.0.lowercased() == "content-type" }) { all.append(("Content-Type", "application/json")) }
        try connection.sendRequest(method, path, headers: all, body: body)
        guard connection.readToEnd(timeout: timeout) else { throw TestFailure("no end of answer to \(method) \(path) within \(timeout) s") }
        return try HTTPReply(parsing: connection.received)
    }
}

/// `formctl serve` started on a free port of 127.0.0.1, stopped with
/// SIGTERM when the test is done with it.
final class ServeProcess: @unchecked Sendable {
    let process: ChildProcess
    /// The URL it printed first.
    let url: String
    let port: Int

    init(_ sandbox: Sandbox, _ arguments: [String] = []) throws {
        process = try ChildProcess(try Formctl.binary(), ["serve", "--db", sandbox.db, "--port", "0"] + arguments,
                                   environment: childEnvironment(), currentDirectory: sandbox.folder)
        guard process.waitForOutput(containing: "\n", timeout: 60) else {
            let result = process.wait(timeout: 5)
            throw TestFailure("formctl serve printed no URL:\n\(result)")
        }
        url = String(decoding: process.stdoutSoFar, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let afterColon = url.split(separator: ":").last,
              let port = Int(afterColon.prefix { $0.isNumber }) else { throw TestFailure("no port in \(url)") }
        self.port = port
    }

    /// Sends SIGTERM and waits for the exit.
    func stop(timeout: TimeInterval = 60) -> ProcessResult {
        process.send(SIGTERM)
        return process.wait(timeout: timeout)
    }

    deinit {
        process.send(SIGKILL)
        _ = process.wait(timeout: 10)
    }
}
