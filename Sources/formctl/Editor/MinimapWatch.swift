import CLISupport
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
    let file: StoredForm
    let render: @Sendable (StoredForm) throws(FormKitError) -> String
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
        let signals = Self.closingOnSignals(session, failure)
        defer { signals.forEach { $0.cancel() } }
        Task.detached { [render, inPlace] in
            failure.error = await Self.follow(changes, of: session, from: first, render: render, inPlace: inPlace)
            finished.signal()
        }
        finished.wait()
        // A signal ends the stream too: its handler then ends the process.
        while failure.isSignalled { pause() }
        session.close()
        if let error = failure.error { throw error }
        Foundation.exit(0)
    }

    /// Draws the minimap again after each notice, until the stream ends
    /// (nil) or a read fails for a reason other than a busy database.
    private static func follow(_ changes: AsyncStream<FormChange>, of session: FormSession, from first: String,
                               render: (StoredForm) throws(FormKitError) -> String, inPlace: Bool) async -> FormKitError? {
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

    /// Ctrl-C, SIGTERM and SIGHUP close the session before the process
    /// dies of the signal (its exit status stays 128 + the signal): the WAL
    /// is checkpointed and the file left whole, as a one-shot command
    /// leaves it.
    private static func closingOnSignals(_ session: FormSession, _ failure: Failure) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                failure.isSignalled = true
                session.close()
                // Dies of the signal, from this thread (whose mask a parent
                // or libdispatch may have set) ...
                signal(number, SIG_DFL)
                var only = sigset_t()
                sigemptyset(&only)
                sigaddset(&only, number)
                pthread_sigmask(SIG_UNBLOCK, &only, nil)
                raise(number)
                // ... or exits with the status a shell would show.
                Foundation.exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// The error that ended the watch, handed from its task to the command.
    private final class Failure: Sendable {
        private let stored = Mutex<FormKitError?>(nil)
        private let signalled = Atomic<Bool>(false)
        var error: FormKitError? {
            get { stored.withLock { $0 } }
            set { stored.withLock { $0 = newValue } }
        }
        /// A signal's handler is closing the session and ending the process.
        var isSignalled: Bool {
            get { signalled.load(ordering: .sequentiallyConsistent) }
            set { signalled.store(newValue, ordering: .sequentiallyConsistent) }
        }
    }
}
