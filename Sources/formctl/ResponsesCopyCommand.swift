import ArgumentParser
import CLISupport

extension ResponsesCommand {
    /// `formctl responses copy --to URI`: formctl-serve does the copy
    /// (it links the PostgreSQL driver); this command gives its help and
    /// checks its arguments before handing over.
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy",
            abstract: "Copy every response of the SQLite file to PostgreSQL, keeping ids, times, answers and paths.",
            discussion: """
                Run again, it copies only the responses PostgreSQL lacks (by id), so a copy that stopped \
                halfway is finished by running it again. Each batch of responses is one transaction. \
                The PostgreSQL database gets formctl's tables on first use (migrations/postgresql) and \
                remembers the form's fingerprint: a database holding responses of another form is refused \
                (exit 65, naming both fingerprints) unless --replace-form, itself refused while drafts are \
                open there. Prints how many responses it copied and how many were there already. \
                Runs in formctl-serve (beside formctl or on PATH). See docs/scaling.md.
                """)

        @OptionGroup var options: ResponseCopyOptions

        func run() throws {
            try ResponsesDelegation.run()
        }
    }
}
