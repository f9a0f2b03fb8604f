import FormStore

/// Everything reaching responses in PostgreSQL can fail with: FormStore's
/// `ResponseStoreFailure`, a message a user can act on, in one line, and a
/// kind for a front end to map to its exit codes (formctl's are in
/// CLISupport's one table, through FormKit's codes). A URI that does not
/// parse is `badAddress`.
public typealias PostgresStoreError = ResponseStoreFailure
