import FormModel
import GRDB

/// What a respondent may start (`formctl serve --collect`'s limits).
public struct DraftLimits: Hashable, Sendable {
    /// Open respondent drafts past which a new respondent's first write is
    /// refused (`tooManyDrafts`).
    public var maxDrafts: Int
    /// Whether a respondent who has submitted may not start another
    /// response (`alreadySubmitted`).
    public var once: Bool

    /// Limits as given.
    public init(maxDrafts: Int, once: Bool) {
        self.maxDrafts = maxDrafts
        self.once = once
    }
}

/// Respondents' drafts (0010_respondents): each respondent, known by the
/// SHA-256 of their id (`respondent`, 64 lowercase hexadecimal digits),
/// has at most one open draft, a draft response holding one typed answer
/// per field. A respondent's view of the form is the form with the
/// draft's answers as its values, or each field's `default` without a
/// draft: never the form's own (shared) values.
extension FormDatabase {
    /// The form as `respondent` sees it (nil: a visitor without an id),
    /// made by `shape` from their draft's answers (none: the blank form),
    /// and their open draft's id (nil: none), in one read.
    public func respondentForm(_ respondent: String?, shape: RespondentShape = .fields) throws(FormStoreError) -> (form: FormDefinition, draft: Int64?) {
        try read { db in
            let form = try FormTables.definition(db)
            guard let respondent, let draft = try Self.openDraft(respondent, db) else { return (try shape.form(form, [:]), nil) }
            return (try shape.form(form, try Self.answers(of: draft, db)), draft)
        }
    }

    /// Stores `value` as `respondent`'s answer to field `key`, checked and
    /// stored as `setValue` stores a field's value (canonical text for the
    /// typed ones), and returns the respondent's form after it. Their first
    /// write makes their draft, within `limits`; `draft` is its id.
    public func writeDraftAnswer(_ respondent: String, key: String, value: CheckedValue, limits: DraftLimits,
                                 shape: RespondentShape = .fields) throws(FormStoreError) -> (form: FormDefinition, draft: Int64, created: Bool) {
        let written = try writeDraftAnswer(respondent, orNew: respondent, key: key, value: value, limits: limits, shape: shape)
        return (written.form, written.draft, written.created)
    }

    /// Stores `value` as an answer to field `key` by `respondent` when
    /// they have an open draft, else by `newRespondent` in a new draft
    /// (within `limits`: with `once`, a `respondent` who has submitted gets
    /// `alreadySubmitted`), and returns the writer's form after it, their
    /// draft, who wrote (`respondent` or `newRespondent`) and whether the
    /// draft is new.
    ///
    /// All of it is one write, under the write lock: the draft is looked
    /// up, the form it answers built and the value checked against it, so
    /// that no plan can go stale. On a shared database the blank form comes
    /// from `BlankFormMemory`, and only the draft's answers are read.
    public func writeDraftAnswer(_ respondent: String?, orNew newRespondent: String, key: String, value: CheckedValue,
                                 limits: DraftLimits, shape: RespondentShape = .fields) throws(FormStoreError)
        -> (form: FormDefinition, draft: Int64, respondent: String, created: Bool) {
        if isReadOnly { throw .readOnly(path: path) }
        return try writeRespondents(shape) { db, blank in
            let open = try respondent.flatMap { try Self.openDraft($0, db) }
            var form = try open.map { try shape.form(blank, try Self.answers(of: $0, db)) } ?? blank
            let answer = try form.answer(key, with: value)
            if let open, let respondent {
                try Self.store(answer, in: open, db)
                return (form, open, respondent, false)
            }
            if limits.once, let respondent, try Self.hasSubmitted(respondent, db) { throw FormStoreError.alreadySubmitted }
            let draft = try Self.startDraft(newRespondent, answers: blank.storedAnswers, limits: limits, db)
            try Self.store(answer, in: draft, db)
            return (form, draft, newRespondent, true)
        }
    }

    /// Submits `respondent`'s draft (or, without one, the blank form) when
    /// `accepts` (FormKit's `check`) passes the form it would store: the
    /// draft becomes a complete response holding every field's answer, as
    /// `submit` stores one. Returns nil, storing nothing, when `accepts`
    /// says no. With `limits.once`, a respondent who has submitted gets
    /// `alreadySubmitted`.
    public func submitDraft(_ respondent: String, limits: DraftLimits, shape: RespondentShape = .fields,
                            accepts: (FormDefinition) -> Bool) throws(FormStoreError) -> StoredResponse? {
        try submitDraft(respondent, orNew: respondent, limits: limits, shape: shape, accepts: accepts)?.stored
    }

