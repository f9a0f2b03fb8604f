import FormStore
import Logging
import PostgresNIO

/// The pool `PostgresDrafts` writes through, and how a synchronous caller
/// (a server's database thread) waits for a statement or a transaction on
/// it: no longer than a connection comes, and never for ever on one that
/// PostgreSQL closed (`WriteRace`).
struct DraftConnections: Sendable {
    let client: PostgresClient
    let logger: Logger
    let uri: PostgresURI

    /// `body` on a pooled connection, in one transaction when
    /// `transaction` (else each statement commits on its own), waiting
    /// for it. A connection not had within `PostgresDrafts.leaseTimeout`
    /// is `unreachable`, with nothing written; once had, the transaction
    /// runs to its end, or fails `unreachable` when PostgreSQL closes the
    /// connection under it. PostgreSQL's failures come back as
    /// `FormStoreError.responseStore`, FormStore's own (a refused answer)
    /// as they are.
    func run<T: Sendable>(transaction: Bool, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) throws(FormStoreError) -> T {
        let client = client
        let logger = logger
        let race = WriteRace<T>()
        let work = Task.detached {
            do {
                let value = try await client.withConnection { connection in
                    // Timed out while waiting for the connection: nothing
                    // was written, and nothing will be.
                    guard race.take(connection) else { throw CancellationError() }
                    guard transaction else { return try await body(connection, logger) }
                    return try await connection.withTransaction(logger: logger) { connection in try await body(connection, logger) }
                }
                race.finish(.success(value))
            } catch {
                race.finish(.failure(error))
            }
        }
        let outcome = race.outcome(leaseTimeout: PostgresDrafts.leaseTimeout) {
            PostgresStoreError(.unreachable, "PostgreSQL at \(uri.place) closed the connection during a write; try again shortly")
        }
        do {
            return try outcome.get()
        } catch let error as FormStoreError {
            throw error
        } catch let error as PostgresTransactionError {
            if let error = error.closureError as? FormStoreError { throw error }
            throw .responseStore(PostgresFailure.storeError(error, uri: uri))
        } catch is WriteRace<T>.Expired {
            // No longer waiting in the pool's queue either.
            work.cancel()
            throw .responseStore(ResponseStoreFailure(.unreachable, "PostgreSQL at \(uri.place) gave no connection within \(PostgresDrafts.leaseTimeout.components.seconds) s; try again shortly"))
        } catch {
            throw .responseStore(PostgresFailure.storeError(error, uri: uri))
        }
    }
}
