import FormModel
import Testing

@Suite("FieldPath.isWithin: by bytes for ASCII paths, by characters otherwise")
struct FieldPathWithinTests {
    /// The definition by characters, which the byte comparison must agree with.
    static func byCharacters(_ path: String, _ ancestor: String) -> Bool {
        path == ancestor || (path.hasPrefix(ancestor) && path.dropFirst(ancestor.count).first == FieldPath.separator)
    }

    static let paths = [
        "", ".", "a", "a.", ".a", "a.b", "ab", "ab.c", "a.b.c", "children", "children.2", "children.2.name",
        "children.20", "children.20.name", "children2", "children.2x", "a very long key of more than fifteen bytes",
        "a very long key of more than fifteen bytes.x", "x\r", "x\r.y", "x\r\n", "x\r\n.y",
        "é", "é.a", "e\u{301}", "e\u{301}.a", "e", "e.\u{301}", "e.\u{301}x", "e.a\u{301}", "ab.cé", "ab.c\u{301}", "ab.\u{301}", "ab\u{301}.c", "名前", "名前.1", "名前.1.年齢",
    ]

    @Test func agreesWithTheDefinitionForEveryPair() {
        for path in Self.paths {
            for ancestor in Self.paths {
                #expect(FieldPath.isWithin(path, ancestor) == Self.byCharacters(path, ancestor), "\(path.debugDescription) in \(ancestor.debugDescription)")
            }
        }
    }

    @Test func examples() {
        #expect(FieldPath.isWithin("children.2.name", "children.2"))
        #expect(FieldPath.isWithin("children.2", "children.2"))
        #expect(!FieldPath.isWithin("children.20", "children.2"))
        #expect(!FieldPath.isWithin("children", "children.2"))
        // Canonically equivalent spellings are the same path, as String's == says.
        #expect(FieldPath.isWithin("e\u{301}.a", "é"))
        #expect(!FieldPath.isWithin("e.\u{301}", "e"))
    }
}
