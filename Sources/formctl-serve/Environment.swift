import Foundation

/// The process's environment, for the PostgreSQL URI's defaults
/// (PGPASSWORD, PGUSER, USER).
enum Environment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }
}
