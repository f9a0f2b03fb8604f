import FormKit
import Foundation
import Synchronization

/// `formctl minimap --watch`: prints the minimap, then again whenever the
/// database changes, until interrupted (Ctrl-C). On a terminal in ANSI
/// format the new picture is drawn over the old one; otherwise each new
/// picture is printed after the last, separated by a blank line.
///
/// The form is held open in a `FormSession`, whose change notices (its own
/// refreshes through GRDB, others' commits through SQLite's `PRAGMA
/// data_version`) say when to draw again: the file is never polled.
struct MinimapWatch {
    let file: FormFile
    let render: @Sendable (FormFile) throws(FormKitError) -> String
    let inPlace: Bool

    func run() throws(FormKitError) -> Never {
        let session = try FormSession(file: file)
        // Listened to before the first picture: a change made while it is
        // drawn is drawn next.
        let changes = session.changes()
        let first = try render(session.file)
        Terminal.write(first)
        // The command is synchronous; the notices come as an AsyncStream,
        // followed by a task while this thread waits for its end.
        let failure = Failure()
        let finished = DispatchSemaphore(value: 0)
        Task.detached { [render, inPlace] in
            failure.error = await Self.follow(changes, of: session, from: first, render: render, inPlace: inPlace)
            finished.signal()
        }
        finished.wait()
        session.close()
        if let error = failure.error { throw error }
        Foundation.exit(0)
    }

    /// Draws the minimap again after each notice, until the stream ends
    /// (nil) or a read fails for a reason other than a busy database.
    private static func follow(_ changes: AsyncStream<FormChange>, of session: FormSession, from first: String,
                               render: (FormFile) throws(FormKitError) -> String, inPlace: Bool) async -> FormKitError? {
        var last = first
        for await _ in changes {
            let picture: String
            do {
                picture = try render(session.file)
            } catch .store(.busy) {
                continue  // a refresh waited too long for the lock: drawn at the next change
            } catch {
                return error
            }
            guard picture != last else { continue }
            if inPlace {
                let lines = last.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                Terminal.write((lines > 0 ? "\u{1B}[\(lines)A" : "") + "\r" + picture + "\u{1B}[J")
            } else {
                Terminal.write("\n" + picture)
            }
            last = picture
        }
        return nil
    }

    /// The error that ended the watch, handed from its task to the command.
    private final class Failure: Sendable {
        private let stored = Mutex<FormKitError?>(nil)
        var error: FormKitError? {
            get { stored.withLock { $0 } }
            set { stored.withLock { $0 = newValue } }
        }
    }
}
