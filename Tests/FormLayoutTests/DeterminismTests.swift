// Determinism: the same input lays out to the same output, bit for bit.
import Foundation
import Testing
import FormLayout

@Suite("Determinism")
struct DeterminismTests {
    @Test(arguments: [
        (Array(repeating: "", count: 5), Float(360), false),
        (["Jo", "", "Smith", "a@b.co", "@jo"], Float(540), true),
        (["Maximilian", "Bartholomew", "Christopherson", "e\u{301}", "🇫🇷"], Float(900), true),
    ])
    func minimapFormLaysOutIdenticallyTwice(fieldValues: [String], length: Float, twitter: Bool) {
        func run() -> LayoutResult {
            ViewHost(ContentView(fieldValues: fieldValues, length: length, twitterFieldPreset: twitter),
                     windowSize: CGSize(width: 1024, height: 768)).layout()
        }
        let first = run()
        let second = run()
        #expect(first.displayList == second.displayList)
        #expect(first.tree.description == second.tree.description)
        #expect(first.nodeCount == second.nodeCount)
        // Frames compared by their bits, not just by ==.
        #expect(first.displayList.items.map { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].map(\.bitPattern) }
            == second.displayList.items.map { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].map(\.bitPattern) })
        #expect(first.preference(MyPreferenceKey.self).map(\.bounds) == second.preference(MyPreferenceKey.self).map(\.bounds))
    }

    @Test func tabBarLaysOutIdenticallyTwice() {
        let first = layout(TabBarContentView(selection: 3), width: 414, height: 896)
        let second = layout(TabBarContentView(selection: 3), width: 414, height: 896)
        #expect(first.displayList == second.displayList)
        #expect(first.tree.description == second.tree.description)
        #expect(first.preference(TabBarPreferenceKey.self).tabBarBounds == second.preference(TabBarPreferenceKey.self).tabBarBounds)
    }

    @Test func differentInputsGiveDifferentOutputs() {
        // Guards against the comparison above passing vacuously.
        let empty = layout(ContentView(), width: 1024, height: 768)
        let filled = layout(ContentView(fieldValues: ["a", "b", "c", "d", "e"]), width: 1024, height: 768)
        #expect(empty.displayList != filled.displayList)
        #expect(empty.tree.description != filled.tree.description)
    }
}
