import Foundation

/// `formctl-serve`'s entry: `formctl serve` runs it with serve's
/// arguments, and `formctl responses` with `responses …` when the
/// responses live in PostgreSQL (`ResponsesCommand`): the executables
/// that link SwiftNIO and postgres-nio are this one alone.
@main
enum FormctlServe {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "responses" {
            ResponsesCommand.main(Array(arguments.dropFirst()))
        } else {
            ServeCommand.main()
        }
    }
}
