import Foundation
import Testing

/// `Examples/nginx/formctl-collect.conf` (issue 47) run as it is, its
/// ports replaced by free ones: Debian's nginx in front of three `formctl
/// serve --collect --responses` servers sharing one PostgreSQL.
@Suite("nginx in front of three servers", .serialized)
struct NginxExampleTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/nginx/formctl-collect.conf")

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw TestFailure("cannot bind a port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("the example config serves three servers: a respondent's requests spread over them, their events arrive through it, and one server killed changes nothing for them")
    func threeServers() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw TestFailure("this test runs Examples/nginx/formctl-collect.conf with nginx: apt-get install nginx")
        }
        let (cluster, database, uri) = try PostgresCluster.freshDatabase()
        let box = try PostgresServeTests.familyBox()
        let servers = try (0..<3).map { _ in try PostgresServeTests.instance(box, uri, ["--allow-host", "forms.example.com"]) }

        // The example, its four ports replaced.
        let front = try Self.freePort()
        var config = try String(contentsOf: Self.example, encoding: .utf8)
        config = config.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(front)")
        for (index, server) in servers.enumerated() {
            config = config.replacingOccurrences(of: "127.0.0.1:\(8081 + index)", with: "127.0.0.1:\(server.port)")
        }
        let prefix = box.folder.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let configPath = prefix.appendingPathComponent("nginx.conf")
        try Data(config.utf8).write(to: configPath)
        // As root, nginx's workers would run as nobody, who cannot write
        // the prefix: they run as the test's user instead.
        let user = geteuid() == 0 ? " user root;" : ""
        let nginx = try ChildProcess(URL(fileURLWithPath: "/usr/sbin/nginx"),
                                     ["-p", prefix.path, "-c", configPath.path, "-g", "daemon off;\(user)"],
                                     environment: childEnvironment())
        defer {
            nginx.send(SIGTERM)
            _ = nginx.wait(timeout: 30)
        }
        let ada = RespondentBrowser(port: front)
        var first: HTTPReply?
        for _ in 0..<100 {
            first = try? ada.answer("address", "1 Main St")
            if first?.status == 200 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(first?.status == 200, "nginx did not answer: \(String(describing: first))\n\(String(decoding: nginx.stdoutSoFar, as: UTF8.self))")
        let cookie = try #require(ada.cookie)

        // Her event stream through nginx hears her later writes, whichever server takes them.
        let events = try HTTPConnection(port: front)
        try events.sendRequest("GET", "/api/respond/events", headers: [("Host", "127.0.0.1:\(front)"), ("Cookie", "formctl_respondent=\(cookie)")])
        #expect(events.read(until: "retry: 1000", timeout: 30))
        for number in 1...6 {
            #expect(try ada.answer("contact.phone", "555-000\(number)").status == 200)
            #expect(events.read(until: "555-000\(number)", timeout: 30), "event \(number) did not arrive through nginx")
        }

        // One server killed: nginx sends her requests to the others.
        servers[0].process.send(SIGKILL)
        _ = servers[0].process.wait(timeout: 30)
        for number in 1...6 {
            let reply = try ada.answer("children.1.name", "Child \(number)")
            #expect(reply.status == 200, "after a server died, request \(number): \(reply)")
        }
        #expect(try ada.request("POST", "/api/respond/submit").status == 201)
        #expect(try cluster.psql(database, "SELECT count(*) FROM response WHERE status = 'complete'").hasPrefix("1"))
        #expect(servers[1].stop().status == 0)
        #expect(servers[2].stop().status == 0)
    }
}
