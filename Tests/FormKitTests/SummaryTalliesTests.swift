import FormKit
import Foundation
import Testing

/// A kept summary (`StoredForm.summaryTallies(keepingUpToDate:)` and
/// `update(_:)`, what the owner's summary page holds): new responses are
/// added by reading only their answers, and the result is the summary
/// counted from scratch; a response deleted, submitted again or a form
/// changed counts again.
@Suite("Summary tallies kept up to date")
struct SummaryTalliesTests {
    static let yaml = """
        title: Kept
        pages:
          - key: main
            rows:
              - width: 540
                fields:
                  - {key: colour, label: Colour, type: select_one, choices: [red, green, blue]}
                  - {key: age, label: Age, type: integer}
              - repeat: pets
                title: Pets
                rows:
                  - width: 540
                    fields:
                      - {key: name, label: Name}
        """

    static func temporaryForm() throws -> TemporaryForm {
        let temporary = try TemporaryForm()
        try temporary.form.apply(FormSpec.decode(Array(yaml.utf8), file: "kept.yaml"))
        return temporary
    }

    static func submit(_ form: StoredForm, _ n: Int, draft: Bool = false) throws {
        let json = #"{"colour": "\#(["red", "green", "blue"][n % 3])", "age": \#(20 + n % 7), "pets": [\#((0..<(n % 3)).map { #"{"name": "p\#($0)"}"# }.joined(separator: ","))]}"#
        try form.submit(from: Array(json.utf8), format: .json, file: "response.json", draft: draft)
    }

    @Test("responses added one by one and in a batch are counted from their answers alone, equal to a summary counted again")
    func incremental() throws {
        let temporary = try Self.temporaryForm()
        let form = temporary.form
        let complete = ResponseFilter(status: .complete)
        for n in 0..<5 { try Self.submit(form, n) }
        var tallies = try form.summaryTallies(complete, keepingUpToDate: true)
        let full = try form.summary(complete)
        #expect(tallies.summary == full, "\(tallies.summary)\n\(full)")
        for n in 5..<9 {
            try Self.submit(form, n)
            #expect(try form.update(&tallies), "one new response is read alone")
            #expect(tallies.summary == (try form.summary(complete)))
        }
        try Self.submit(form, 9, draft: true)
        #expect(try form.update(&tallies))
        #expect(tallies.summary.responses == 9)
        for n in 10..<14 { try Self.submit(form, n) }
        #expect(try form.update(&tallies))
        #expect(tallies.summary == (try form.summary(complete)))
        #expect(try form.update(&tallies), "nothing new")
    }

    @Test("a response deleted, or the form's questions changed, counts again from scratch")
    func countsAgain() throws {
        let temporary = try Self.temporaryForm()
        let form = temporary.form
        let complete = ResponseFilter(status: .complete)
        for n in 0..<4 { try Self.submit(form, n) }
        var tallies = try form.summaryTallies(complete, keepingUpToDate: true)
        try form.deleteResponse(2)
        #expect(try !form.update(&tallies))
        #expect(tallies.summary == (try form.summary(complete)) && tallies.summary.responses == 3)
        try form.addField(key: "extra", label: "Extra", row: 1)
        try Self.submit(form, 5)
        #expect(try !form.update(&tallies))
        #expect(tallies.summary == (try form.summary(complete)))
        #expect(tallies.summary.questions.contains { $0.path == "extra" })
    }
}

extension SummaryTalliesTests {
    /// Runs `sql` on `form`'s file with the sqlite3 shell, as a user would.
    static func sqlite3(_ form: StoredForm, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [form.path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
    }

    @Test("many responses of one moment (a bulk import): later ones added alone; one of that moment deleted, or another stored at it, counts right")
    func responsesOfOneMoment() throws {
        let temporary = try Self.temporaryForm()
        let form = temporary.form
        let complete = ResponseFilter(status: .complete)
        for n in 0..<6 { try Self.submit(form, n) }
        let moment = "2026-01-01T00:00:00.000Z"
        try Self.sqlite3(form, "UPDATE response SET created_at = '\(moment)', submitted_at = '\(moment)'")
        var tallies = try form.summaryTallies(complete, keepingUpToDate: true)
        #expect(tallies.summary == (try form.summary(complete)))
        try Self.submit(form, 6)
        #expect(try form.update(&tallies), "the new response is read alone")
        #expect(tallies.summary == (try form.summary(complete)))
        #expect(try form.update(&tallies), "nothing new")
        // One of that moment deleted and one more stored: counted again, right.
        _ = try form.deleteResponse(try #require(form.responses().first).id)
        try Self.submit(form, 7)
        _ = try form.update(&tallies)
        #expect(tallies.summary == (try form.summary(complete)))
        // A response stored at that very moment (sqlite3): seen.
        try Self.submit(form, 8)
        _ = try form.update(&tallies)
        try Self.sqlite3(form, "UPDATE response SET created_at = '\(moment)', submitted_at = '\(moment)' WHERE id = (SELECT max(id) FROM response)")
        _ = try form.update(&tallies)
        #expect(tallies.summary == (try form.summary(complete)))
        #expect(tallies.summary.responses == 8)
    }
}
