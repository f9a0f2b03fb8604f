import FormKit
import Foundation
import Testing

/// `--db PATH` and `--no-create` work before the command's name as well as
/// after it, as `git -C` does.
@Suite("global options before or after the command")
struct GlobalOptionTests {
    /// Every command group, in an order that leaves each one something to do.
    static let commands: [[String]] = [
        ["set", "first", "Ada"],
        ["set", "middle", "--stdin"],
        ["get", "first"],
        ["get", "first", "--json"],
        ["get", "frist"],
        ["fields"],
        ["fields", "--json"],
        ["minimap", "--format", "text", "--width", "60"],
        ["minimap", "--format", "json"],
        ["minimap", "--format", "svg"],
        ["field", "show", "twitter"],
        ["field", "hide", "twitter"],
        ["field", "add", "phone", "Phone", "--row", "2"],
        ["field", "move", "phone", "--row", "1", "--index", "1"],
        ["field", "rule", "phone", "--optional", "--max-length", "20"],
        ["field", "remove", "phone"],
        ["row", "add", "--width", "400", "--min-width", "300", "--max-width", "500"],
        ["row", "width", "3", "450"],
        ["row", "width", "2", "900"],
        ["row", "list"],
        ["row", "remove", "3"],
        ["title", "Dear {first}"],
        ["title"],
        ["history", "first"],
        ["check"],
        ["check", "--json"],
        ["page", "add", "contact", "Contact"],
        ["page", "list"],
        ["page", "rename", "contact", "Contacts"],
        ["page", "move", "contact", "1"],
        ["page", "select", "contact"],
        ["field", "add", "fax", "Fax", "--page", "contact"],
        ["fields", "--page", "contact"],
        ["minimap", "--format", "text", "--page", "main"],
        ["check"],
        ["tabbar", "--height", "60"],
        ["tabbar", "--hide"],
        ["tabbar"],
        ["page", "remove", "contact", "--with-fields"],
    ]

    /// The command's own words: `field add`, `row width`, `get`.
    static func commandWords(_ command: [String]) -> Int { ["field", "row", "page"].contains(command[0]) ? 2 : 1 }

    /// History lines start with a timestamp, which differs between runs.
    static func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.split(separator: " ", maxSplits: 1).dropFirst().joined() }
            .joined(separator: "\n")
    }

    @Test("each command gives the same output and exit code with --db before and after it",
          arguments: [false, true])
    func sameEitherWay(equalsSign: Bool) throws {
        let after = try Sandbox(), before = try Sandbox()
        for command in Self.commands {
            let stdin = command.contains("--stdin") ? Data("Bea\n".utf8) : nil
            let words = Self.commandWords(command)
            func db(_ box: Sandbox) -> [String] { equalsSign ? ["--db=\(box.db)"] : ["--db", box.db] }
            let a = try after.formctl(Array(command.prefix(words)) + db(after) + command.dropFirst(words), useDB: false, stdin: stdin)
            let b = try before.formctl(db(before) + command, useDB: false, stdin: stdin)
            let same = command[0] == "history"
                ? Self.withoutTimes(a.stdoutText) == Self.withoutTimes(b.stdoutText)
                : a.stdout == b.stdout
            #expect(a.status == b.status && !a.looksLikeCrash, "\(command): \(a) vs \(b)")
            #expect(same, "\(command): \(a.stdoutText) vs \(b.stdoutText)")
            #expect(a.stderrText.replacingOccurrences(of: after.db, with: "DB") == b.stderrText.replacingOccurrences(of: before.db, with: "DB"),
                    "\(command)")
        }
        #expect(try after.rows("SELECT key, value, \"row\", position, visible, required FROM field ORDER BY position")
            == before.rows("SELECT key, value, \"row\", position, visible, required FROM field ORDER BY position"))
    }

    @Test("--no-create before the command refuses a missing database (66), as after it")
    func noCreate() throws {
        let box = try Sandbox()
        for arguments in [["--no-create", "--db", box.db, "get", "first"], ["--db", box.db, "--no-create", "fields"],
                          ["get", "first", "--no-create", "--db", box.db], ["--no-create", "field", "--db", box.db, "show", "twitter"]] {
            let result = try box.formctl(arguments, useDB: false)
            #expect(result.status == 66, "\(arguments): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: box.db))
        #expect(try box.formctl(["--db", box.db, "set", "first", "Ada"], useDB: false).status == 0)
        #expect(try box.formctl(["--no-create", "--db", box.db, "get", "first"], useDB: false).stdoutText == "Ada\n")
    }

    @Test("help and version still work after a leading --db; an unknown command is still a usage error")
    func helpAndVersion() throws {
        let box = try Sandbox()
        let help = try box.formctl(["--db", box.db, "--help"], useDB: false)
        #expect(help.status == 0 && help.stdoutText.contains("USAGE"), "\(help)")
        let version = try box.formctl(["--db", box.db, "--version"], useDB: false)
        #expect(version.status == 0 && version.stdoutText == "formctl 0.1.0 (database schema \(StoredForm.schemaVersion))\n", "\(version)")
        let subcommandHelp = try box.formctl(["--db", box.db, "get", "--help"], useDB: false)
        #expect(subcommandHelp.status == 0 && subcommandHelp.stdoutText.contains("--db"), "\(subcommandHelp)")
        #expect(try box.formctl(["--db", box.db, "frobnicate"], useDB: false).status == 64)
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test("an argument after -- is a value, not a global option")
    func doubleDash() throws {
        let box = try Sandbox()
        let result = try box.formctl(["--db", box.db, "set", "first", "--", "--no-create"], useDB: false)
        #expect(result.status == 0, "\(result)")
        #expect(try box.value("SELECT value FROM field WHERE key = 'first'") == "--no-create")
    }
}
