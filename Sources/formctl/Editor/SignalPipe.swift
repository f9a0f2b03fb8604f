import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The write end of the self-pipe: the one thing a signal handler touches
/// (writing one byte is async-signal-safe; saving to SQLite is not).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Delivers signals to the editor's loop as bytes on a pipe that it polls
/// next to standard input: SIGWINCH (resize), and SIGTERM, SIGHUP and
/// SIGINT, after which the loop saves, restores the terminal and exits.
final class SignalPipe {
    /// The end the loop polls and reads.
    let readEnd: Int32
    private let writeEnd: Int32
    private let signals: [Int32]

    /// Installs the handlers for `signals`; nil if no pipe could be made.
    init?(signals: [Int32]) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
        self.signals = signals
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd = writeEnd
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                let saved = errno
                _ = write(signalPipeWriteEnd, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
        // A parent may have left these blocked (the mask is inherited):
        // the editor must hear them all the same.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for number in signals { sigaddset(&wanted, number) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    }

    /// The signals received since the last call, in order.
    func received() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var numbers: [Int32] = []
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            numbers += buffer[0..<count].map { Int32($0) }
        }
        return numbers
    }

    /// Puts the default handlers back.
    func uninstall() {
        for number in signals { signal(number, SIG_DFL) }
        signalPipeWriteEnd = -1
        close(readEnd)
        close(writeEnd)
    }
}
