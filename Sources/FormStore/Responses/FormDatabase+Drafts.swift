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
    /// The form as `respondent` sees it (nil: a visitor without an id), and
    /// their open draft's id (nil: none), in one read.
    public func respondentForm(_ respondent: String?) throws(FormStoreError) -> (form: FormDefinition, draft: Int64?) {
        try read { db in
            let form = try FormTables.definition(db)
            guard let respondent, let draft = try Self.openDraft(respondent, db) else { return (Self.blank(form), nil) }
            return (try Self.form(form, answeredBy: draft, db), draft)
        }
    }

    /// Stores `value` as `respondent`'s answer to field `key`, checked and
    /// stored as `setValue` stores a field's value (canonical text for the
    /// typed ones), and returns the respondent's form after it. Their first
    /// write makes their draft, within `limits`; `draft` is its id.
    ///
    /// The form is read and the value validated before the write lock is
    /// taken; the lock is held to write one answer (and, for a new draft,
    /// the draft's blank answers). When the fields' structure changed in
    /// between, the work is redone.
    public func writeDraftAnswer(_ respondent: String, key: String, value: CheckedValue,
                                 limits: DraftLimits) throws(FormStoreError) -> (form: FormDefinition, draft: Int64, created: Bool) {
        if isReadOnly { throw .readOnly(path: path) }
        for round in 0..<Self.plannedRounds + 1 {
            // One read: the structure, the draft and its answers agree.
            let read = try mappingErrors(path: path) {
                try queue.read { db in
                    let form = try FormTables.definition(db)
                    let draft = try Self.openDraft(respondent, db)
                    return (version: try ResponseTables.fieldsVersion(db), form: form,
                            answered: try draft.map { try Self.form(form, answeredBy: $0, db) })
                }
            }
            let blank = Self.blank(read.form)
            var form = read.answered ?? blank
            guard let index = form.fields.firstIndex(where: { $0.key == key }) else {
                throw .unknownField(key, among: form.fields.map(\.key))
            }
            form.fields[index].value = form.fields[index].rules.storedText(forInput: value.text)
            let answer = FormResponse.answers(of: form)[index]
            let isLastRound = round == Self.plannedRounds
            let written = try writeMarkingHistory { db -> (draft: Int64, created: Bool)? in
                if !isLastRound, try ResponseTables.fieldsVersion(db) != read.version { return nil }
                var created = false
                let draft: Int64
                if let open = try Self.openDraft(respondent, db) {
                    draft = open
                } else {
                    draft = try Self.startDraft(respondent, answers: FormResponse.answers(of: blank), limits: limits, db)
                    created = true
                }
                try Self.store(answer, in: draft, db)
                return (draft, created)
            }
            if let written { return (form, written.draft, written.created) }
        }
        throw .busy(path: path)
    }

    /// Submits `respondent`'s draft (or, without one, the blank form) when
    /// `accepts` (FormKit's `check`) passes the form it would store: the
    /// draft becomes a complete response holding every field's answer, as
    /// `submit` stores one. Returns nil, storing nothing, when `accepts`
    /// says no. With `limits.once`, a respondent who has submitted gets
    /// `alreadySubmitted`.
    public func submitDraft(_ respondent: String, limits: DraftLimits,
                            accepts: (FormDefinition) -> Bool) throws(FormStoreError) -> StoredResponse? {
        if isReadOnly { throw .readOnly(path: path) }
        for round in 0..<Self.plannedRounds + 1 {
            let (read, draft) = try respondentForm(respondent)
            let version = try mappingErrors(path: path) { try queue.read { db in try ResponseTables.fieldsVersion(db) } }
            guard accepts(read) else { return nil }
            let answers = FormResponse.answers(of: read)
            let isLastRound = round == Self.plannedRounds
            let stored = try writeMarkingHistory { db -> StoredResponse? in
                if !isLastRound, try ResponseTables.fieldsVersion(db) != version { return nil }
                // The draft as read, still open (not swept or submitted by
                // another request of the same respondent meanwhile).
                guard try Self.openDraft(respondent, db) == draft else { return nil }
                let id: Int64
                if let draft {
                    try db.execute(sql: """
                        UPDATE response SET status = 'complete', submitted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
                                            answered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                        WHERE id = ?
                        """, arguments: [draft])
                    try db.execute(sql: "DELETE FROM answer WHERE response_id = ?", arguments: [draft])
                    id = draft
                } else {
                    if limits.once, try Self.hasSubmitted(respondent, db) { throw FormStoreError.alreadySubmitted }
                    try db.execute(sql: """
                        INSERT INTO response (status, respondent, answered_at)
                        VALUES ('complete', ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                        """, arguments: [respondent])
                    id = db.lastInsertedRowID
                }
                try Self.insert(answers, into: id, db)
                return StoredResponse(response: try ResponseTables.existingResponse(id, db), replacedDraft: draft != nil, cleared: [])
            }
            if let stored { return stored }
        }
        throw .busy(path: path)
    }

    /// `respondent`'s open draft's id; nil when they have none. One
    /// indexed look-up, for a write that only needs to know.
    public func openDraft(of respondent: String) throws(FormStoreError) -> Int64? {
        try mappingErrors(path: path) { try queue.read { db in try Self.openDraft(respondent, db) } }
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

    /// `form` with every field's `default` (else empty) as its value.
    static func blank(_ form: FormDefinition) -> FormDefinition {
        var blank = form
        for index in blank.fields.indices {
            let value = blank.fields[index].defaultValue ?? ""
            if blank.fields[index].value != value { blank.fields[index].value = value }
        }
        return blank
    }

    /// `form` with the answers of draft `draft` as its values; a field the
    /// draft has no answer for (added since) holds its `default`.
    private static func form(_ form: FormDefinition, answeredBy draft: Int64, _ db: Database) throws -> FormDefinition {
        var answered: [String: String] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT key, value FROM answer WHERE response_id = ?"), arguments: [draft])
        while let row = try rows.next() { answered[try row.decode(String.self, atIndex: 0)] = try row.decode(String.self, atIndex: 1) }
        var result = form
        for index in result.fields.indices {
            let value = answered[result.fields[index].key] ?? result.fields[index].defaultValue ?? ""
            if result.fields[index].value != value { result.fields[index].value = value }
        }
        return result
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

    private static func insert(_ answers: [FormResponse.Answer], into id: Int64, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO answer (response_id, position, key, label, value, shown, type) VALUES (?, ?, ?, ?, ?, ?, ?)")
        for (index, answer) in answers.enumerated() {
            try statement.execute(arguments: [id, index + 1, answer.key, answer.label, answer.value, answer.isShown, answer.type.rawValue])
        }
    }
}
