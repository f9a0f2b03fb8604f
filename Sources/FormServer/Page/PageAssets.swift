import Hummingbird

/// One of the page's static files (`Sources/FormServer/Assets`), compiled
/// into the binary (SwiftPM's `embedInCode`) and served at
/// `/assets/NAME.HASH.EXT`, where HASH names its content: a new formctl
/// with a changed file serves it under a new name, so that a browser may
/// keep each one for a year without asking again (`immutable`).
struct PageAsset: Sendable {
    /// `/assets/NAME.HASH.EXT`.
    let path: String
    let contentType: String
    /// The file, and gzipped once (nil if zlib failed: served as it is).
    let body: ByteBuffer
    let gzipped: ByteBuffer?

    init(name: String, extension fileExtension: String, contentType: String, bytes: [UInt8]) {
        path = "/assets/\(name).\(Self.contentHash(bytes)).\(fileExtension)"
        self.contentType = contentType
        body = ByteBuffer(bytes: bytes)
        gzipped = ContentCoding.gzip(body)
    }

    /// The response: the file (gzipped when `request` accepts it), to be
    /// kept for a year.
    func response(to request: Request) -> Response {
        ContentCoding.response(body, gzipped: gzipped, to: request,
                               headers: [.contentType: contentType, .cacheControl: "public, max-age=31536000, immutable"])
    }

    /// 16 hexadecimal digits of the 64-bit FNV-1a hash of `bytes`: a
    /// name that changes with the content (not a secret, so no need for a
    /// cryptographic hash), the same in every process.
    static func contentHash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The page's files.
enum PageAssets {
    /// The stylesheet (`Assets/app.css`).
    static let style = PageAsset(name: "app", extension: "css", contentType: "text/css; charset=utf-8",
                                 bytes: PackageResources.app_css)
    /// The script (`Assets/app.js`).
    static let script = PageAsset(name: "app", extension: "js", contentType: "text/javascript; charset=utf-8",
                                  bytes: PackageResources.app_js)
    /// The owner's summary page's script (`Assets/summary.js`).
    static let summaryScript = PageAsset(name: "summary", extension: "js", contentType: "text/javascript; charset=utf-8",
                                         bytes: PackageResources.summary_js)
    static let all = [style, script, summaryScript]

    /// The file served at `path`; nil for any other path (an old hash too).
    static func asset(at path: String) -> PageAsset? {
        all.first { $0.path == path }
    }
}
