import FormKit
import Foundation
import Testing

/// Mangled form files: whatever bytes come in, `decode` returns a spec or
/// throws `badFile`, and never traps.
@Suite("form files: mangled input")
struct FormSpecMutationTests {
    static let example: [UInt8] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/forms/onboarding.yaml")
        return Array((try? Data(contentsOf: url)) ?? Data())
    }()

    /// Bytes that mean something to YAML, JSON or UTF-8.
    static let interesting: [UInt8] = Array("{}[]&*:\"'\\\n -#!|>,?%@`~0\t".utf8) + [0x00, 0xFF, 0xC3, 0xE2, 0x85]

    @Test("the onboarding example with random bytes changed, added or removed: a spec or badFile, never a trap",
          arguments: 0..<40)
    func mangled(seed: UInt64) throws {
        #expect(Self.example.count > 100)
        var random = SplitMix(seed: seed)
        for _ in 0..<25 {
            var bytes = Self.example
            for _ in 0..<(1 + random.next(4)) {
                let at = random.next(bytes.count)
                let byte = Self.interesting[random.next(Self.interesting.count)]
                switch random.next(3) {
                case 0: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: bytes.remove(at: at)
                }
            }
            do {
                _ = try FormSpec.decode(bytes, file: "m.yaml")
            } catch {
                guard case .badFile(let problems) = error else {
                    Issue.record("not badFile: \(error)")
                    continue
                }
                #expect(!problems.isEmpty && problems.count <= FormSpec.problemLimit + 1)
                #expect(problems.allSatisfy { $0.file == "m.yaml" && !$0.message.isEmpty })
            }
        }
    }
}
