// The shell examples in README.md and docs/**/*.md, run against the built
// formctl so that the documentation cannot drift from the program.
//
// The convention, for whoever writes a page:
//
// - A fenced code block that has a line starting with `$ formctl` or
//   `$ sqlite3` is an example, and is run.
// - Each line starting with `$ ` is a command, run with `/bin/sh -c` in a
//   fresh temporary folder (one per block: the commands of a block share it,
//   so a block starts with no database and the first formctl command creates
//   ./form.db with the default form; `Examples/` links to the repository's,
//   so `formctl apply Examples/forms/…` works as from a clone's root). The
//   formctl under test comes first on PATH; FORMCTL_DB, NO_COLOR, COLUMNS and the like are unset; TERM is
//   `dumb` and standard input is empty, so output is plain text.
// - The lines after a command, up to the next `$ ` line or the end of the
//   block, are what it prints: standard output and standard error together,
//   in the order written. The exit status is not compared (write
//   `; echo "exit $?"` to show it).
// - Before comparing, both sides are normalised: ISO 8601 times
//   (`2026-11-22T05:41:54.416Z`) become `<time>`, the block's folder becomes
//   `.`, trailing spaces on each line and blank lines at the end go.
// - A block right after the line `<!-- not run -->` is not run: only for
//   what cannot run here (`formctl edit` full screen, a second terminal).
// - Other commands (`swift build`, `apt-get`, `Scripts/…`) go in blocks
//   without `$ formctl`/`$ sqlite3` lines (write them without `$ `).
import Foundation
import Testing

@Suite("Documentation examples")
struct DocExampleTests {
    @Test("every $ formctl / $ sqlite3 example prints what the docs say", arguments: DocPages.examples)
    func example(_ example: DocExample) throws {
        try example.run()
    }

    @Test("the pages hold examples, and few are marked not run")
    func examplesFound() throws {
        let pages = try DocPages.load()
        #expect(pages.contains { $0.path == "README.md" })
        #expect(pages.contains { $0.path == "docs/commands.md" })
        let examples = pages.flatMap(\.examples)
        let skipped = pages.reduce(0) { $0 + $1.notRun }
        #expect(examples.count >= 20, "only \(examples.count) examples found")
        #expect(skipped <= 6, "\(skipped) blocks are marked <!-- not run -->: keep those few")
        #expect(examples.count == DocPages.examples.count)
    }

    @Test("README.md is at most 300 lines")
    func readmeLength() throws {
        let text = try String(contentsOf: DocPages.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 300, "README.md has \(lines) lines; move reference material to docs/")
    }

    @Test("relative links in README.md and docs/ name files that exist")
    func relativeLinks() throws {
        for page in try DocPages.load() {
            let folder = DocPages.root.appendingPathComponent(page.path).deletingLastPathComponent()
            for (line, target, anchor) in page.relativeLinks {
                let url = target.isEmpty ? DocPages.root.appendingPathComponent(page.path)
                    : folder.appendingPathComponent(target).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: url.path), "\(page.path):\(line): link to \(target), which does not exist")
                // An anchor into a Markdown page must name one of its headings.
                if let anchor, url.pathExtension == "md", let text = try? String(contentsOf: url, encoding: .utf8) {
                    let anchors = DocPage(path: target, text: text).headingAnchors
                    #expect(anchors.contains(anchor), "\(page.path):\(line): link to \(target)#\(anchor), a heading that does not exist")
                }
            }
        }
    }

    @Test("a wrong example is reported with its file, line, command and both outputs")
    func failingExampleIsReported() throws {
        let page = DocPage(path: "broken.md", text: """
            Text.

            ```
            $ formctl get first --json
            {"color":"green"}
            ```
            """)
        let example = try #require(page.examples.first)
        #expect(page.examples.count == 1)
        let (line, mismatch) = try #require(try example.firstMismatch())
        #expect(line == 4)
        #expect(mismatch.contains("broken.md:4"), "\(mismatch)")
        #expect(mismatch.contains("formctl get first --json"))
        #expect(mismatch.contains("{\"color\":\"green\"}"))
        #expect(mismatch.contains("\"state\":\"empty\""), "the actual output is shown: \(mismatch)")
    }

    @Test("parsing: fences, indentation, the not-run marker, normalisation")
    func parsing() throws {
        let page = DocPage(path: "p.md", text: """
            <!-- not run -->
            ```
            $ formctl edit
            ```

              ```sh
              $ sqlite3 form.db "SELECT 1;"
              1
              $ formctl get first
              ```

            ```sh
            swift test
            ```
            """)
        #expect(page.notRun == 1)
        #expect(page.examples.count == 1)
        let example = try #require(page.examples.first)
        #expect(example.line == 6)
        #expect(example.steps.map(\.command) == ["sqlite3 form.db \"SELECT 1;\"", "formctl get first"])
        #expect(example.steps.map(\.line) == [7, 9])
        #expect(example.steps.first?.expected == ["1"])
        #expect(DocPage(path: "h.md", text: "# Top\n```\n# not a heading\n```\n## Edits `sqlite3` accepts, and *why*\n").headingAnchors
            == ["top", "edits-sqlite3-accepts-and-why"])
        #expect(DocPage(path: "l.md", text: "[a](x.md#y) and [b](#z), [c](https://e.org/)").relativeLinks.map { "\($0.target)#\($0.anchor ?? "")" }
            == ["x.md#y", "#z"])
        #expect(DocExample.normalised("at 2026-11-22T05:41:54.416Z in /tmp/x/form.db  \n\n", folder: "/tmp/x")
            == ["at <time> in ./form.db"])
    }
}

