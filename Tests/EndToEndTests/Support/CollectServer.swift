import Foundation

/// `formctl serve --collect` on a free port of 127.0.0.1, stopped with
/// SIGTERM when the test is done with it: the respondents' link on its
/// first line, the owner's (`/owner?token=T`) on its second.
final class CollectServer: @unchecked Sendable {
    let process: ChildProcess
    let port: Int
    /// The token of the owner's link.
    let token: String
    /// The two lines it printed.
    let respondentsLink: String, ownersLink: String

    /// Serves `db` (nil: the sandbox's database) with `arguments`.
    init(_ sandbox: Sandbox, _ arguments: [String] = [], db: String? = nil) throws {
        process = try ChildProcess(try Formctl.binary(), ["serve", "--collect", "--db", db ?? sandbox.db, "--port", "0"] + arguments,
                                   environment: childEnvironment(), currentDirectory: sandbox.folder)
        // The owner's link ends the second line.
        guard process.waitForOutput(containing: "?token=", timeout: 60), process.waitForOutput(containing: "\n", timeout: 60) else {
            let result = process.wait(timeout: 5)
            throw TestFailure("formctl serve --collect printed no links:\n\(result)")
        }
        var lines: [String] = []
        for _ in 0..<600 {
            lines = String(decoding: process.stdoutSoFar, as: UTF8.self).split(separator: "\n").map(String.init)
            if lines.count >= 2 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard lines.count >= 2 else { throw TestFailure("formctl serve --collect printed \(lines)") }
        respondentsLink = lines[0]
        ownersLink = lines[1]
        guard let afterColon = respondentsLink.split(separator: ":").last,
              let port = Int(afterColon.prefix { $0.isNumber }) else { throw TestFailure("no port in \(respondentsLink)") }
        self.port = port
        token = ownersLink.components(separatedBy: "?token=").last ?? ""
    }

    /// Sends SIGTERM and waits for the exit.
    func stop(timeout: TimeInterval = 60) -> ProcessResult {
        process.send(SIGTERM)
        return process.wait(timeout: timeout)
    }

    /// A request with the owner's token.
    func owner(_ method: String, _ path: String, body: String? = nil) throws -> HTTPReply {
        try HTTP.request(port: port, method, path, headers: [("Authorization", "Bearer \(token)")], body: body)
    }

    deinit {
        process.send(SIGKILL)
        _ = process.wait(timeout: 10)
    }
}

/// One respondent's browser: a cookie jar holding `formctl_respondent`,
/// sent with every request and replaced by every `Set-Cookie`.
final class RespondentBrowser: @unchecked Sendable {
    var port: Int
    /// The cookie's value (nil: none yet).
    var cookie: String?

    init(port: Int, cookie: String? = nil) {
        self.port = port
        self.cookie = cookie
    }

    @discardableResult
    func request(_ method: String, _ path: String, body: String? = nil, headers: [(String, String)] = [],
                 timeout: TimeInterval = 30) throws -> HTTPReply {
        var all = headers
        if let cookie { all.append(("Cookie", "formctl_respondent=\(cookie)")) }
        let reply = try HTTP.request(port: port, method, path, headers: all, body: body, timeout: timeout)
        if let set = reply.header("set-cookie"), set.hasPrefix("formctl_respondent=") {
            cookie = String(set.dropFirst("formctl_respondent=".count).prefix { $0 != ";" })
        }
        return reply
    }

    /// `PUT /api/respond/fields/KEY` with `value` as a JSON string.
    @discardableResult
    func answer(_ key: String, _ value: String, timeout: TimeInterval = 30) throws -> HTTPReply {
        try request("PUT", "/api/respond/fields/\(key)", body: Self.body(value), timeout: timeout)
    }

    /// The value `GET /api/respond/fields/KEY` answers (nil: not 200).
    func value(_ key: String) throws -> String? {
        let reply = try request("GET", "/api/respond/fields/\(key)")
        guard reply.status == 200,
              let object = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any] else { return nil }
        return object["value"] as? String ?? ""
    }

    /// Answers the seed form's required fields, so that a submit passes.
    func fillIn(_ name: String) throws {
        for (key, value) in [("first", name), ("middle", "Middle"), ("last", "Lastname"), ("email", "\(name)@example.com")] {
            let reply = try answer(key, value)
            guard reply.status == 200 else { throw TestFailure("PUT \(key): \(reply)") }
        }
    }

    /// What `response.respondent` holds for a cookie: the SHA-256 of the
    /// id's 16 bytes (the cookie is their base64url), as 64 hex digits,
    /// computed with coreutils' `sha256sum` rather than formctl's code.
    static func hash(ofCookie cookie: String) throws -> String {
        var base64 = cookie.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let bytes = Data(base64Encoded: base64), bytes.count == 16 else { throw TestFailure("not a respondent id: \(cookie)") }
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [], stdin: bytes,
                                          environment: childEnvironment(), timeout: 30)
        guard result.succeeded, let digest = result.stdoutText.split(separator: " ").first, digest.count == 64 else {
            throw TestFailure("sha256sum: \(result)")
        }
        return String(digest)
    }

    static func body(_ value: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: ["value": value])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