    /// Submits `respondent`'s open draft, or without one the blank form as
    /// `newRespondent`'s response (with `limits.once`, a `respondent` who
    /// has submitted gets `alreadySubmitted`), when `accepts` (FormKit's
    /// `check`) passes the form it would store: the draft becomes a
    /// complete response holding every field's answer, as `submit` stores
    /// one. Returns nil, storing nothing, when `accepts` says no; else the
    /// response and who submitted it.
    ///
    /// One write, as `writeDraftAnswer` is: `accepts` runs under the write
    /// lock, on the form as it is stored.
    public func submitDraft(_ respondent: String?, orNew newRespondent: String, limits: DraftLimits, shape: RespondentShape = .fields,
                            accepts: (FormDefinition) -> Bool) throws(FormStoreError) -> (stored: StoredResponse, respondent: String)? {
        if isReadOnly { throw .readOnly(path: path) }
        return try writeRespondents(shape) { db, blank -> (stored: StoredResponse, respondent: String)? in
            let draft = try respondent.flatMap { try Self.openDraft($0, db) }
            if draft == nil, limits.once, let respondent, try Self.hasSubmitted(respondent, db) { throw FormStoreError.alreadySubmitted }
            let form = try draft.map { try shape.form(blank, try Self.answers(of: $0, db)) } ?? blank
            guard accepts(form) else { return nil }
            if let draft, let respondent {
                try db.execute(sql: """
                    UPDATE response SET status = 'complete', submitted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
                                        answered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                    WHERE id = ?
                    """, arguments: [draft])
                try db.execute(sql: "DELETE FROM answer WHERE response_id = ?", arguments: [draft])
                try Self.insert(form.storedAnswers, into: draft, db)
                return (StoredResponse(response: try ResponseTables.existingResponse(draft, db), replacedDraft: true, cleared: []), respondent)
            }
            try db.execute(sql: """
                INSERT INTO response (status, respondent, answered_at)
                VALUES ('complete', ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                """, arguments: [newRespondent])
            let id = db.lastInsertedRowID
            try Self.insert(form.storedAnswers, into: id, db)
            return (StoredResponse(response: try ResponseTables.existingResponse(id, db), replacedDraft: false, cleared: []), newRespondent)
        }
    }

    /// Replaces the answers of `respondent`'s draft with those of the form
    /// `change` makes of their form (a respondent's Add or Remove of an
    /// instance: `change` expands the form again), or without an open
    /// draft makes one for `newRespondent` holding them, within `limits`
    /// (as `writeDraftAnswer` starts one). Returns the form after it, the
    /// draft, who wrote and whether the draft is new. What `change` throws
    /// is thrown, nothing written. One write, as `writeDraftAnswer` is.
    public func rewriteDraft(_ respondent: String?, orNew newRespondent: String, limits: DraftLimits, shape: RespondentShape,
                             change: (FormDefinition) throws(FormStoreError) -> FormDefinition) throws(FormStoreError)
        -> (form: FormDefinition, draft: Int64, respondent: String, created: Bool) {
        if isReadOnly { throw .readOnly(path: path) }
        return try writeRespondents(shape) { db, blank in
            let open = try respondent.flatMap { try Self.openDraft($0, db) }
            let current = try open.map { try shape.form(blank, try Self.answers(of: $0, db)) } ?? blank
            let form = try change(current)
            let answers = form.storedAnswers
            if let open, let respondent {
                try db.execute(sql: "DELETE FROM answer WHERE response_id = ?", arguments: [open])
                try Self.insert(answers, into: open, db)
                try db.cachedStatement(sql: "UPDATE response SET answered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?")
                    .execute(arguments: [open])
                return (form, open, respondent, false)
            }
            if limits.once, let respondent, try Self.hasSubmitted(respondent, db) { throw FormStoreError.alreadySubmitted }
            let draft = try Self.startDraft(newRespondent, answers: answers, limits: limits, db)
            return (form, draft, newRespondent, true)
        }
    }

    /// A respondent's write: `body` gets the blank form as `shape` makes
    /// it (remembered on a shared database, else read) and writes
    /// responses, answers and history alone; its history rows are marked
    /// as it ends, so that the blank form, still right, holds past it
    /// (`BlankFormMemory`).
    private func writeRespondents<T>(_ shape: RespondentShape, _ body: (Database, FormDefinition) throws -> T) throws(FormStoreError) -> T {
        try writeMarkingHistory { db in
            let lastHistoryID = try Self.lastHistoryID(db)
            guard let blanks else { return try body(db, try shape.form(try FormTables.definition(db), [:])) }
            let (blank, version) = try blanks.form(on: db, shape: shape)
            let result = try body(db, blank)
            try Self.markHistory(after: db, lastHistoryID)
            try blanks.unchanged(since: version, on: db)
            return result
        }
    }

    /// Whether `respondent` has a complete response (`--once`).
    public func hasSubmitted(_ respondent: String) throws(FormStoreError) -> Bool {
        try mappingErrors(path: path) { try queue.read { db in try Self.hasSubmitted(respondent, db) } }
    }

