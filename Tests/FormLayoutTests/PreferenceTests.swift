// Preferences: closure order (children before parents, siblings in code
// order), merging (the first value as is, `reduce` for each later one),
// replacing versus transforming writers, background/overlay order,
// defaults for trees that write nothing, and onPreferenceChange.
import Foundation
import Testing
import FormLayout

/// Names in the order the views wrote them.
private struct NamesKey: PreferenceKey {
    static var defaultValue: [String] = []
    static func reduce(value: inout [String], nextValue: () -> [String]) {
        value.append(contentsOf: nextValue())
    }
}

/// Counts its own `reduce` calls in the value, so tests running in
/// parallel do not share a counter: every merge adds one plus the merges
/// already inside the value it folds in.
private struct MergeCount: Equatable {
    var names: [String] = []
    var reduceCalls = 0
}

private struct CountingKey: PreferenceKey {
    static var defaultValue = MergeCount()
    static func reduce(value: inout MergeCount, nextValue: () -> MergeCount) {
        let next = nextValue()
        value.names += next.names
        value.reduceCalls += next.reduceCalls + 1
    }
}

/// A sum whose default is not the identity, so a `reduce` against the
/// default would show.
private struct SumKey: PreferenceKey {
    static var defaultValue = 100
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

private func writer(_ name: String) -> some View {
    Color.clear.frame(width: 10, height: 10).preference(key: CountingKey.self, value: MergeCount(names: [name]))
}

@Suite("Preferences")
struct PreferenceTests {
    // MARK: Order

    @Test func childrenRunBeforeParentsAndSiblingsInCodeOrder() {
        let log = CallLog()
        func note(_ name: String) -> (inout [String]) -> Void {
            { value in log.record(name); value.append(name) }
        }
        let result = layout(VStack {
            Color.red.transformPreference(NamesKey.self, note("a"))
            HStack {
                Color.red.transformPreference(NamesKey.self, note("b1"))
                Color.red.transformPreference(NamesKey.self, note("b2"))
            }.transformPreference(NamesKey.self, note("b"))
            Color.red.transformPreference(NamesKey.self, note("c"))
        }.transformPreference(NamesKey.self, note("root")))
        log.entries = []
        let value = result.preference(NamesKey.self)
        #expect(log.entries == ["a", "b1", "b2", "b", "c", "root"])
        #expect(value == ["a", "b1", "b2", "b", "c", "root"])
    }

    @Test func nestedTransformsRunInsideOut() {
        let log = CallLog()
        let result = layout(Color.red
            .transformPreference(NamesKey.self) { log.record("inner"); $0.append("inner") }
            .padding()
            .transformPreference(NamesKey.self) { log.record("outer"); $0.append("outer") })
        log.entries = []
        #expect(result.preference(NamesKey.self) == ["inner", "outer"])
        #expect(log.entries == ["inner", "outer"])
    }

    // MARK: Merging

    @Test func singleWriterIsTakenAsItIsWithoutReduce() {
        let result = layout(VStack { writer("only"); Color.red })
        #expect(result.preference(CountingKey.self) == MergeCount(names: ["only"], reduceCalls: 0))
    }

    @Test func fiveSiblingsNeedFourReduceCalls() {
        let result = layout(HStack {
            writer("1"); writer("2"); writer("3"); writer("4"); writer("5")
        })
        #expect(result.preference(CountingKey.self) == MergeCount(names: ["1", "2", "3", "4", "5"], reduceCalls: 4))
    }

    @Test func reduceRunsOncePerMeetingWhereverTheValuesAre() {
        // Four writers spread over nested stacks: three merges in all, and
        // views that write nothing take no part in them.
        let result = layout(VStack {
            HStack { writer("1"); Color.red; writer("2") }
            Color.blue
            VStack { Color.green; HStack { writer("3") } }
            writer("4")
        })
        #expect(result.preference(CountingKey.self) == MergeCount(names: ["1", "2", "3", "4"], reduceCalls: 3))
    }

