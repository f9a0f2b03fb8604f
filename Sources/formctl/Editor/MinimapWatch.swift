import FormKit
import Foundation

/// `formctl minimap --watch`: prints the minimap, then again whenever the
/// database changes, until interrupted (Ctrl-C). On a terminal in ANSI
/// format the new picture is drawn over the old one; otherwise each new
/// picture is printed after the last, separated by a blank line.
struct MinimapWatch {
    let file: FormFile
    let render: (FormFile) throws(FormKitError) -> String
    let inPlace: Bool

    /// How often the file is looked at.
    static let interval: useconds_t = 100_000

    func run() throws(FormKitError) -> Never {
        var watcher = FormWatcher(path: file.path)
        var last = try render(file)
        watcher.acknowledge()
        Terminal.write(last)
        while true {
            usleep(Self.interval)
            guard watcher.hasChanged() else { continue }
            let picture: String
            do {
                picture = try render(file)
            } catch .store(.busy) {
                continue  // someone holds the lock: look again at the next poll
            }
            // Rendering may refresh derived data (a change made in sqlite3): that write is ours.
            watcher.acknowledge()
            guard picture != last else { continue }
            if inPlace {
                let lines = last.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                Terminal.write((lines > 0 ? "\u{1B}[\(lines)A" : "") + "\r" + picture + "\u{1B}[J")
            } else {
                Terminal.write("\n" + picture)
            }
            last = picture
        }
    }
}