    /// How many respondents' drafts are open.
    public func openDraftCount() throws(FormStoreError) -> Int {
        try mappingErrors(path: path) {
            try queue.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM response WHERE status = 'draft' AND respondent IS NOT NULL") ?? 0
            }
        }
    }

    /// Deletes the respondents' drafts last written more than `seconds`
    /// ago, oldest first, `batch` at a time, each batch in a transaction of
    /// its own, so that a writer never waits behind a long sweep. Returns
    /// how many were deleted. History records each (the delete trigger).
    @discardableResult
    public func sweepDrafts(olderThan seconds: Int, batch: Int = 64) throws(FormStoreError) -> Int {
        if isReadOnly { throw .readOnly(path: path) }
        var deleted = 0
        while true {
            let count = try writeMarkingHistory { db -> Int in
                try db.execute(sql: """
                    DELETE FROM response WHERE id IN (
                        SELECT id FROM response
                        WHERE status = 'draft' AND respondent IS NOT NULL
                          AND answered_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)
                        ORDER BY answered_at LIMIT ?)
                    """, arguments: ["-\(max(0, seconds)) seconds", max(1, batch)])
                return db.changesCount
            }
            deleted += count
            if count < max(1, batch) { return deleted }
        }
    }

    /// The age in whole seconds of every draft, by id: since its last
    /// write for a respondent's draft, since it was stored for another.
    public func draftAges() throws(FormStoreError) -> [Int64: Int64] {
        try mappingErrors(path: path) {
            try queue.read { db in
                var ages: [Int64: Int64] = [:]
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, CAST((julianday('now') - julianday(COALESCE(answered_at, submitted_at))) * 86400 AS INTEGER)
                    FROM response WHERE status = 'draft'
                    """)
                while let row = try rows.next() {
                    ages[try row.decode(Int64.self, atIndex: 0)] = try row.decode(Int64?.self, atIndex: 1) ?? 0
                }
                return ages
            }
        }
    }

    // MARK: Inside a transaction

    /// `respondent`'s open draft, if any.
    private static func openDraft(_ respondent: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM response WHERE respondent = ? AND status = 'draft'"), arguments: [respondent])
    }

    private static func hasSubmitted(_ respondent: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM response WHERE respondent = ? AND status = 'complete')",
                          arguments: [respondent]) ?? false
    }

    /// The answers of draft `draft`, by field path.
    private static func answers(of draft: Int64, _ db: Database) throws -> [String: String] {
        var answered: [String: String] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT key, value FROM answer WHERE response_id = ?"), arguments: [draft])
        while let row = try rows.next() { answered[try row.decode(String.self, atIndex: 0)] = try row.decode(String.self, atIndex: 1) }
        return answered
    }

    /// Makes `respondent`'s draft holding `answers` (the blank form's),
    /// within `limits`; returns its id.
    private static func startDraft(_ respondent: String, answers: [FormResponse.Answer], limits: DraftLimits, _ db: Database) throws -> Int64 {
        if limits.once, try hasSubmitted(respondent, db) { throw FormStoreError.alreadySubmitted }
        let open = try Int.fetchOne(db, sql: "SELECT count(*) FROM response WHERE status = 'draft' AND respondent IS NOT NULL") ?? 0
        if open >= limits.maxDrafts { throw FormStoreError.tooManyDrafts(limit: limits.maxDrafts) }
        try db.execute(sql: """
            INSERT INTO response (status, respondent, answered_at) VALUES ('draft', ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            """, arguments: [respondent])
        let id = db.lastInsertedRowID
        try insert(answers, into: id, db)
        return id
    }

    /// Writes `answer` into draft `draft` (added last when the draft has
    /// no answer for its key) and marks the draft written now.
    private static func store(_ answer: FormResponse.Answer, in draft: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE answer SET value = ?, label = ?, shown = ?, type = ? WHERE response_id = ? AND key = ?")
            .execute(arguments: [answer.value, answer.label, answer.isShown, answer.type.rawValue, draft, answer.key])
        if db.changesCount == 0 {
            try db.execute(sql: """
                INSERT INTO answer (response_id, position, key, label, value, shown, type)
                VALUES (?, (SELECT COALESCE(max(position), 0) + 1 FROM answer WHERE response_id = ?), ?, ?, ?, ?, ?)
                """, arguments: [draft, draft, answer.key, answer.label, answer.value, answer.isShown, answer.type.rawValue])
        }
        try db.cachedStatement(sql: "UPDATE response SET answered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?")
            .execute(arguments: [draft])
    }

    /// Writes `answers` (`storedAnswers`: no note's) into response `id`.
    private static func insert(_ answers: [FormResponse.Answer], into id: Int64, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO answer (response_id, position, key, label, value, shown, type) VALUES (?, ?, ?, ?, ?, ?, ?)")
        for (index, answer) in answers.enumerated() {
            try statement.execute(arguments: [id, index + 1, answer.key, answer.label, answer.value, answer.isShown, answer.type.rawValue])
        }
    }
}
