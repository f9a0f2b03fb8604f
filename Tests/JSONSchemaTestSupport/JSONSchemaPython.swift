import Foundation

/// Python's `jsonschema` (draft 2020-12, formats asserted), run through
/// `Scripts/jsonschema-check.py` with the interpreter of the virtualenv
/// `Scripts/jsonschema-venv.sh` makes: `$FORMCTL_JSONSCHEMA_PYTHON`, else
/// `.venv-jsonschema/bin/python` in the package. Neither there is a
/// failure with the command that makes it, never a silent pass.
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
                throw Failure(description: "FORMCTL_JSONSCHEMA_PYTHON=\(path) is not an executable; run Scripts/jsonschema-venv.sh")
            }
            return URL(fileURLWithPath: path)
        }
        let venv = packageRoot.appendingPathComponent(".venv-jsonschema/bin/python")
        guard FileManager.default.isExecutableFile(atPath: venv.path) else {
            throw Failure(description: "no Python with jsonschema for the JSON Schema tests: run Scripts/jsonschema-venv.sh "
                + "(it creates \(venv.deletingLastPathComponent().deletingLastPathComponent().path) with `python3 -m venv` and "
                + "`pip install jsonschema`), or set FORMCTL_JSONSCHEMA_PYTHON to a python that has jsonschema")
        }
        return venv
    }

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
