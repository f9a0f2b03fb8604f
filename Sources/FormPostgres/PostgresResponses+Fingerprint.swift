import PostgresNIO

extension PostgresResponses {
    /// The fingerprint of the form whose responses the database holds;
    /// nil before any was recorded.
    public func storedFingerprint() throws(PostgresStoreError) -> String? {
        try run { connection, logger in
            for try await fingerprint in try await connection.query("SELECT fingerprint FROM form_fingerprint WHERE id = 1", logger: logger)
                .decode(String.self) {
                return fingerprint
            }
            return nil
        }
    }

    /// Refuses (`formDiffers`, naming both) a database that holds
    /// responses of a form whose fingerprint is not `fingerprint`, unless
    /// `replacing`; `replacing` is refused (`draftsOpen`) while drafts are
    /// open, since their answers were given to the old form. When
    /// `records`, a database with no fingerprint gets this one, and a
    /// replaced one is overwritten.
    public func checkForm(fingerprint: String, replacing: Bool, records: Bool) throws(PostgresStoreError) {
        let stored = try storedFingerprint()
        if let stored, stored != fingerprint {
            guard replacing else {
                throw PostgresStoreError(.formDiffers, "the PostgreSQL database holds responses of another form: its form's fingerprint is \(stored), this form's is \(fingerprint) (--replace-form, with no drafts open, makes this form the database's)")
            }
            let drafts = try run { connection, logger -> Int64 in
                for try await count in try await connection.query("SELECT count(*) FROM response WHERE status = 'draft'", logger: logger).decode(Int64.self) {
                    return count
                }
                return 0
            }
            if drafts > 0 {
                throw PostgresStoreError(.draftsOpen, "--replace-form refused: \(drafts) draft\(drafts == 1 ? " is" : "s are") open in the PostgreSQL database, answered on the old form (fingerprint \(stored)); submit or delete \(drafts == 1 ? "it" : "them") first")
            }
        }
        guard records, stored != fingerprint else { return }
        try run { connection, logger in
            try await connection.query("""
                INSERT INTO form_fingerprint (id, fingerprint) VALUES (1, \(fingerprint))
                ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, recorded_at = EXCLUDED.recorded_at
                """, logger: logger)
        }
    }
}
