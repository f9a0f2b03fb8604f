import FormKit
import Foundation
import Testing

/// The bad-file suite (Tests/EndToEndTests/Fixtures/bad-forms) through
/// `FormSpec.decode`: each file is refused with its expected message.
/// EndToEndTests' BadFormFileTests asserts the same through `formctl apply`.
@Suite("form files: the bad-file suite, decoded")
struct BadFormFileDecodeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EndToEndTests/Fixtures/bad-forms")

    /// Each fixture's name and the expected problem after `NAME:`.
    static func expectations() throws -> [(name: String, expected: String)] {
        let text = try String(contentsOf: folder.appendingPathComponent("EXPECTED.txt"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    @Test("at least 25 files, each listed once with its message, and nothing listed that is not there")
    func manifest() throws {
        let expectations = try Self.expectations()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0 != "EXPECTED.txt" }
        #expect(expectations.count >= 25)
        #expect(Set(expectations.map(\.name)) == Set(files))
        #expect(Set(expectations.map(\.name)).count == expectations.count)
    }

    @Test("each file is refused as a bad file, with its expected message among its problems")
    func eachFile() throws {
        for (name, expected) in try Self.expectations() {
            let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            do {
                let spec = try FormSpec.decode(bytes, file: name)
                Issue.record("\(name) was read: \(spec)")
            } catch {
                guard case .badFile(let problems) = error else {
                    Issue.record("\(name): not a bad-file error: \(error)")
                    continue
                }
                #expect(error.code == .badFile)
                #expect(problems.map(\.description).contains("\(name):\(expected)"), "\(name): \(problems.map(\.description))")
            }
        }
    }
}
