import FormModel
import FormStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Respondents' drafts and responses in PostgreSQL, for `formctl serve
/// --collect --responses postgresql://…`: FormStore's `DraftStore`, so
/// that FormKit's respondent operations run on it as on the form's file,
/// and any number of servers share it (docs/scaling.md).
///
/// - **Connections:** a pool (postgres-nio's `PostgresClient`), which
///   makes new connections by itself when PostgreSQL comes back. A write
///   waits at most `leaseTimeout` for a connection; past it, nothing is
///   written and the write fails `unreachable` (503 with `Retry-After`).
/// - **Each write atomic**, as a write to the file is: the respondent's
///   form is made from their draft's answers, the change checked against
///   it, and stored only if the draft is still the one checked (an answer
///   or a submit: guarded by the row's version, which this server's last
///   write of the draft gives without a read, `DraftVersions`; an Add or
///   Remove, or a write without an open draft: the draft locked `FOR
///   UPDATE`), so that a submit through one server and an answer through
///   another take turns.
/// - **Group commit:** the writes this server makes at the same moment are
///   one transaction (`DraftWriteGroups`): its answers one statement, its
///   new drafts two, its submits three, then one commit.
/// - **Limits across servers:** a new draft is made under a
///   transaction-scoped advisory lock (`newDraftLock`), so two servers
///   never both take the last place `--max-drafts` leaves, and `--once`
///   asks the database, which every server shares.
/// - **Events across servers:** each group notifies `changesChannel` with
///   the hashes of the respondents it wrote for, sent at commit;
///   `observeDrafts` listens on a connection of its own.
/// - **The sweep** runs on one server at a time: each batch first takes
///   `sweepLock` with `pg_try_advisory_xact_lock`, and a server that does
///   not get it leaves the batch to the one that did.
///
/// The form itself stays in the SQLite file: `blank` gives the form a
/// respondent without a draft sees, from which every respondent's form is
/// made with their answers.
public final class PostgresDrafts: DraftStore {
    /// Where the drafts are.
    public let uri: PostgresURI
    private let connections: DraftConnections
    /// The writes of drafts, committed a group at a time (`DraftWriteGroups`).
    private let writes: DraftWriteGroups
    /// The drafts this server's answers last left (`DraftVersions`).
    private let versions = DraftVersions()
    private let logger: Logger
    private let blank: @Sendable () throws(FormStoreError) -> FormDefinition
    /// The pool's own task, and the listener's once `observeDrafts` starts it.
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// How long a write waits for a connection before it is refused
    /// `unreachable`: PostgreSQL stopped, a respondent hears so at once
    /// rather than after the pool's own minute.
    static let leaseTimeout: Duration = .seconds(3)
    /// The channel each write notifies, with the respondent's hash.
    static let changesChannel = "formctl_drafts"
    /// The advisory lock a new draft is made under ("formdraf" in ASCII,
    /// as `PostgresMigrations.lockKey` is "formctl").
    static let newDraftLock: Int64 = 0x666f_726d_6472_6166
    /// The advisory lock a sweep's batch is made under ("formswep").
    static let sweepLock: Int64 = 0x666f_726d_7377_6570
    /// The now of a row's times, as SQLite writes them (`2026-11-25T18:00:00.123Z`).
    static let now = #"to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#

    /// Drafts at `uri`, whose database `PostgresResponses.open` has
    /// migrated and whose form it has checked; `blank` reads the blank
    /// respondent form from the form's file. Connections are made when
    /// first needed, at most `connections` at once.
    public init(uri: PostgresURI, connections: Int = 16, blank: @escaping @Sendable () throws(FormStoreError) -> FormDefinition) {
        self.uri = uri
        self.blank = blank
        var logger = Logger(label: "formctl.postgres")
        logger.logLevel = .critical
        self.logger = logger
        var configuration = Self.clientConfiguration(uri)
        configuration.options.maximumConnections = max(1, connections)
        configuration.options.connectTimeout = .seconds(2)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let connections = DraftConnections(client: client, logger: logger, uri: uri)
        self.connections = connections
        writes = DraftWriteGroups(connections)
        tasks.withLock { $0.append(Task { await client.run() }) }
    }

