extension StoredForm {
    /// The form's fingerprint: the SHA-256, as 64 lowercase hexadecimal
    /// digits, of its structure as a JSON form file (`formctl export
    /// --format json`: pages, rows, fields, rules, groups, repeats, the
    /// title; not the values). A store of responses kept apart from the
    /// file (PostgreSQL) records it, to refuse a formctl whose form is
    /// another: the same responses would mean something else there.
    public func fingerprint() throws(FormKitError) -> String {
        let digest = SHA256.digest(Array(try export(format: .json).utf8))
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Every response with the respondent columns `FormResponse` leaves
    /// out, oldest first (`responses copy`).
    public func forEachResponseToCopy(_ body: (FormResponse, RespondentColumns?) throws -> Void) throws(FormKitError) {
        try reading { db throws(FormStoreError) in
            let columns = try db.respondentColumns()
            try db.forEachResponse(ResponseFilter()) { response in try body(response, columns[response.id]) }
        }
    }
}