/// A Markdown page of the project's documentation.
struct DocPage: Sendable {
    /// The path from the package root (`README.md`, `docs/commands.md`).
    var path: String
    var text: String

    var lines: [String] { text.components(separatedBy: "\n") }

    /// The blocks to run, in page order.
    var examples: [DocExample] { parsed.examples }

    /// How many blocks that would be run carry `<!-- not run -->`.
    var notRun: Int { parsed.notRun }

    private var parsed: (examples: [DocExample], notRun: Int) {
        var examples: [DocExample] = []
        var notRun = 0
        var lastTextLine = ""
        var index = 0
        let lines = self.lines
        while index < lines.count {
            let line = lines[index]
            guard let fence = Fence(line) else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { lastTextLine = line }
                index += 1
                continue
            }
            let openingLine = index + 1
            var body: [(number: Int, text: String)] = []
            index += 1
            while index < lines.count, !fence.isClosed(by: lines[index]) {
                body.append((index + 1, fence.unindented(lines[index])))
                index += 1
            }
            index += 1 // the closing fence
            let isExample = body.contains { $0.text.hasPrefix("$ formctl") || $0.text.hasPrefix("$ sqlite3") }
            let skipped = lastTextLine.trimmingCharacters(in: .whitespaces) == "<!-- not run -->"
            lastTextLine = ""
            guard isExample else { continue }
            if skipped {
                notRun += 1
            } else {
                examples.append(DocExample(file: path, line: openingLine, body: body))
            }
        }
        return (examples, notRun)
    }

    /// `[text](target#anchor)` links that point into the repository (not
    /// http), with their line numbers; the target is empty for a link to an
    /// anchor of this page.
    var relativeLinks: [(line: Int, target: String, anchor: String?)] {
        var links: [(Int, String, String?)] = []
        var inFence: Fence?
        for (offset, line) in lines.enumerated() {
            if let fence = inFence {
                if fence.isClosed(by: line) { inFence = nil }
                continue
            }
            if let fence = Fence(line) { inFence = fence; continue }
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let parts = String(after[..<close]).components(separatedBy: "#")
                if !parts[0].contains("://"), !parts[0].hasPrefix("mailto:") {
                    links.append((offset + 1, parts[0], parts.count > 1 ? parts[1] : nil))
                }
                rest = after[close...]
            }
        }
        return links
    }
}

extension DocPage {
    /// The anchors GitHub gives this page's headings: lower case, spaces as
    /// `-`, punctuation other than `-` and `_` left out.
    var headingAnchors: Set<String> {
        var anchors: Set<String> = []
        var inFence: Fence?
        for line in lines {
            if let fence = inFence {
                if fence.isClosed(by: line) { inFence = nil }
                continue
            }
            if let fence = Fence(line) { inFence = fence; continue }
            guard line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            anchors.insert(String(title.lowercased().compactMap { character -> Character? in
                character == " " ? "-" : character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            }))
        }
        return anchors
    }
}

/// An opening code fence (```` ``` ```` or `~~~`, possibly indented, as in a
/// list item) and how to recognise its end.
private struct Fence {
    var indent: Int
    var marker: Character
    var length: Int

    init?(_ line: String) {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        guard let marker = rest.first, marker == "`" || marker == "~" else { return nil }
        let length = rest.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        self.indent = indent
        self.marker = marker
        self.length = length
    }

    func isClosed(by line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count >= length && trimmed.allSatisfy { $0 == marker }
    }

    /// The line without the fence's own indentation.
    func unindented(_ line: String) -> String {
        String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
    }
}

