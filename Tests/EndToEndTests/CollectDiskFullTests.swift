import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `formctl serve --collect` when the disk holding its database fills up
/// (issue 36's "Done when"; DECISIONS.md: "Disk full is HTTP 507 with a
/// message, and nothing half-written"), end to end: the real binary, its
/// database on a small tmpfs that respondents fill with their answers.
///
/// Why a tmpfs, and so root: SQLite's own limit, `PRAGMA max_page_count`,
/// holds only for the connection that sets it and is not stored in the
/// file, so `sqlite3` cannot set it for formctl's connections; a file size
/// limit (`RLIMIT_FSIZE`) makes SQLite report an I/O error, not a full
/// disk, and kills the process with SIGXFSZ unless it ignores it. A real
/// filesystem that fills is what users meet, so the test mounts one and is
/// skipped, saying so, where it cannot (not root, or no right to mount).
/// It takes about a second: 1.5 MB of answers fill it.
@Suite("formctl serve --collect on a full disk", .serialized)
struct CollectDiskFullTests {
    /// Why a tmpfs cannot be mounted here, or nil: found by mounting one
    /// and unmounting it again.
    static let tmpfsUnavailable: String? = {
        guard getuid() == 0 else { return "mounting a small tmpfs needs root (uid \(getuid()))" }
        guard let probe = try? Sandbox() else { return "no temporary folder" }
        do {
            let disk = try SmallDisk(at: probe.folder.path, kilobytes: 64)
            disk.unmount()
            return nil
        } catch {
            return "cannot mount a tmpfs: \(error)"
        }
    }()

    /// The form: a required name and a long text, which respondents fill
    /// with answers of several kilobytes, so that a few megabytes fill in
    /// seconds.
    static let form = """
        title: "Notes"
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: name, label: Name, required: true}
                  - {key: note, label: Note, type: long_text}

        """

    /// The body of the 507 `diskFull` answer (ServerRefusal.swift): no
    /// path of the server's, and what to do.
    static let diskFullBody = #"{"error":"diskFull","message":"the server's disk is full, so nothing of this request was stored; try again later"}"#

