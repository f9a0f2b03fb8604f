import FormModel
import FormStore
import Logging
import PostgresNIO
import Synchronization

/// A server's writes of drafts (answers, new drafts, submits, Adds and
/// Removes), committed in groups as the form file's writes are (FormStore's
/// `CommitGroups`): the writes its respondents make at the same moment are
/// one transaction, one commit (one WAL flush) and one notification to
/// the other servers, not one each. A commit that notifies holds
/// PostgreSQL's notification lock until its WAL is flushed, and a new
/// draft holds the new-draft lock as long, so one at a time was what a
/// survey's writes waited for.
///
/// Each write still checks what it writes against the draft as it is in
/// the transaction, and its writer hears only once the group committed.
/// The group's answers are one statement (`StoreAnswersStatement`), so a
/// group costs a few round trips to PostgreSQL, however many answers it
/// holds; the other writes follow, each its own statements.
final class DraftWriteGroups: Sendable {
    /// One write waiting for its group.
    private final class Write: Sendable {
        enum Kind: Sendable {
            /// An answer by a respondent, stored with the group's others.
            case answer(StoreAnswersStatement.Answer, by: String)
            /// A new respondent's first write: their draft, made with the
            /// group's other new drafts.
            case newDraft(NewDraft)
            /// A respondent's submit, stored with the group's others.
            case submit(Submit)
            /// Statements of its own; returns the respondent whose event
            /// streams are to hear of it (nil: none).
            case body(@Sendable (PostgresConnection, Logger) async throws -> String?)
        }

        let kind: Kind
        /// Where the write goes in its group: the draft it locks first.
        let order: Int64
        /// For an answer, a new draft or a submit: what it wrote; nil:
        /// nothing.
        let written = Mutex<Written?>(nil)

        init(_ kind: Kind, order: Int64) {
            self.kind = kind
            self.order = order
        }
    }

    /// What a grouped answer, new draft or submit wrote.
    private enum Written: Sendable {
        /// The draft, at this version after the write.
        case draft(Int64, version: String)
        /// The response, made and submitted at these times.
        case submitted(created: String, submitted: String)
    }

    /// A respondent's open draft to submit holding `answers`, if it is
    /// still at `version`.
    struct Submit: Sendable {
        let draft: Int64
        let version: String
        let answers: [FormResponse.Answer]
    }

    /// A draft to make for a new respondent, holding `answers`, unless the
    /// open drafts number `maxDrafts` already.
    struct NewDraft: Sendable {
        let respondent: String
        let answers: [FormResponse.Answer]
        let maxDrafts: Int
    }

    private let groups: CommitGroups<Write>

    /// Groups of at most `maximumGroup` writes, made through `connections`.
    init(_ connections: DraftConnections, maximumGroup: Int = 64) {
        groups = CommitGroups(maximumGroup: maximumGroup) { group in Self.commit(group, connections) }
    }

    /// Stores `answer` by `respondent` in the next group: the draft's new
    /// version once the group committed; nil, with nothing written, when
    /// the draft was no longer at the version the answer was checked
    /// against (or the group held another answer to it).
    func store(_ answer: StoreAnswersStatement.Answer, by respondent: String) throws(FormStoreError) -> String? {
        let write = Write(.answer(answer, by: respondent), order: answer.draft)
        try wait(for: write)
        guard case .draft(_, let version) = write.written.withLock({ $0 }) else { return nil }
        return version
    }

    /// Submits `submit`'s draft by `respondent` in the next group: the
    /// response's times once the group committed; nil, with nothing
    /// written, when the draft was no longer at the version checked.
    func submit(_ submit: Submit, by respondent: String) throws(FormStoreError) -> (created: String, submitted: String)? {
        let write = Write(.submit(submit), order: submit.draft)
        try wait(for: write)
        guard case .submitted(let created, let submitted) = write.written.withLock({ $0 }) else { return nil }
        return (created, submitted)
    }

    /// Makes `draft` in the next group: its id and version once the group
    /// committed; refused `tooManyDrafts` when the open drafts were at its
    /// limit.
    func start(_ draft: NewDraft) throws(FormStoreError) -> (draft: Int64, version: String) {
        let write = Write(.newDraft(draft), order: .max)
        try wait(for: write)
        guard case .draft(let made, let version) = write.written.withLock({ $0 }) else {
            throw .responseStore(ResponseStoreFailure(.failed, "PostgreSQL made a draft and returned no id"))
        }
        return (made, version)
    }

