// The framework's own ceiling for Benchmarks/serve.sh: a Hummingbird 2
// server with one route, `GET /api/fields`, that answers a constant body of
// N bytes (N given on the command line, the size of `formctl serve`'s
// answer to the same request) with the same content type. What `formctl
// serve` does on top of this (read the form in SQLite, encode JSON) is the
// difference between the two figures.
//
//   ServeReference BYTES      # listens on 127.0.0.1, a free port
//
// Prints its URL (`http://127.0.0.1:PORT/`) as the first line of stdout, as
// `formctl serve --port 0` does, and serves until SIGINT or SIGTERM.
// Configured as FormServer configures Hummingbird (server name, a logger at
// warning), so that only the route's work differs.
import Glibc
import Hummingbird
import Logging

/// Writes `line` unbuffered: the script reading stdout waits for the URL
/// while the server runs.
func writeLine(_ line: String, to descriptor: Int32) {
    let text = Array((line + "\n").utf8)
    var written = 0
    while written < text.count {
        let result = text[written...].withUnsafeBytes { rest -> Int in
            guard let start = rest.baseAddress else { return 0 }
            return write(descriptor, start, rest.count)
        }
        if result <= 0 { return }
        written += result
    }
}

/// The largest body the reference serves: a benchmark input, not a user's,
/// but a bound all the same.
let largestBody = 64 * 1024 * 1024

guard CommandLine.arguments.count == 2, let bytes = Int(CommandLine.arguments[1]), (0...largestBody).contains(bytes) else {
    writeLine("usage: ServeReference BYTES   (0 to \(largestBody))", to: 2)
    exit(64)
}

// One buffer for the process's life; each answer shares its storage, as a
// constant would be served.
let constant = ByteBuffer(repeating: UInt8(ascii: "x"), count: bytes)
let router = Router()
router.get("api/fields") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: constant))
}

var logger = Logger(label: "serve-reference")
logger.logLevel = .warning
let app = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "serve-reference"),
    onServerRunning: { channel in
        writeLine("http://127.0.0.1:\(channel.localAddress?.port ?? 0)/", to: 1)
    },
    logger: logger
)
try await app.runService()