    @Test("respondents fill the disk: 507 diskFull with a message, no crash, the owner's PUT 507 too, writes work again once space is freed; integrity ok and every acknowledged answer stored",
          .enabled(if: tmpfsUnavailable == nil, "needs root and the right to mount a small tmpfs, which a CI container may not give"),
          .timeLimit(.minutes(6)))
    func diskFills() throws {
        let sandbox = try Sandbox()
        // The whole sandbox is the small disk, so that sandbox.db is on it.
        let disk = try SmallDisk(at: sandbox.folder.path, kilobytes: 4096)
        var server: CollectServer?
        defer {
            // The server first: a filesystem with open files does not unmount.
            if let server { _ = server.stop(timeout: 30) }
            server = nil
            disk.unmount()
        }
        let file = sandbox.path("form.yaml")
        try Data(Self.form.utf8).write(to: URL(fileURLWithPath: file))
        try sandbox.ok(["apply", file])
        try FileManager.default.removeItem(atPath: file)
        try sandbox.ok(["set", "name", "Owner"])
        let running = try CollectServer(sandbox)
        server = running
        let port = running.port

        // Leave about 1.5 MB free, whatever the database's size: the rest
        // is taken by a file the test deletes later, as an operator would
        // free space.
        let filler = sandbox.path("filler")
        try disk.fill(filler, leaving: 1536 * 1024)

        // Three respondents' threads at once, each answering as one new
        // respondent after another (a name, then a long note, three times),
        // until the first 507; then a few more writes each, which must be
        // 200 or 507 too.
        let run = FillRun()
        let group = DispatchGroup()
        let deadline = Date().addingTimeInterval(240)
        for thread in 0..<3 {
            DispatchQueue.global().async(group: group) {
                var afterFull = 0
                var respondent = 0
                while afterFull < 4, Date() < deadline, run.writes < 5_000 {
                    respondent += 1
                    let browser = RespondentBrowser(port: port)
                    let tag = "t\(thread)r\(respondent)"
                    let writes = [("name", tag)] + (1...3).map { ("note", "\(tag)w\($0)-" + String(repeating: "abcdefghij", count: 600)) }
                    for (key, value) in writes {
                        let before = browser.cookie
                        let reply: HTTPReply
                        do {
                            reply = try browser.answer(key, value)
                        } catch {
                            run.record(problem: "PUT \(key) as \(tag) got no answer (did the server crash?): \(error)")
                            return
                        }
                        run.record(reply, key: key, value: value, cookieBefore: before, cookieAfter: browser.cookie)
                        if run.isFull { afterFull += 1 }
                        if reply.status != 200 { break }
                    }
                }
            }
        }
        #expect(group.wait(timeout: .now() + 300) == .success, "the writers finished")
        let state = run.state
        for problem in state.problems { Issue.record("\(problem)") }
        #expect(state.refused > 0, "the disk filled within 240 s: \(state.acknowledged.count) respondents acknowledged")
        #expect(state.acknowledged.count >= 3, "some answers were stored before the disk filled")
        print("disk full: \(state.writes) writes, \(state.refused) refused with 507, \(state.acknowledged.count) respondents acknowledged")

        // Reading still works on a full disk, and the server still runs.
        let reader = RespondentBrowser(port: port)
        #expect(try reader.request("GET", "/api/respond/fields").status == 200)
        #expect(try running.owner("GET", "/api/fields/name").body.contains(#""value":"Owner""#))

        // The owner's shared form on a full disk: 507 too, the value kept.
        // Whatever free space is left goes to the filler first, and the
        // value is larger than any respondent's write that failed (whose
        // pages the next write may reuse), so that this write cannot fit.
        try disk.fill(filler, leaving: 0)
        let big = String(repeating: "Owner's long value ", count: 10_000)
        let ownerWrite = try running.owner("PUT", "/api/fields/name", body: RespondentBrowser.body(big))
        #expect(ownerWrite.status == 507, "\(ownerWrite)")
        #expect(ownerWrite.body.trimmingCharacters(in: .whitespacesAndNewlines) == Self.diskFullBody, "\(ownerWrite)")
        #expect(ownerWrite.header("content-type")?.hasPrefix("application/json") == true, "\(ownerWrite)")
        #expect(try running.owner("GET", "/api/fields/name").body.contains(#""value":"Owner""#), "the shared value is kept")
        // The page without script (a plain form post) says so in words too.
        let poster = RespondentBrowser(port: port)
        let posted = try poster.request("POST", "/", body: "field%3Aname=" + String(repeating: "Post", count: 50_000) + "&action=save",
                                        headers: [("Content-Type", "application/x-www-form-urlencoded")])
        let location = posted.header("location") ?? ""
        #expect(posted.status == 303 && location.contains("error=diskFull"), "\(posted)")
        if posted.status == 303 {
            let shown = try poster.request("GET", location)
            #expect(shown.body.contains("the server’s disk is full") || shown.body.contains("the server&#39;s disk is full")
                        || shown.body.contains("the server's disk is full"), "\(shown.body.prefix(2000))")
        }

        // Space freed: the same server takes writes again, no restart.
        try FileManager.default.removeItem(atPath: filler)
        let again = RespondentBrowser(port: port)
        let afterFreeing = try again.answer("name", "after freeing")
        #expect(afterFreeing.status == 200, "\(afterFreeing)")
        if afterFreeing.status == 200, let cookie = again.cookie { run.acknowledge(cookie: cookie, key: "name", value: "after freeing") }
        let stopped = running.stop()
        server = nil
        #expect(stopped.status == 0 && !stopped.looksLikeCrash, "the server stops cleanly on SIGTERM: \(stopped)")