    /// Stops the pool and the listener.
    public func close() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    private static func clientConfiguration(_ uri: PostgresURI) -> PostgresClient.Configuration {
        if uri.isUnixSocket {
            return PostgresClient.Configuration(unixSocketPath: uri.socketPath, username: uri.user, password: uri.password, database: uri.database)
        }
        // TLS as `PostgresResponses` asks for it (libpq's sslmode).
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        tlsConfiguration.certificateVerification = .none
        let tls: PostgresClient.Configuration.TLS = switch uri.tlsMode {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration)
        case .require: .require(tlsConfiguration)
        }
        return PostgresClient.Configuration(host: uri.host, port: uri.port, username: uri.user, password: uri.password,
                                            database: uri.database, tls: tls)
    }

    // MARK: DraftStore

    public func respondentForm(_ respondent: String?, shape: RespondentShape) throws(FormStoreError) -> (form: FormDefinition, draft: Int64?) {
        let blank = try self.blank()
        // A visitor without an id reads nothing here: the blank form is
        // the file's, and stays there while PostgreSQL is away.
        guard let respondent else { return (blank, nil) }
        // One read: no transaction to begin and commit around it.
        return try connections.run(transaction: false) { connection, logger in
            guard let open = try await Self.openDraft(respondent, locking: false, connection, logger) else { return (blank, nil) }
            return (try shape.form(blank, open.answers), open.draft)
        }
    }

    public func writeDraftAnswer(_ respondent: String?, orNew newRespondent: String, key: String, value: CheckedValue,
                                 limits: DraftLimits, shape: RespondentShape) throws(FormStoreError)
        -> (form: FormDefinition, draft: Int64, respondent: String, created: Bool) {
        let blank = try self.blank()
        // A new respondent's first answer: checked against the blank form
        // (there is no draft to race with), their draft made with the
        // group's other new drafts.
        guard let respondent else {
            var form = blank
            let answer = try form.answer(key, with: value)
            let answers = Self.storing(answer, in: blank.storedAnswers)
            let made = try writes.start(DraftWriteGroups.NewDraft(respondent: newRespondent, answers: answers, maxDrafts: limits.maxDrafts))
            versions.remember(VersionedDraft(draft: made.draft, version: made.version, answers: Self.byPath(answers)), of: newRespondent)
            return (form, made.draft, newRespondent, true)
        }
        // An answer to an open draft, the common write: checked against
        // the draft at a version, then stored only if the draft is still
        // at it, in the transaction of the writes this server makes at
        // the same moment (no lock held across the check).
        let stored = try withOpenDraft(of: respondent) { seen throws(FormStoreError) -> Attempt<(FormDefinition, VersionedDraft)> in
            var form = try Self.form(of: (seen.draft, seen.answers), blank, shape)
            let answer = try form.answer(key, with: value)
            let answered = StoreAnswersStatement.Answer(draft: seen.draft, version: seen.version, answer: answer)
            guard let version = try writes.store(answered, by: respondent) else { return .changed }
            return .done((form, VersionedDraft(draft: seen.draft, version: version, answers: seen.answers.merging([answer.key: answer.value]) { $1 })))
        }
        if let (form, draft) = stored {
            versions.remember(draft, of: respondent)
            return (form, draft.draft, respondent, false)
        }
        // No open draft (or one that keeps changing): one transaction that
        // locks it, or makes one under the new-draft lock.
        typealias Written = (form: FormDefinition, draft: VersionedDraft, respondent: String, created: Bool)
        let written = try writes.write(locksFirst: nil) { connection, logger -> (Written, notify: String?) in
            let open = try await Self.openDraft(respondent, locking: true, connection, logger)
            var form = try Self.form(of: open, blank, shape)
            let answer = try form.answer(key, with: value)
            if let open {
                try await Self.store(answer, in: open.draft, connection, logger)
                let version = try await Self.written(open.draft, connection, logger)
                let draft = VersionedDraft(draft: open.draft, version: version, answers: open.answers.merging([answer.key: answer.value]) { $1 })
                return ((form: form, draft: draft, respondent: respondent, created: false), notify: respondent)
            }
            try await Self.refuseOnce(respondent, limits, connection, logger)
            let made = try await Self.startDraft(newRespondent, answers: blank.storedAnswers, limits: limits, connection, logger)
            try await Self.store(answer, in: made, connection, logger)
            let version = try await Self.written(made, connection, logger)
            let draft = VersionedDraft(draft: made, version: version, answers: Self.byPath(Self.storing(answer, in: blank.storedAnswers)))
            return ((form: form, draft: draft, respondent: newRespondent, created: true), notify: newRespondent)
        }
        versions.remember(written.draft, of: written.respondent)
        return (written.form, written.draft.draft, written.respondent, written.created)
    }

    public func submitDraft(_ respondent: String?, orNew newRespondent: String, limits: DraftLimits, shape: RespondentShape,
                            accepts: (FormDefinition) -> Bool) throws(FormStoreError) -> (stored: StoredResponse, respondent: String)? {
        let blank = try self.blank()
        if let respondent {
            // An open draft, checked at a version and submitted if still at
            // it, with the other submits of the group.
            let submitted = try withOpenDraft(of: respondent) { seen throws(FormStoreError) -> Attempt<StoredResponse?> in
                let form = try Self.form(of: (seen.draft, seen.answers), blank, shape)
                // What this server remembers may be behind: refused only
                // on the draft as read.
                guard accepts(form) else { return seen.isRemembered ? .changed : .done(nil) }
                let answers = form.storedAnswers
                let submit = DraftWriteGroups.Submit(draft: seen.draft, version: seen.version, answers: answers)
                guard let times = try writes.submit(submit, by: respondent) else { return .changed }
                let response = FormResponse(id: seen.draft, status: .complete, createdAt: times.created, submittedAt: times.submitted, answers: answers)
                return .done(StoredResponse(response: response, replacedDraft: true, cleared: []))
            }
            versions.forget(respondent)
            if let submitted { return submitted.map { ($0, respondent) } }
        }
        // No open draft: the blank form, as a new respondent's response.
        return try checkedAgainstDraft(of: respondent) { seen throws(FormStoreError) -> Attempt<(stored: StoredResponse, respondent: String)?> in
            let form = try Self.form(of: seen, blank, shape)
            guard accepts(form) else { return .done(nil) }
            let answers = form.storedAnswers
            return try writes.write(locksFirst: seen?.draft) { connection, logger -> (Attempt<(stored: StoredResponse, respondent: String)?>, notify: String?) in
                let open = try await respondent.asyncFlatMap { try await Self.openDraft($0, locking: true, connection, logger) }
                guard Self.same(open, seen) else { return (.changed, notify: nil) }
                if let open, let respondent {
                    let times = try await Self.times(try await connection.query("""
                        UPDATE response SET status = 'complete', submitted_at = \(unescaped: Self.now), answered_at = \(unescaped: Self.now)
                        WHERE id = \(open.draft) RETURNING created_at, submitted_at
                        """, logger: logger))
                    try await connection.query("DELETE FROM answer WHERE response_id = \(open.draft)", logger: logger)
                    try await Self.insert(answers, into: open.draft, connection, logger)
                    let response = FormResponse(id: open.draft, status: .complete, createdAt: times.created, submittedAt: times.submitted, answers: answers)
                    return (.done((StoredResponse(response: response, replacedDraft: true, cleared: []), respondent)), notify: respondent)
                }
                try await Self.refuseOnce(respondent, limits, connection, logger)
                let rows = try await connection.query("""
                    INSERT INTO response (status, respondent, answered_at) VALUES ('complete', \(newRespondent), \(unescaped: Self.now))
                    RETURNING id, created_at, submitted_at
                    """, logger: logger)
                var made: (id: Int64, created: String, submitted: String)?
                for try await (id, created, submitted) in rows.decode((Int64, String, String).self) { made = (id, created, submitted) }
                guard let made else { throw PostgresStoreError(.failed, "PostgreSQL stored a response and returned no id") }
                try await Self.insert(answers, into: made.id, connection, logger)
                let response = FormResponse(id: made.id, status: .complete, createdAt: made.created, submittedAt: made.submitted, answers: answers)
                return (.done((StoredResponse(response: response, replacedDraft: false, cleared: []), newRespondent)), notify: newRespondent)
            }
        }
    }

    public func rewriteDraft(_ respondent: String?, orNew newRespondent: String, limits: DraftLimits, shape: RespondentShape,
                             change: (FormDefinition) throws(FormStoreError) -> FormDefinition) throws(FormStoreError)
        -> (form: FormDefinition, draft: Int64, respondent: String, created: Bool) {
        let blank = try self.blank()
        if let respondent { versions.forget(respondent) }
        return try checkedAgainstDraft(of: respondent) { seen throws(FormStoreError) -> Attempt<(form: FormDefinition, draft: Int64, respondent: String, created: Bool)> in
            let form = try change(try Self.form(of: seen, blank, shape))
            let answers = form.storedAnswers
            typealias Rewritten = Attempt<(form: FormDefinition, draft: Int64, respondent: String, created: Bool)>
            return try writes.write(locksFirst: seen?.draft) { connection, logger -> (Rewritten, notify: String?) in
                let open = try await respondent.asyncFlatMap { try await Self.openDraft($0, locking: true, connection, logger) }
                guard Self.same(open, seen) else { return (.changed, notify: nil) }
                if let open, let respondent {
                    try await connection.query("DELETE FROM answer WHERE response_id = \(open.draft)", logger: logger)
                    try await Self.insert(answers, into: open.draft, connection, logger)
                    try await Self.written(open.draft, connection, logger)
                    return (.done((form, open.draft, respondent, false)), notify: respondent)
                }
                try await Self.refuseOnce(respondent, limits, connection, logger)
                let draft = try await Self.startDraft(newRespondent, answers: answers, limits: limits, connection, logger)
                try await Self.written(draft, connection, logger)
                return (.done((form, draft, newRespondent, true)), notify: newRespondent)
            }
        }
    }

    public func openDraftCount() throws(FormStoreError) -> Int {
        try connections.run(transaction: false) { connection, logger in try await Self.openDraftCount(connection, logger) }
    }

    public func sweepDrafts(olderThan seconds: Int, batch: Int) throws(FormStoreError) -> Int {
        var deleted = 0
        while true {
            let count = try transaction { connection, logger -> Int? in
                var taken = false
                for try await got in try await connection.query("SELECT pg_try_advisory_xact_lock(\(Self.sweepLock))", logger: logger)
                    .decode(Bool.self) { taken = got }
                // Another server is sweeping this moment.
                guard taken else { return nil }
                let cutoff = Int64(max(0, seconds))
                let rows = try await connection.query("""
                    DELETE FROM response WHERE id IN (
                        SELECT id FROM response
                        WHERE status = 'draft' AND respondent IS NOT NULL
                          AND answered_at < to_char((clock_timestamp() - make_interval(secs => \(Double(cutoff)))) AT TIME ZONE 'UTC',
                                                    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                        ORDER BY answered_at LIMIT \(Int64(max(1, batch))) FOR UPDATE SKIP LOCKED)
                    RETURNING id
                    """, logger: logger)
                var count = 0
                for try await _ in rows.decode(Int64.self) { count += 1 }
                return count
            }
            guard let count else { return deleted }
            deleted += count
            if count < max(1, batch) { return deleted }
        }
    }

    public func observeDrafts(_ changed: @escaping @Sendable (String) -> Void) {
        let uri = uri
        let logger = logger
        let listener = Task {
            // Listens until closed; a lost connection is made again a
            // second later (PostgreSQL restarted). Nothing is replayed: a
            // stream reads its respondent's form afresh at the next write.
            while !Task.isCancelled {
                if let connection = try? await PostgresConnection.connect(configuration: PostgresResponses.configuration(uri), id: 2, logger: logger) {
                    _ = try? await connection.listen(on: Self.changesChannel) { notifications in
                        for try await notification in notifications {
                            for respondent in notification.payload.split(separator: ",") { changed(String(respondent)) }
                        }
                    }
                    try? await connection.close()
                }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        tasks.withLock { $0.append(listener) }
    }

    // MARK: Transactions

    /// What one try of a write checked against a draft read before it gave.
    private enum Attempt<T: Sendable>: Sendable {
        /// Written (or refused), with this result.
        case done(T)
        /// The draft changed since it was read: read it again and retry.
        case changed
    }

    /// A draft as read: its id and answers.
    private typealias Draft = (draft: Int64, answers: [String: String])

    /// How many times a write checked against a draft is tried before the
    /// draft, changing under it each time, is reported busy.
    static let attempts = 8

    /// Runs `attempt` with `respondent`'s open draft at a version, again
    /// while it says the draft changed before it could write: first as
    /// this server's last write left it (`DraftVersions`), then as read.
    /// A refusal (a throw) of what was remembered is tried again on the
    /// draft as read. Nil: the respondent has no open draft, or it kept
    /// changing; a locking transaction is then the way.
    private func withOpenDraft<T>(of respondent: String,
                                  _ attempt: (VersionedDraft) throws(FormStoreError) -> Attempt<T>) throws(FormStoreError) -> T? {
        var known = versions.last(respondent)
        for _ in 0..<Self.attempts {
            let seen: VersionedDraft
            if let draft = known {
                seen = draft.remembered
                known = nil
            } else {
                guard let read = try connections.run(transaction: false, { connection, logger in
                    try await Self.versionedDraft(respondent, connection, logger)
                }) else { return nil }
                seen = read
            }
            do {
                if case .done(let result) = try attempt(seen) { return result }
            } catch where seen.isRemembered {
                // Judged again on the draft as read.
            }
        }
        return nil
    }

    /// Runs `attempt` with `respondent`'s draft as read now (nil: none),
    /// again while it says the draft changed before it could write.
    ///
    /// For the writes whose check is the caller's (`accepts`, `change`):
    /// they run here, on the caller's thread, never inside the driver's
    /// tasks, which may outlive the call; the transaction then writes
    /// only if the draft, locked, is still the one they saw, so that the
    /// write is as if made at once.
    private func checkedAgainstDraft<T: Sendable>(of respondent: String?,
                                                  _ attempt: (Draft?) throws(FormStoreError) -> Attempt<T>) throws(FormStoreError) -> T {
        for _ in 0..<Self.attempts {
            let seen: Draft? = try respondent.map { respondent throws(FormStoreError) in
                try connections.run(transaction: false) { connection, logger in try await Self.openDraft(respondent, locking: false, connection, logger) }
            } ?? nil
            if case .done(let result) = try attempt(seen) { return result }
        }
        throw .busy(path: "the PostgreSQL database at \(uri.place)")
    }

    /// The respondent's form with `draft`'s answers; the blank form without one.
    private static func form(of draft: Draft?, _ blank: FormDefinition, _ shape: RespondentShape) throws(FormStoreError) -> FormDefinition {
        guard let draft else { return blank }
        return try shape.form(blank, draft.answers)
    }

    /// Whether the draft locked now is the one read before.
    private static func same(_ locked: Draft?, _ seen: Draft?) -> Bool {
        locked?.draft == seen?.draft && locked?.answers == seen?.answers
    }

    /// `body` in one transaction on a pooled connection, waiting for it
    /// (`DraftConnections.run`).
    private func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) throws(FormStoreError) -> T {
        try connections.run(transaction: true, body)
    }

    // MARK: Inside a transaction

    /// `respondent`'s open draft with its answers by path and its row's
    /// version (`VersionedDraftStatement`); nil: none.
    private static func versionedDraft(_ respondent: String, _ connection: PostgresConnection,
                                       _ logger: Logger) async throws -> VersionedDraft? {
        var found: (draft: Int64, version: String)?
        var answers: [String: String] = [:]
        for try await (id, version, key, value) in try await connection.execute(VersionedDraftStatement(respondent: respondent), logger: logger) {
            if found == nil { found = (id, version) }
            if let key, let value { answers[key] = value }
        }
        return found.map { VersionedDraft(draft: $0.draft, version: $0.version, answers: answers) }
    }

    /// `respondent`'s open draft with its answers by path, locked until
    /// the transaction ends when `locking`; nil: none.
    private static func openDraft(_ respondent: String, locking: Bool, _ connection: PostgresConnection,
                                  _ logger: Logger) async throws -> (draft: Int64, answers: [String: String])? {
        let rows = try await connection.query("""
            SELECT r.id, a.key, a.value FROM response r LEFT JOIN answer a ON a.response_id = r.id
            WHERE r.respondent = \(respondent) AND r.status = 'draft' \(unescaped: locking ? "FOR UPDATE OF r" : "")
            """, logger: logger)
        var draft: Int64?
        var answers: [String: String] = [:]
        for try await (id, key, value) in rows.decode((Int64, String?, String?).self) {
            draft = id
            if let key, let value { answers[key] = value }
        }
        return draft.map { ($0, answers) }
    }

    /// With `--once`, refuses a `respondent` who has submitted.
    private static func refuseOnce(_ respondent: String?, _ limits: DraftLimits, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard limits.once, let respondent else { return }
        let rows = try await connection.query("""
            SELECT EXISTS (SELECT 1 FROM response WHERE respondent = \(respondent) AND status = 'complete')
            """, logger: logger)
        for try await submitted in rows.decode(Bool.self) where submitted { throw FormStoreError.alreadySubmitted }
    }

    static func openDraftCount(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int {
        var count: Int64 = 0
        for try await open in try await connection.query("""
            SELECT count(*) FROM response WHERE status = 'draft' AND respondent IS NOT NULL
            """, logger: logger).decode(Int64.self) { count = open }
        return Int(count)
    }

    /// Makes `respondent`'s draft holding `answers`, within `limits`;
    /// returns its id. Under `newDraftLock` until the transaction ends, so
    /// that the count and the insert are one step for every server.
    private static func startDraft(_ respondent: String, answers: [FormResponse.Answer], limits: DraftLimits,
                                   _ connection: PostgresConnection, _ logger: Logger) async throws -> Int64 {
        try await connection.query("SELECT pg_advisory_xact_lock(\(newDraftLock))", logger: logger)
        if try await openDraftCount(connection, logger) >= limits.maxDrafts { throw FormStoreError.tooManyDrafts(limit: limits.maxDrafts) }
        var made: Int64?
        for try await id in try await connection.query("""
            INSERT INTO response (status, respondent, answered_at) VALUES ('draft', \(respondent), \(unescaped: now)) RETURNING id
            """, logger: logger).decode(Int64.self) { made = id }
        guard let made else { throw PostgresStoreError(.failed, "PostgreSQL made a draft and returned no id") }
        try await insert(answers, into: made, connection, logger)
        return made
    }

    /// Writes `answer` into draft `draft`: its row updated, or added last.
    private static func store(_ answer: FormResponse.Answer, in draft: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.query("""
            INSERT INTO answer (response_id, position, key, label, value, shown, type)
            VALUES (\(draft), (SELECT COALESCE(max(position), 0) + 1 FROM answer WHERE response_id = \(draft)),
                    \(answer.key), \(answer.label), \(answer.value), \(answer.isShown), \(answer.type.rawValue))
            ON CONFLICT (response_id, key) DO UPDATE
            SET label = EXCLUDED.label, value = EXCLUDED.value, shown = EXCLUDED.shown, type = EXCLUDED.type
            """, logger: logger)
    }

    /// Marks draft `draft` written now (the sweep's clock); returns its
    /// new row version.
    @discardableResult
    private static func written(_ draft: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws -> String {
        var version = ""
        for try await written in try await connection.query("""
            UPDATE response SET answered_at = \(unescaped: now) WHERE id = \(draft) RETURNING xmin::text
            """, logger: logger).decode(String.self) { version = written }
        return version
    }

    /// Notifies `changesChannel` with `respondents`, sent when the
    /// transaction commits (and not at all if it rolls back): their
    /// hashes joined by commas, as many to a notification as fit in
    /// PostgreSQL's 8000 bytes.
    static func notify(_ respondents: [String], _ connection: PostgresConnection, _ logger: Logger) async throws {
        var start = respondents.startIndex
        while start < respondents.endIndex {
            let end = min(start + notifiedAtOnce, respondents.endIndex)
            let payload = respondents[start..<end].joined(separator: ",")
            try await connection.query("SELECT pg_notify(\(changesChannel), \(payload))", logger: logger)
            start = end
        }
    }

    /// Hashes per notification: 64 digits and a comma each, within
    /// PostgreSQL's limit of 8000 bytes for a payload.
    static let notifiedAtOnce = 100

    /// `answers` with `answer` stored, as `store(_:in:)` stores it: in
    /// place of the answer to the same path, else last.
    private static func storing(_ answer: FormResponse.Answer, in answers: [FormResponse.Answer]) -> [FormResponse.Answer] {
        var answers = answers
        if let index = answers.firstIndex(where: { $0.key == answer.key }) {
            answers[index] = answer
        } else {
            answers.append(answer)
        }
        return answers
    }

    /// `answers`' values by path.
    private static func byPath(_ answers: [FormResponse.Answer]) -> [String: String] {
        Dictionary(answers.map { ($0.key, $0.value) }) { $1 }
    }

    /// Writes `answers` into response `id`, in order, in one statement.
    private static func insert(_ answers: [FormResponse.Answer], into id: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard !answers.isEmpty else { return }
        let positions = answers.indices.map { Int32($0 + 1) }
        try await connection.query("""
            INSERT INTO answer (response_id, position, key, label, value, shown, type)
            SELECT \(id), * FROM unnest(\(positions)::integer[], \(answers.map(\.key))::text[], \(answers.map(\.label))::text[],
                                        \(answers.map(\.value))::text[], \(answers.map(\.isShown))::boolean[],
                                        \(answers.map(\.type.rawValue))::text[])
            """, logger: logger)
    }

    /// The `created_at` and `submitted_at` an UPDATE … RETURNING gave.
    private static func times(_ rows: PostgresRowSequence) async throws -> (created: String, submitted: String) {
        for try await (created, submitted) in rows.decode((String, String).self) { return (created, submitted) }
        throw PostgresStoreError(.failed, "PostgreSQL updated a draft and returned no row")
    }
}

extension Optional {
    /// `transform` of the value, awaited; nil stays nil.
    func asyncFlatMap<U>(_ transform: (Wrapped) async throws -> U?) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