    /// Runs `body` in the transaction of the next group and returns its
    /// result once that group committed. `body` returns its result and
    /// the respondent to notify, and may throw a `FormStoreError` only
    /// before it writes (a refusal: that write alone fails, and the group
    /// goes on). A group that PostgreSQL rolls back (a CHECK, a deadlock)
    /// is run again a write at a time, so that each fails alone.
    /// `locksFirst` is the draft `body` locks first (nil: a new one).
    func write<T: Sendable>(locksFirst draft: Int64?,
                            _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> (T, notify: String?)) throws(FormStoreError) -> T {
        let result = Mutex<T?>(nil)
        let write = Write(.body { connection, logger in
            let (value, respondent) = try await body(connection, logger)
            result.withLock { $0 = value }
            return respondent
        }, order: draft ?? .max)
        try wait(for: write)
        guard let value = result.withLock({ $0 }) else {
            throw .responseStore(ResponseStoreFailure(.failed, "a grouped PostgreSQL write ended without its result"))
        }
        return value
    }

    /// Queues `write` and waits for its group to commit.
    private func wait(for write: Write) throws(FormStoreError) {
        do {
            try groups.write(write)
        } catch let error as FormStoreError {
            throw error
        } catch {
            throw .responseStore(ResponseStoreFailure(.failed, "PostgreSQL: \(error)"))
        }
    }

    /// One group's transaction: its answers in one statement, its new
    /// drafts in two more, its submits in three, then each other write in
    /// draft order, then one notification of the respondents they wrote
    /// for.
    private static func commit(_ group: [Write], _ connections: DraftConnections) -> [(any Error)?] {
        // In draft order, so that two servers' groups lock the drafts they
        // share in the same order and do not wait for each other in a cycle.
        let ordered = group.indices.sorted { group[$0].order < group[$1].order }.map { group[$0] }
        for write in group { write.written.withLock { $0 = nil } }
        do {
            let refusals = try connections.run(transaction: true) { connection, logger -> [ObjectIdentifier: FormStoreError] in
                var notified = try await storeAnswers(ordered, connection, logger)
                var refusals: [ObjectIdentifier: FormStoreError] = [:]
                notified += try await startDrafts(ordered, refused: &refusals, connection, logger)
                notified += try await submitDrafts(ordered, connection, logger)
                for write in ordered {
                    guard case .body(let body) = write.kind else { continue }
                    do {
                        if let respondent = try await body(connection, logger) { notified.append(respondent) }
                    } catch let refusal as FormStoreError {
                        refusals[ObjectIdentifier(write)] = refusal
                    }
                }
                var seen: Set<String> = []
                try await PostgresDrafts.notify(notified.filter { seen.insert($0).inserted }, connection, logger)
                return refusals
            }
            return group.map { refusals[ObjectIdentifier($0)] }
        } catch {
            // Without PostgreSQL, all fail at once; else each on its own.
            if group.count > 1, !Self.isUnreachable(error) { return group.flatMap { commit([$0], connections) } }
            return group.map { _ in error }
        }
    }

    /// Stores the group's answers, at most one per draft (a second answer
    /// to a draft finds it changed, as it would in the next group);
    /// returns the respondents whose answers it stored.
    private static func storeAnswers(_ group: [Write], _ connection: PostgresConnection, _ logger: Logger) async throws -> [String] {
        var answering: [Int64: Write] = [:]
        var answers: [StoreAnswersStatement.Answer] = []
        for write in group {
            guard case .answer(let answer, _) = write.kind, answering[answer.draft] == nil else { continue }
            answering[answer.draft] = write
            answers.append(answer)
        }
        guard !answers.isEmpty else { return [] }
        var stored: [String] = []
        for try await (draft, version) in try await connection.execute(StoreAnswersStatement(answers: answers), logger: logger) {
            guard let write = answering[draft], case .answer(_, let respondent) = write.kind else { continue }
            write.written.withLock { $0 = .draft(draft, version: version) }
            stored.append(respondent)
        }
        return stored
    }