/// One example: a fenced block of commands and what each prints.
struct DocExample: Sendable, CustomTestStringConvertible {
    struct Step: Sendable {
        /// The line of the command in the page.
        var line: Int
        /// The command, without `$ `.
        var command: String
        var expected: [String]
    }

    var file: String
    /// The line of the opening fence.
    var line: Int
    var steps: [Step]
    /// Text before the first command, which no command could print.
    var stray: [String]

    init(file: String, line: Int, body: [(number: Int, text: String)]) {
        self.file = file
        self.line = line
        var steps: [Step] = []
        var stray: [String] = []
        for (number, text) in body {
            if text.hasPrefix("$ ") {
                steps.append(Step(line: number, command: String(text.dropFirst(2)), expected: []))
            } else if steps.isEmpty {
                if !text.trimmingCharacters(in: .whitespaces).isEmpty { stray.append(text) }
            } else {
                steps[steps.count - 1].expected.append(text)
            }
        }
        self.steps = steps
        self.stray = stray
    }

    var testDescription: String { "\(file):\(line)" }

    /// Runs the block and records an issue at the first command whose output
    /// differs.
    func run() throws {
        #expect(stray.isEmpty, "\(file):\(line): text before the first command: \(stray)")
        #expect(!steps.isEmpty, "\(file):\(line): an example without a command")
        if let (stepLine, mismatch) = try firstMismatch() {
            // Reported at the page's line, so that an editor opens the page.
            let page = DocPages.root.appendingPathComponent(file).path
            Issue.record(Comment(rawValue: mismatch),
                         sourceLocation: SourceLocation(fileID: "formctl/\(file)", filePath: page, line: stepLine, column: 1))
        }
    }

    /// Runs the commands in order in a new folder and describes the first
    /// one whose output is not the expected one (nil when all match).
    func firstMismatch() throws -> (line: Int, message: String)? {
        let box = try Sandbox()
        let bin = box.folder.appendingPathComponent(".bin", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // A link named formctl, whatever $FORMCTL_BIN's file is called.
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("formctl"),
                                                   withDestinationURL: Formctl.binary())
        let work = box.folder.appendingPathComponent("work", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // The folder stands for a clone's root: `Examples/forms/…` is there,
        // as a reader who follows the README from the clone has it.
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("Examples"),
                                                   withDestinationURL: DocPages.root.appendingPathComponent("Examples"))
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let environment = childEnvironment(["PATH": bin.path + ":" + path, "TERM": "dumb", "FORMCTL_BIN": nil])
        for step in steps {
            // `exec 2>&1`: the shell's own errors and the command's standard
            // error land in the same pipe as its output, in order.
            let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec 2>&1\n" + step.command],
                                              environment: environment, currentDirectory: work, timeout: 120)
            let folders = [work.path, work.resolvingSymlinksInPath().path]
            let actual = Self.normalised(result.stdoutText + result.stderrText, folders: folders)
            let expected = Self.normalised(step.expected.joined(separator: "\n"), folders: folders)
            if result.timedOut || actual != expected {
                return (step.line, """
                    \(file):\(step.line): `\(step.command)`\(result.timedOut ? " timed out" : "") printed other than the docs say
                    expected:
                    \(expected.joined(separator: "\n"))
                    actual:
                    \(actual.joined(separator: "\n"))
                    """)
            }
        }
        return nil
    }

    static func normalised(_ text: String, folder: String) -> [String] {
        normalised(text, folders: [folder])
    }

    /// The lines of `text` with times and the block's folder replaced,
    /// trailing spaces and trailing blank lines removed.
    static func normalised(_ text: String, folders: [String]) -> [String] {
        var text = text
        for folder in folders.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
            text = text.replacingOccurrences(of: folder, with: ".")
        }
        text = text.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})"#,
                                         with: "<time>", options: .regularExpression)
        var lines = text.components(separatedBy: "\n").map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

/// README.md and every Markdown page under docs/, found from this file's
/// place in the package.
enum DocPages {
    /// The package root: this file is Tests/EndToEndTests/DocExampleTests.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func load() throws -> [DocPage] {
        var paths = ["README.md"]
        let docs = root.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(atPath: docs.path) {
            while let name = walker.nextObject() as? String {
                if name.hasSuffix(".md") { paths.append("docs/" + name) }
            }
        }
        return try paths.sorted().map { path in
            DocPage(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// Every example of every page; empty if the pages cannot be read
    /// (`examplesFound` then fails and says why).
    static let examples: [DocExample] = (try? load().flatMap(\.examples)) ?? []
}
