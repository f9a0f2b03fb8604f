import ArgumentParser
import CLISupport
import FormKit

/// `formctl responses`: the stored responses, listed or exported, and
/// each one shown, deleted or opened for editing.
struct ResponsesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "responses",
        abstract: "List or export the stored responses (default: list); show, delete or open one; print a wide-table SELECT; copy them to PostgreSQL.",
        subcommands: [List.self, Show.self, Delete.self, Open.self, SQL.self, Copy.self],
        defaultSubcommand: List.self)
}

extension ResponsesCommand {
    /// `formctl responses [list]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the responses, oldest first, as a table or as JSON, JSON Lines or CSV.",
            discussion: """
                The table shows each response's id, submitted_at, status and its shown, non-empty answers \
                (key=value), clipped to the terminal. JSON is one array of {"id", "status", "submitted_at", \
                "values": {key: value}}; JSON Lines one such object per line; CSV (RFC 4180, CRLF) a header row \
                of id,submitted_at,status and one column per field key (a field named id, submitted_at or status \
                is written as values.KEY), then one row per response. The keys are the form's, in form order, \
                then those only older responses have (fields removed since). In a form with repeats, CSV has a \
                column per path of a field outside repeats (contact.phone) and one per top-level repeat holding its \
                number of instances; --repeat PATH writes that repeat's table instead: one row per instance, \
                response,path (children.2) and its fields by their path in the instance. An answer of a field that was not \
                shown is empty (null in JSON) unless --include-hidden. With --status draft the table adds each draft's \
                age: since its last write for a respondent's draft (serve --collect), else since it was stored. \
                With --responses postgresql://... (or $FORMCTL_RESPONSES) the responses are read from PostgreSQL, \
                by formctl-serve, in the same formats, byte for byte as the same responses give from the file \
                (docs/scaling.md). See docs/responses.md.
                """)

        @OptionGroup var options: ResponseListOptions

        func run() throws {
            // Responses in PostgreSQL are read by formctl-serve, which
            // links the driver that formctl leaves out (docs/scaling.md).
            if options.store.resolved != nil { return try ResponsesDelegation.run() }
            try ResponseListing.run(options, source: nil)
        }
    }
}
