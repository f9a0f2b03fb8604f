import ArgumentParser
import CLISupport
import Foundation

/// Runs this `formctl responses …` command line in `formctl-serve`, in
/// this process's place, as `formctl serve` does: reading or copying
/// responses in PostgreSQL needs postgres-nio and SwiftNIO, which formctl
/// leaves out so that every other command stays small and fast
/// (docs/scaling.md gives the sizes).
enum ResponsesDelegation {
    static func run() throws {
        guard let executable = ServeLauncher.serverExecutable() else {
            Terminal.printError("formctl responses with PostgreSQL needs the formctl-serve executable beside formctl or on PATH; "
                + "Scripts/build-release.sh builds both (copy both where you install formctl)")
            throw ExitCode(ExitStatus.cannotListen)
        }
        // The command line as formctl parsed it (global options moved
        // after the command): `responses …`, which formctl-serve parses
        // with the same option types.
        let arguments = GlobalOptions.reordered(Array(CommandLine.arguments.dropFirst()))
        let argv = [executable] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        execv(executable, cArguments)
        Terminal.printError("cannot run \(executable): \(String(cString: strerror(errno)))")
        throw ExitCode(ExitStatus.cannotListen)
    }
}