    @Test func firstValueIsNotReducedIntoTheDefault() {
        let one = layout(VStack { Color.red.preference(key: SumKey.self, value: 5); Color.blue })
        #expect(one.preference(SumKey.self) == 5)
        let two = layout(VStack {
            Color.red.preference(key: SumKey.self, value: 5)
            Color.blue.preference(key: SumKey.self, value: 7)
        })
        #expect(two.preference(SumKey.self) == 12)
    }

    @Test func viewThatWritesNothingContributesNothing() {
        let result = layout(VStack { Color.red; Text("Hi") })
        #expect(result.hasPreference(SumKey.self) == false)
        #expect(result.preference(SumKey.self) == 100)
        #expect(result.preference(NamesKey.self) == [])

        let other = layout(Color.red.preference(key: NamesKey.self, value: ["x"]))
        #expect(other.hasPreference(NamesKey.self))
        #expect(other.hasPreference(SumKey.self) == false)
    }

    @Test func transformPreferenceStartsFromTheDefaultWhenNothingIsBelow() {
        let result = layout(Color.red.transformPreference(SumKey.self) { $0 += 1 })
        #expect(result.hasPreference(SumKey.self))
        #expect(result.preference(SumKey.self) == 101)
    }

    // MARK: Replacing and transforming

    @Test func preferenceReplacesTheSubtreesValue() {
        let result = layout(VStack {
            Color.red.preference(key: NamesKey.self, value: ["child"])
        }.preference(key: NamesKey.self, value: ["parent"]))
        #expect(result.preference(NamesKey.self) == ["parent"])
    }

    @Test func transformPreferenceReceivesAndEditsTheSubtreesValue() {
        let seen = Captured<[String]>()
        let result = layout(VStack {
            Color.red.preference(key: NamesKey.self, value: ["first"])
            Color.blue.preference(key: NamesKey.self, value: ["second"])
        }.transformPreference(NamesKey.self) { value in
            seen.value = value
            value.insert("parent", at: 0)
        })
        #expect(result.preference(NamesKey.self) == ["parent", "first", "second"])
        #expect(seen.value == ["first", "second"])
    }

    @Test func anchorPreferenceOnTheStackHidesTheFieldsOne() {
        // Seed 002: a second anchorPreference on the VStack replaces the
        // TextField's; transformAnchorPreference keeps it.
        func field<V: View>(_ container: (AnyView) -> V) -> V {
            container(AnyView(VStack(alignment: .leading) {
                Text("Label")
                TextField("", text: "x")
                    .anchorPreference(key: MyPreferenceKey.self, value: .bounds) { [MyPreferenceData(vtype: .field(1), bounds: $0)] }
            }))
        }
        let replaced = layout(field { $0.anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
            [MyPreferenceData(vtype: .fieldContainer, bounds: $0)]
        } })
        #expect(replaced.preference(MyPreferenceKey.self).map(\.vtype) == [.fieldContainer])

        let transformed = layout(field { $0.transformAnchorPreference(key: MyPreferenceKey.self, value: .bounds) {
            $0.append(MyPreferenceData(vtype: .fieldContainer, bounds: $1))
        } })
        #expect(transformed.preference(MyPreferenceKey.self).map(\.vtype) == [.field(1), .fieldContainer])
    }

    @Test func writersOfOtherKeysAreTransparent() {
        let result = layout(Color.red
            .preference(key: NamesKey.self, value: ["kept"])
            .preference(key: SumKey.self, value: 3)
            .transformPreference(NamesKey.self) { $0.append("edited") })
        #expect(result.preference(NamesKey.self) == ["kept", "edited"])
        #expect(result.preference(SumKey.self) == 3)
    }

    // MARK: Overlay and background

    @Test func backgroundValuesComeBeforeTheHostsAndOverlayValuesAfter() {
        let result = layout(Color.red.preference(key: NamesKey.self, value: ["host"])
            .overlay(Color.clear.preference(key: NamesKey.self, value: ["overlay"]))
            .background(Color.clear.preference(key: NamesKey.self, value: ["background"])))
        #expect(result.preference(NamesKey.self) == ["background", "host", "overlay"])
    }

