import Foundation

/// Python's `jsonschema` (draft 2020-12, formats asserted), run through
/// `Scripts/jsonschema-check.py` with the interpreter of the virtualenv
/// `Scripts/jsonschema-venv.sh` makes: `$FORMCTL_JSONSCHEMA_PYTHON` when set,
/// else `.venv-jsonschema/bin/python` in the package, which the first test
/// that needs it makes by running that script (once per test process), so
/// that `swift test` on a new clone needs no step before it. A virtualenv
/// that cannot be made is a failure that says why, never a silent pass.
///
/// (A library target of its own, so that FormKitTests and EndToEndTests
/// share one copy: test targets cannot depend on each other.)
public enum JSONSchemaPython {
    /// Why the validator could not run or answer.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The package's folder, from this file's place in it
    /// (Tests/JSONSchemaTestSupport/JSONSchemaPython.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The interpreter with `jsonschema`.
    static func interpreter() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["FORMCTL_JSONSCHEMA_PYTHON"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw Failure(description: "FORMCTL_JSONSCHEMA_PYTHON=\(path) is not an executable; unset it, or run Scripts/jsonschema-venv.sh")
            }
            return URL(fileURLWithPath: path)
        }
        return try virtualenv.get()
    }

    /// `.venv-jsonschema/bin/python`, made (or found) by
    /// `Scripts/jsonschema-venv.sh` the first time a test asks; a static
    /// `let`, so that tests running side by side run the script once.
    private static let virtualenv: Result<URL, Failure> = {
        let script = packageRoot.appendingPathComponent("Scripts/jsonschema-venv.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path]
        process.currentDirectoryURL = packageRoot
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            return .failure(Failure(description: "cannot run \(script.path): \(error)"))
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: path) else {
            return .failure(Failure(description: "no Python with jsonschema for the JSON Schema tests: Scripts/jsonschema-venv.sh "
                + "(python3 -m venv .venv-jsonschema && pip install jsonschema) exited \(process.terminationStatus): "
                + String(decoding: errors, as: UTF8.self)
                + " (Debian's python3 needs python3-venv; or set FORMCTL_JSONSCHEMA_PYTHON to a python that has jsonschema)"))
        }
        return .success(URL(fileURLWithPath: path))
    }()

    /// One schema (JSON text) and the instances (JSON texts) to validate.
    public struct Job {
        public var schema: String
        public var instances: [String]

        public init(schema: String, instances: [String]) {
            self.schema = schema
            self.instances = instances
        }
    }

    /// Whether each instance of each job is valid: one Python run for all.
    public static func validate(_ jobs: [Job]) throws -> [[Bool]] {
        let input = "[" + jobs.map { "{\"schema\": \($0.schema), \"instances\": [\($0.instances.joined(separator: ", "))]}" }
            .joined(separator: ",\n") + "]"
        let process = Process()
        process.executableURL = try interpreter()
        process.arguments = [packageRoot.appendingPathComponent("Scripts/jsonschema-check.py").path]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Writing and reading at once: the input can be larger than a pipe holds.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "jsonschema-check.py exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        guard let results = try JSONSerialization.jsonObject(with: output) as? [[Bool]], results.count == jobs.count else {
            throw Failure(description: "jsonschema-check.py printed \(String(decoding: output, as: UTF8.self))")
        }
        return results
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
