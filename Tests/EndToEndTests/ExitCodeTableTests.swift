import FormKit
import Foundation
import Testing
import CLISupport

/// formctl's exit codes live in one table (`ExitStatus.table`): the CLI
/// maps FormKit's error codes through it, `--help` prints it, and these
/// tests hold `docs/exit-codes.md` to it.
@Suite("the one exit-code table")
struct ExitCodeTableTests {
    /// One row of the docs' table: `| 64 | meaning | `unknownName`, … |`.
    struct DocumentedRow: Equatable {
        var code: Int32
        var errors: Set<String>
    }

    static func documentedRows() throws -> [DocumentedRow] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/exit-codes.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> DocumentedRow? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // "", code, meaning, errors, ""
            guard cells.count >= 5, let code = Int32(cells[1]) else { return nil }
            let errors = cells[cells.count - 2].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
                .filter { !$0.isEmpty && $0 != "—" }
            return DocumentedRow(code: code, errors: Set(errors))
        }
    }

    @Test("docs/exit-codes.md lists the table's codes in its order, each with the FormKit error codes that give it")
    func docsFollowTheTable() throws {
        let documented = try Self.documentedRows()
        let table = ExitStatus.table.map { DocumentedRow(code: $0.code, errors: Set($0.errors.map(\.rawValue))) }
        #expect(documented == table)
    }

    @Test("every FormKit error code has exactly one exit code, and none falls back to 70 unlisted")
    func everyErrorCodeIsMappedOnce() {
        for code in FormKitError.Code.allCases {
            #expect(ExitStatus.table.filter { $0.errors.contains(code) }.count == 1, "\(code)")
        }
    }

    @Test("formctl --help prints every exit code with its meaning, from the table")
    func helpFollowsTheTable() throws {
        let result = try Formctl.run(["--help"])
        #expect(result.status == 0, "\(result)")
        let help = Self.folded(result.stdoutText)
        for row in ExitStatus.table {
            #expect(help.contains(Self.folded("\(row.code) \(row.meaning)")), "\(row.code) missing from --help")
        }
    }

    /// Text with every run of white space as one space (help wraps lines).
    static func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