    @Test func backgroundValueIsTakenAsItIsAndOverlayValueIsReduced() {
        // Seed 000: a value set in a background starts the merge (no reduce),
        // one set in an overlay arrives through reduce as the next value.
        let host = HStack { writer("1"); writer("2") }
        let inBackground = layout(host.background(writer("bounds")))
        #expect(inBackground.preference(CountingKey.self) == MergeCount(names: ["bounds", "1", "2"], reduceCalls: 2))
        let inOverlay = layout(host.overlay(writer("bounds")))
        #expect(inOverlay.preference(CountingKey.self) == MergeCount(names: ["1", "2", "bounds"], reduceCalls: 2))
    }

    @Test func overlayPreferenceValueSeesTheHostsValue() {
        let seen = Captured<[String]>()
        let result = layout(VStack {
            Color.red.preference(key: NamesKey.self, value: ["a"])
            Color.blue.preference(key: NamesKey.self, value: ["b"])
        }.accessibilityIdentifier("host")
        .overlayPreferenceValue(NamesKey.self) { names -> Color in
            seen.value = names
            return Color.green
        })
        #expect(seen.value == ["a", "b"])
        // Drawn over the host, offered its size.
        #expect(result.displayList.items.last?.fill == .green)
        #expect(result.displayList.items.last?.frame == frame(result, "host"))
    }

    @Test func backgroundPreferenceValueIsDrawnBehindTheHost() {
        let result = layout(Color.red.frame(width: 50, height: 40).preference(key: SumKey.self, value: 1)
            .backgroundPreferenceValue(SumKey.self) { value in
                value == 1 ? Color.green : Color.black
            })
        #expect(result.displayList.items.map(\.fill) == [.green, .red])
        #expect(result.displayList.items.first?.frame.size == CGSize(width: 50, height: 40))
    }

    // MARK: onPreferenceChange

    @Test func onPreferenceChangeIsCalledWithTheValue() {
        let received = CallLog()
        _ = layout(VStack {
            Color.red.preference(key: NamesKey.self, value: ["a"])
            Color.blue.preference(key: NamesKey.self, value: ["b"])
        }.onPreferenceChange(NamesKey.self) { value in received.entries.append(value.joined(separator: ",")) })
        #expect(received.entries == ["a,b"])
    }

    @Test func onPreferenceChangeSeesOnlyItsSubtree() {
        let inner = CallLog()
        let outer = CallLog()
        _ = layout(VStack {
            Color.red.preference(key: SumKey.self, value: 2)
                .onPreferenceChange(SumKey.self) { inner.record("\($0)") }
            Color.blue.preference(key: SumKey.self, value: 3)
        }.onPreferenceChange(SumKey.self) { outer.record("\($0)") })
        #expect(inner.entries == ["2"])
        #expect(outer.entries == ["5"])
    }

    @Test func onPreferenceChangeGetsTheDefaultWhenNothingIsWritten() {
        let received = CallLog()
        _ = layout(Color.red.onPreferenceChange(SumKey.self) { received.record("\($0)") })
        #expect(received.entries == ["100"])
    }

    @Test func aDeepChainOfWritersAndBackgroundsSizesAsItsContent() {
        // Eighty modifiers whose size is their content's, in a stack that
        // asks for three sizes: sized straight through to the text (and in
        // a debug build checked against each modifier's rules, without the
        // check walking the rest of the chain again for every link).
        var chain = AnyView(Text("deep"))
        for level in 0..<40 {
            chain = AnyView(chain.preference(key: NamesKey.self, value: ["\(level)"]).background(Color.clear))
        }
        let result = layout(HStack {
            chain.accessibilityIdentifier("chain")
            Text("deep").accessibilityIdentifier("plain")
        })
        #expect(frame(result, "chain").size == frame(result, "plain").size)
        #expect(result.preference(NamesKey.self) == ["39"])
    }
}
