import ArgumentParser
import CLISupport
import Foundation

/// `formctl serve …`: runs the `formctl-serve` executable with the same
/// arguments, in this process's place (as `git foo` runs `git-foo`). The
/// server lives in its own executable so that formctl's other commands do
/// not carry SwiftNIO (docs/serve.md says why, with the figures).
struct ServeLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the form in a browser and as a JSON API (formctl serve --help lists its options).",
        discussion: """
            Runs formctl-serve, found beside formctl, else on PATH (Scripts/build-release.sh builds \
            both), with the same arguments. It listens on 127.0.0.1:8080 unless --host and --port say \
            otherwise and prints the URL to open; any host but loopback needs --token or \
            --generate-token. See docs/serve.md.
            """)

    @Argument(parsing: .captureForPassthrough, help: "formctl-serve's options (--host, --port, --token, --generate-token, --allow-host, --body-limit, --db).")
    var arguments: [String] = []

    func run() throws {
        guard let executable = Self.serverExecutable() else {
            Terminal.printError("formctl serve needs the formctl-serve executable beside formctl or on PATH; "
                + "Scripts/build-release.sh builds both (copy both where you install formctl)")
            throw ExitCode(ExitStatus.cannotListen)
        }
        let argv = [executable] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        execv(executable, cArguments)
        // Only reached when execv failed.
        Terminal.printError("cannot run \(executable): \(String(cString: strerror(errno)))")
        throw ExitCode(ExitStatus.cannotListen)
    }

    /// `formctl-serve` beside this executable (its real path, through
    /// /proc/self/exe), else the first on PATH.
    static func serverExecutable() -> String? {
        let name = "formctl-serve"
        var candidates: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((me as NSString).deletingLastPathComponent + "/" + name)
        }
        for folder in (Terminal.environment("PATH") ?? "").split(separator: ":") where !folder.isEmpty {
            candidates.append("\(folder)/\(name)")
        }
        return candidates.first { access($0, X_OK) == 0 }
    }
}
