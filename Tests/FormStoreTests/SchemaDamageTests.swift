import Foundation
import GRDB
import Testing
@testable import FormStore

/// Telling a damaged schema from formctl's own fault (`SchemaDamage`): the
/// file's `sqlite_master` against what the migrations make.
@Suite("a damaged schema")
struct SchemaDamageTests {
    /// The trigger every `set` fires, with the issue's flipped bit.
    static let damagedTrigger = """
        DROP TRIGGER field_changed;
        CREATE TRIGGER field_changed
        AFTER UPDATE OF key, label, "row", position, visible, state, color, length ON field
        BEGIN
            UPDATE form SET needc_refresh = 1 WHERE needs_refresh = 0;
        END;
        """

    @Test func aNewDatabaseHasFormctlsSchema() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        #expect(SchemaDamage.difference(inFileAt: path) == nil)
    }

    @Test func aVersionOneDatabaseHasFormctlsSchemaBeforeAndAfterMigrating() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("old.db")
        try makeVersionOneDatabase(path)
        #expect(SchemaDamage.difference(inFileAt: path) == nil)
        try openStore(path, create: false).close()
        #expect(SchemaDamage.difference(inFileAt: path) == nil)
    }

    @Test func theIssuesTriggerMakesSetThrowDamagedSchemaAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        try sqlite3(path, Self.damagedTrigger)
        let before = bytes(path)
        let store = try openStore(path, create: false)
        let error = storeError { try store.setValue(key: "first", value: "Grace") }
        try store.close()
        #expect(error == .damagedSchema(path: path, difference: "trigger field_changed differs from formctl's",
                                        sqliteMessage: "no such column: needc_refresh"))
        #expect(error?.description.contains("restore it from a copy") == true)
        #expect(bytes(path) == before)
    }

    @Test func anEntryAddedOrMissingIsNamed() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        try sqlite3(path, "CREATE INDEX mine ON field (label);")
        #expect(SchemaDamage.difference(inFileAt: path) == "index mine is not one formctl makes")
        try sqlite3(path, "DROP INDEX mine; DROP INDEX history_key;")
        #expect(SchemaDamage.difference(inFileAt: path) == "index history_key is missing")
    }

    @Test func anErrorOnFormctlsOwnSchemaStaysFormctlsFault() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        let error = storeError {
            try mappingErrors(path: path) { throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such column: nowhere") }
        }
        #expect(error == .underlying(message: "no such column: nowhere"))
    }

    @Test func theSystemsFailuresAndTheStoresOwnErrorsAreNotHeldAgainstTheSchema() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try createStore(path)
        try sqlite3(path, Self.damagedTrigger)
        let io = storeError { try mappingErrors(path: path) { throw DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error") } }
        #expect(io == .underlying(message: "disk I/O error"))
        let own = storeError { try mappingErrors(path: path) { throw FormStoreError.underlying(message: "the response was not stored") } }
        #expect(own == .underlying(message: "the response was not stored"))
        let other = storeError { try mappingErrors(path: path) { throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such column: needc_refresh") } }
        #expect(other == .damagedSchema(path: path, difference: "trigger field_changed differs from formctl's", sqliteMessage: "no such column: needc_refresh"))
    }

    @Test func aSchemaSQLiteCannotParseIsDamagedWithSQLitesMessage() {
        let message = "malformed database schema (field_changed) - near \"WJERE\": syntax error"
        #expect(FormStoreError(DatabaseError(resultCode: .SQLITE_CORRUPT, message: message), path: "x.db")
            == .damagedSchema(path: "x.db", difference: nil, sqliteMessage: message))
        #expect(FormStoreError(DatabaseError(resultCode: .SQLITE_CORRUPT, message: "database disk image is malformed"), path: "x.db")
            == .notADatabase(path: "x.db"))
    }
}
