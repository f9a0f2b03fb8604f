import FormModel
import Foundation
import Testing
@testable import FormStore

/// A folder of its own for each test, removed afterwards.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formstore-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Undo any chmod a test made so the folder can be removed.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// A deterministic stand-in for the model layer's minimap: the title, then
/// one rectangle per visible field, one below the other.
let testMinimap: MinimapLayout = { definition in
    var rects = [MinimapRect(z: 0, key: "title", kind: .title, color: .purple, x: 5, y: 5, width: definition.minimapWidth - 10, height: 4)]
    for (index, field) in definition.fields.filter(\.isVisible).enumerated() {
        let row = definition.rows.first { $0.number == field.row }
        rects.append(MinimapRect(
            z: index + 1, key: field.key, kind: .field, color: field.state.color,
            x: 5, y: Double(12 + 8 * index), width: (row?.width ?? 0) / 3, height: 6))
    }
    return rects
}

/// Opens (creating if asked) with the test minimap and a short busy timeout.
func openStore(_ path: String, create: Bool = true, busyTimeout: TimeInterval = 5) throws(FormStoreError) -> FormDatabase {
    try FormDatabase.open(path: path, create: create, busyTimeout: busyTimeout, minimap: testMinimap)
}

/// Creates a database with the seed form at `path` and closes it.
func createStore(_ path: String) throws {
    try openStore(path).close()
}

struct ShellError: Error, CustomStringConvertible {
    var description: String
}

/// The `sqlite3` shell, looked up once on `PATH`.
private let sqlite3Lookup: Result<URL, ShellError> = {
    let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in searchPath.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("sqlite3")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
    }
    return .failure(ShellError(description: "no sqlite3 shell on PATH (\(searchPath)); the store tests need it: apt-get install -y sqlite3"))
}()

/// The `sqlite3` shell found on `PATH`, or an error saying it is missing.
func sqlite3Executable() throws -> URL {
    try sqlite3Lookup.get()
}

/// Runs the real `sqlite3` shell on `path` with `commands` (SQL or dot
/// commands, one argument each) and returns its standard output, trimmed.
@discardableResult
func sqlite3(_ path: String, _ commands: String...) throws -> String {
    let process = Process()
    process.executableURL = try sqlite3Executable()
    process.arguments = ["-batch", "-bail", "-init", "/dev/null", path] + commands
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ShellError(description: "sqlite3 failed (\(process.terminationStatus)): \(String(decoding: err, as: UTF8.self))")
    }
    return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .newlines)
}

/// The file's bytes, or nil when it does not exist.
func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// True when the database has no `-wal` or `-shm` file beside it.
func hasNoSideFiles(_ path: String) -> Bool {
    !FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm")
}

/// The `FormStoreError` `body` throws, or nil (any other error fails the
/// test).
func storeError(_ body: () throws -> Void) -> FormStoreError? {
    do {
        try body()
        return nil
    } catch let error as FormStoreError {
        return error
    } catch {
        Issue.record("expected a FormStoreError, got \(error)")
        return nil
    }
}
