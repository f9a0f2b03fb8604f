// `MinimapRectList` against a plain array: random insertions (of a field's
// two rectangles, or an instance's many, anywhere), removals, replacements
// and lookups by key, enough to split chunks and empty them, each result
// compared with what the same operations give on an array, `z` included.
@testable import FormScreens
import FormModel
import Testing

private func rect(_ number: Int, _ kind: MinimapRect.Kind = .field) -> MinimapRect {
    MinimapRect(z: -1, key: "k\(number)", kind: kind, color: .gray, x: Double(number), y: 0, width: 1, height: 1)
}

/// The array numbered as a minimap is: each `z` its place.
private func numbered(_ rects: [MinimapRect]) -> [MinimapRect] {
    rects.enumerated().map { place, rect in
        var rect = rect
        rect.z = place
        return rect
    }
}

@Suite("MinimapRectList: a kept minimap's rectangles in chunks")
struct MinimapRectListTests {
    @Test("random changes give what the same changes give on an array", arguments: [0, 1, 300, 2_000])
    func matchesAnArray(start: Int) {
        var random = SystemRandomNumberGenerator()
        var expected = (0..<start).map { rect($0) }
        var list = MinimapRectList(expected)
        var next = start
        for _ in 0..<1_500 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                // A field's two rectangles, or an instance's 100, anywhere (the end too).
                let count = Int.random(in: 0..<8, using: &random) == 0 ? 100 : 2
                let rects = (0..<count).map { offset in rect(next + offset, offset % 2 == 0 ? .fieldContainer : .field) }
                next += count
                let place = Int.random(in: 0...expected.count, using: &random)
                expected.insert(contentsOf: rects, at: place)
                list.insert(rects, at: place)
            case 4..<7:
                guard !expected.isEmpty else { continue }
                let place = Int.random(in: 0..<expected.count, using: &random)
                expected.remove(at: place)
                list.remove(at: place)
            default:
                guard let victim = expected.indices.randomElement(using: &random) else { continue }
                var moved = expected[victim]
                moved.y += 1
                #expect(list.index(of: moved.kind, moved.key) == victim)
                expected[victim] = moved
                list.replace(at: victim, with: moved)
            }
            #expect(list.count == expected.count)
        }
        #expect(list.rects == numbered(expected))
        for (place, rect) in expected.enumerated() {
            #expect(list.index(of: rect.kind, rect.key) == place)
            #expect(list[place] == numbered(expected)[place])
        }
        #expect(list.index(of: .field, "missing") == nil)
        // The first key from a place on that a test stops at, walked
        // across chunks, is the array's.
        for _ in 0..<50 {
            let from = Int.random(in: -1...(expected.count + 1), using: &random)
            let stop = Int.random(in: 0..<max(next, 1), using: &random)
            let stops = { (key: String) in key == "k\(stop)" || key.hasSuffix("7") }
            let wanted = expected.indices.first { $0 >= from && stops(expected[$0].key) } ?? expected.count
            #expect(list.firstIndex(from: from, whereKey: stops) == wanted)
        }
    }

    @Test("everything taken out, then put back")
    func emptiedAndRefilled() {
        let rects = (0..<1_000).map { rect($0) }
        var list = MinimapRectList(rects)
        for _ in rects { list.remove(at: 0) }
        #expect(list.count == 0)
        #expect(list.rects.isEmpty)
        list.insert(Array(rects.prefix(3)), at: 0)
        #expect(list.rects == numbered(Array(rects.prefix(3))))
        #expect(list.index(of: .field, "k2") == 2)
    }
}