        // The file is intact, and holds every acknowledged answer: each
        // respondent's draft has the last value each field was acknowledged
        // with, and no refused write left a draft or a value behind.
        #expect(try sandbox.value("PRAGMA integrity_check") == "ok")
        let acknowledged = run.state.acknowledged
        var stored: [String: [String: String]] = [:]
        for row in try sandbox.rows("SELECT r.respondent, a.key, a.value FROM response r JOIN answer a ON a.response_id = r.id WHERE r.status = 'draft'") {
            guard row.count == 3, let respondent = row[0], let key = row[1] else { continue }
            stored[respondent, default: [:]][key] = row[2] ?? ""
        }
        #expect(stored.count == acknowledged.count, "one draft per respondent with an acknowledged answer, and no other")
        for (cookie, answers) in acknowledged {
            let hash = try RespondentBrowser.hash(ofCookie: cookie)
            let draft = stored[hash]
            #expect(draft != nil, "a draft for respondent \(answers["name"] ?? cookie)")
            for (key, value) in answers {
                #expect(draft?[key] == value, "\(key) of \(answers["name"] ?? cookie): \(draft?[key]?.prefix(12) ?? "nothing") stored, \(value.prefix(12)) acknowledged")
            }
            for key in ["name", "note"] where answers[key] == nil {
                #expect(draft?[key] ?? "" == "", "\(key) of \(answers["name"] ?? cookie) was never acknowledged, so it is empty")
            }
        }
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'name'") == "Owner", "the owner's refused write left nothing")
        #expect(try sandbox.value("SELECT count(*) FROM history WHERE new_value LIKE 'Owner''s long value%'") == "0")
    }
}

/// A tmpfs of a given size mounted over a folder, for a database that can
/// fill its disk; `unmount()` takes it away (lazily, if something still
/// holds a file there, so that the test never leaves a mount behind).
private final class SmallDisk: @unchecked Sendable {
    let path: String
    private var mounted = true

    init(at path: String, kilobytes: Int) throws {
        self.path = path
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0755") == 0 else {
            throw TestFailure("mount -t tmpfs -o size=\(kilobytes)k tmpfs \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Free bytes on the disk, as statvfs counts them for root.
    var free: Int {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return 0 }
        return Int(stats.f_bfree) * Int(stats.f_frsize)
    }

    /// Grows the file at `filler` until at most `leaving` bytes are free
    /// (0: until the disk refuses another byte).
    func fill(_ filler: String, leaving: Int) throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw TestFailure("open \(filler): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x5A, count: 4096)
        while free > leaving {
            let wrote = block.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, min($0.count, max(1, free - leaving))) }
            if wrote < 0 {
                if errno == ENOSPC { return }
                throw TestFailure("write \(filler): \(String(cString: strerror(errno)))")
            }
        }
    }

    func unmount() {
        guard mounted else { return }
        mounted = false
        if umount2(path, 0) != 0 { _ = umount2(path, Int32(MNT_DETACH)) }
    }

    deinit { unmount() }
}

/// What the respondents' threads saw, shared between them.
private final class FillRun: @unchecked Sendable {
    struct State {
        /// The last value acknowledged (200) for each field, by cookie.
        var acknowledged: [String: [String: String]] = [:]
        var writes = 0
        var refused = 0
        var problems: [String] = []
    }

    private let lock = NSLock()
    private var current = State()

    var state: State { lock.withLock { current } }
    var isFull: Bool { lock.withLock { current.refused > 0 } }
    var writes: Int { lock.withLock { current.writes } }

    func record(problem: String) {
        lock.withLock { current.problems.append(problem) }
    }

    func acknowledge(cookie: String, key: String, value: String) {
        lock.withLock { current.acknowledged[cookie, default: [:]][key] = value }
    }

    /// One PUT's answer: a 200 is acknowledged under the cookie it set;
    /// a 507 must be `diskFull` and set no cookie; anything else is a problem.
    func record(_ reply: HTTPReply, key: String, value: String, cookieBefore: String?, cookieAfter: String?) {
        lock.withLock {
            current.writes += 1
            switch reply.status {
            case 200:
                guard let cookie = cookieAfter else {
                    current.problems.append("a 200 without a cookie: \(reply)")
                    return
                }
                current.acknowledged[cookie, default: [:]][key] = value
            case 507:
                current.refused += 1
                let body = reply.body.trimmingCharacters(in: .whitespacesAndNewlines)
                if body != CollectDiskFullTests.diskFullBody { current.problems.append("507 with another body: \(reply)") }
                if reply.header("set-cookie") != nil || cookieAfter != cookieBefore {
                    current.problems.append("a refused write set a cookie: \(reply)")
                }
            default:
                current.problems.append("PUT \(key): neither 200 nor 507: \(reply.status) \(reply.body.prefix(300))")
            }
        }
    }
}