    /// Submits the group's drafts that are still at the versions their
    /// submits were checked against, at most one submit per draft; returns
    /// the respondents whose drafts it submitted.
    private static func submitDrafts(_ group: [Write], _ connection: PostgresConnection, _ logger: Logger) async throws -> [String] {
        var submitting: [Int64: (write: Write, submit: Submit)] = [:]
        var drafts: [Int64] = []
        for write in group {
            guard case .submit(let submit) = write.kind, submitting[submit.draft] == nil else { continue }
            submitting[submit.draft] = (write, submit)
            drafts.append(submit.draft)
        }
        guard !drafts.isEmpty else { return [] }
        var submitted: [(id: Int64, respondent: String)] = []
        for try await (id, respondent, created, at) in try await connection.query("""
            UPDATE response r SET status = 'complete', submitted_at = \(unescaped: PostgresDrafts.now), answered_at = \(unescaped: PostgresDrafts.now)
            FROM unnest(\(drafts)::bigint[], \(drafts.compactMap { submitting[$0]?.submit.version })::text[]) AS i (id, version)
            WHERE r.id = i.id AND r.status = 'draft' AND r.xmin::text = i.version
            RETURNING r.id, r.respondent, r.created_at, r.submitted_at
            """, logger: logger).decode((Int64, String, String, String).self) {
            guard let write = submitting[id]?.write else { continue }
            write.written.withLock { $0 = .submitted(created: created, submitted: at) }
            submitted.append((id, respondent))
        }
        guard !submitted.isEmpty else { return [] }
        // The answers as the submit checked them, in place of the draft's.
        let ids = submitted.map(\.id)
        try await connection.query("DELETE FROM answer WHERE response_id = ANY(\(ids)::bigint[])", logger: logger)
        let rows = submitted.flatMap { made in
            (submitting[made.id]?.submit.answers ?? []).enumerated().map { (made.id, Int32($0.offset + 1), $0.element) }
        }
        try await insertAnswers(rows, connection, logger)
        return submitted.map(\.respondent)
    }

    /// Makes the group's new drafts under `PostgresDrafts.newDraftLock`,
    /// so that the count and the inserts are one step for every server,
    /// each only while the open drafts are below its limit (`refused`
    /// gets the others); returns the respondents whose drafts it made.
    private static func startDrafts(_ group: [Write], refused: inout [ObjectIdentifier: FormStoreError],
                                    _ connection: PostgresConnection, _ logger: Logger) async throws -> [String] {
        let starting = group.compactMap { write -> (Write, NewDraft)? in
            if case .newDraft(let draft) = write.kind { return (write, draft) }
            return nil
        }
        guard !starting.isEmpty else { return [] }
        try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresDrafts.newDraftLock))", logger: logger)
        var open = try await PostgresDrafts.openDraftCount(connection, logger)
        var admitted: [String: (write: Write, draft: NewDraft)] = [:]
        var order: [String] = []
        for (write, draft) in starting {
            guard admitted[draft.respondent] == nil else {
                // Never expected: each new respondent's id is a fresh one.
                refused[ObjectIdentifier(write)] = .busy(path: "the draft of a new respondent")
                continue
            }
            guard open < draft.maxDrafts else {
                refused[ObjectIdentifier(write)] = .tooManyDrafts(limit: draft.maxDrafts)
                continue
            }
            open += 1
            admitted[draft.respondent] = (write, draft)
            order.append(draft.respondent)
        }
        guard !order.isEmpty else { return [] }
        var made: [(id: Int64, draft: NewDraft)] = []
        for try await (id, respondent, version) in try await connection.query("""
            INSERT INTO response (status, respondent, answered_at)
            SELECT 'draft', r, \(unescaped: PostgresDrafts.now) FROM unnest(\(order)::text[]) AS u (r)
            RETURNING id, respondent, xmin::text
            """, logger: logger).decode((Int64, String, String).self) {
            guard let (write, draft) = admitted[respondent] else { continue }
            write.written.withLock { $0 = .draft(id, version: version) }
            made.append((id, draft))
        }
        let rows = made.flatMap { made in made.draft.answers.enumerated().map { (made.id, Int32($0.offset + 1), $0.element) } }
        try await insertAnswers(rows, connection, logger)
        return made.map(\.draft.respondent)
    }

    /// Inserts answer rows (response, position, answer) in one statement.
    private static func insertAnswers(_ rows: [(Int64, Int32, FormResponse.Answer)], _ connection: PostgresConnection,
                                      _ logger: Logger) async throws {
        guard !rows.isEmpty else { return }
        try await connection.query("""
            INSERT INTO answer (response_id, position, key, label, value, shown, type)
            SELECT * FROM unnest(\(rows.map(\.0))::bigint[], \(rows.map(\.1))::integer[], \(rows.map(\.2.key))::text[],
                                 \(rows.map(\.2.label))::text[], \(rows.map(\.2.value))::text[], \(rows.map(\.2.isShown))::boolean[],
                                 \(rows.map(\.2.type.rawValue))::text[])
            """, logger: logger)
    }

    private static func isUnreachable(_ error: FormStoreError) -> Bool {
        if case .responseStore(let failure) = error { return failure.kind == .unreachable }
        return false
    }
}
