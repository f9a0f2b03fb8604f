import Foundation

/// A throwaway PostgreSQL 15 cluster for the tests: `initdb` and `pg_ctl`
/// from Debian's `postgresql` package, in a temporary folder, listening on
/// a Unix socket in that folder and on no TCP port
/// (`listen_addresses=''`), with password logins (SCRAM), so that a wrong
/// password is refused as on a real server.
///
/// PostgreSQL refuses to run as root: when the tests run as root, every
/// PostgreSQL program runs as the `postgres` user (`runuser`), and the
/// folder is given to that user. One cluster serves the whole test run
/// (`shared`), each test in a database of its own (`makeDatabase`); it is
/// stopped and removed when the test process exits.
final class PostgresCluster: @unchecked Sendable {
    /// Where Debian's `postgresql-15` puts its programs.
    static let binFolder = "/usr/lib/postgresql/15/bin"
    /// The superuser's password (the cluster lives only as long as the tests).
    let password = "formctl-test-secret"
    let user = "postgres"
    let folder: URL
    var socketFolder: String { folder.appendingPathComponent("socket").path }
    var dataFolder: String { folder.appendingPathComponent("data").path }
    /// The user PostgreSQL runs as when the tests run as root.
    private let runsAs: (name: String, uid: uid_t, gid: gid_t)?

    /// The cluster of this test run, started on first use.
    static func shared() throws -> PostgresCluster { try started.get() }

    private static let started: Result<PostgresCluster, TestFailure> = {
        do {
            let cluster = try PostgresCluster()
            running = cluster
            atexit { PostgresCluster.running?.stop() }
            return .success(cluster)
        } catch let failure as TestFailure {
            return .failure(failure)
        } catch {
            return .failure(TestFailure("cannot start PostgreSQL: \(error)"))
        }
    }()

    /// The cluster `atexit` stops.
    nonisolated(unsafe) private static var running: PostgresCluster?

    init() throws {
        let fileManager = FileManager.default
        guard fileManager.isExecutableFile(atPath: "\(Self.binFolder)/initdb"),
              fileManager.isExecutableFile(atPath: "\(Self.binFolder)/pg_ctl") else {
            throw TestFailure("these tests need PostgreSQL 15 (\(Self.binFolder)/initdb and pg_ctl): apt-get install postgresql")
        }
        if geteuid() == 0 {
            guard let entry = getpwnam("postgres") else {
                throw TestFailure("running as root, the tests run PostgreSQL as the postgres user, which does not exist: apt-get install postgresql")
            }
            runsAs = ("postgres", entry.pointee.pw_uid, entry.pointee.pw_gid)
        } else {
            runsAs = nil
        }
        // A short path: a Unix socket's path must fit in 107 bytes.
        var template = Array("/tmp/formctl-pg.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: errno \(errno)") }
        folder = URL(fileURLWithPath: String(cString: created), isDirectory: true)
        try fileManager.createDirectory(atPath: socketFolder, withIntermediateDirectories: false)
        let passwordFile = folder.appendingPathComponent("password").path
        try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
        if let runsAs {
            for path in [folder.path, socketFolder, passwordFile] { chown(path, runsAs.uid, runsAs.gid) }
        }
        try runChecked("initdb", ["-D", dataFolder, "-U", user, "--pwfile=\(passwordFile)", "--auth=scram-sha-256",
                                  "-E", "UTF8", "--no-locale", "--no-sync"])
        try start()
    }

    /// Starts the server (again, after `stopServer`).
    func start() throws {
        // fsync off: a throwaway cluster need not survive a power cut, and
        // the tests share two cores with everything else. A crash
        // (`stopServer(mode: "immediate")`) is still recovered from the
        // WAL when the server starts again, as the fault tests need.
        let options = "-c listen_addresses='' -c unix_socket_directories='\(socketFolder)' -c fsync=off -c max_connections=80"
        try runChecked("pg_ctl", ["-D", dataFolder, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60",
                                  "-o", options, "start"])
    }

    /// Stops the server, leaving its data: `fast` (clients told, as a
    /// clean shutdown does) or `immediate` (as a crash: no checkpoint,
    /// recovery at the next start).
    func stopServer(mode: String) throws {
        try runChecked("pg_ctl", ["-D", dataFolder, "-m", mode, "-w", "-t", "60", "stop"])
    }

    /// Stops the server and removes its folder.
    func stop() {
        _ = try? run("pg_ctl", ["-D", dataFolder, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// The URI of `database` on this cluster, through its socket, with the
    /// password in it (nil: left out).
    func uri(_ database: String, password: String? = nil, includePassword: Bool = true) -> String {
        let secret = includePassword ? ":\(password ?? self.password)" : ""
        return "postgresql://\(user)\(secret)@/\(database)?host=\(socketFolder)"
    }

    /// A new, empty database on the shared cluster, with its name and URI.
    static func freshDatabase() throws -> (cluster: PostgresCluster, name: String, uri: String) {
        let cluster = try shared()
        let name = try cluster.makeDatabase()
        return (cluster, name, cluster.uri(name))
    }

    /// Makes a new, empty database of a name no other test uses, and
    /// returns its name.
    func makeDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        _ = try psql("postgres", "CREATE DATABASE \(name)")
        return name
    }

    /// Runs `sql` with psql in `database` and returns its rows, one per
    /// line, columns separated by `|`.
    @discardableResult
    func psql(_ database: String, _ sql: String) throws -> String {
        let result = try ChildProcess.run(URL(fileURLWithPath: "\(Self.binFolder)/psql"),
                                          ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-U", user, "-d", database, "-c", sql],
                                          environment: ["PGPASSWORD": password, "PATH": "/usr/bin:/bin"], timeout: 60)
        guard result.succeeded else { throw TestFailure("psql failed:\n\(result)") }
        return result.stdoutText
    }

    /// Runs a PostgreSQL program, as the postgres user when root.
    ///
    /// Through bash, which first closes every descriptor above 2: Foundation
    /// learns that a child exited when the child's end of a socket it
    /// inherited closes, and the server `pg_ctl start` leaves running would
    /// inherit that end and hold it, so the wait would never end.
    private func run(_ program: String, _ arguments: [String]) throws -> ProcessResult {
        let path = "\(Self.binFolder)/\(program)"
        let environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        let command = runsAs.map { ["/usr/sbin/runuser", "-u", $0.name, "--", path] } ?? [path]
        let script = #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$@""#
        return try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash"] + command + arguments,
                                    environment: environment, currentDirectory: folder, timeout: 120)
    }

    private func runChecked(_ program: String, _ arguments: [String]) throws {
        let result = try run(program, arguments)
        guard result.succeeded else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            throw TestFailure("\(program) failed:\n\(result)\n\(log)")
        }
    }
}
