// Anchors and coordinate spaces: an anchor is captured where it is written
// and resolved by `GeometryProxy[anchor]` in the reader's own space;
// `frame(in:)` for `.global`, `.local` and `.named(…)`; custom anchor
// sources; and seed 000's tab bar, which measures itself in a named space.
import Foundation
import Testing
import FormLayout

/// The first bounds anchor written in the subtree.
private struct BoundsAnchorKey: PreferenceKey {
    static var defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) {
        value = value ?? nextValue()
    }
}

/// Named point anchors.
private struct PointsKey: PreferenceKey {
    static var defaultValue: [String: Anchor<CGPoint>] = [:]
    static func reduce(value: inout [String: Anchor<CGPoint>], nextValue: () -> [String: Anchor<CGPoint>]) {
        value.merge(nextValue()) { _, new in new }
    }
}

/// Named rectangle anchors.
private struct RectsKey: PreferenceKey {
    static var defaultValue: [String: Anchor<CGRect>] = [:]
    static func reduce(value: inout [String: Anchor<CGRect>], nextValue: () -> [String: Anchor<CGRect>]) {
        value.merge(nextValue()) { _, new in new }
    }
}

/// Seed 000's key before the author added the bounds line to `reduce`:
/// only the item data is merged, so a bounds value that arrives as the
/// next value is lost.
private struct ItemsOnlyTabBarKey: PreferenceKey {
    static var defaultValue = TabBarPreferenceData()
    static func reduce(value: inout TabBarPreferenceData, nextValue: () -> TabBarPreferenceData) {
        value.tabBarItemData.append(contentsOf: nextValue().tabBarItemData)
    }
}

@Suite("Anchors and coordinate spaces")
struct AnchorTests {
    // MARK: Resolving anchors

    @Test func anchorResolvesInTheReadersSpace() {
        let resolved = Captured<CGRect>()
        let result = layout(HStack(spacing: 0) {
            Color.red.frame(width: 40, height: 30)
            Color.blue.frame(width: 60, height: 30)
                .anchorPreference(key: BoundsAnchorKey.self, value: .bounds) { $0 }
                .accessibilityIdentifier("target")
        }
        .accessibilityIdentifier("host")
        .overlayPreferenceValue(BoundsAnchorKey.self) { anchor in
            GeometryReader { proxy -> Color in
                resolved.value = anchor.map { proxy[$0] }
                return Color.clear
            }
        })
        // The host is centred in the 400×300 window; the anchor is seen
        // relative to the reader, which covers the host.
        #expect(frame(result, "host") == CGRect(x: 150, y: 135, width: 100, height: 30))
        #expect(frame(result, "target") == CGRect(x: 190, y: 135, width: 60, height: 30))
        #expect(resolved.value == CGRect(x: 40, y: 0, width: 60, height: 30))
    }

    @Test func readerPlacedElsewhereSeesTheRectShiftedByItsOrigin() {
        let resolved = Captured<CGRect>()
        let readerFrame = Captured<CGRect>()
        _ = layout(HStack(spacing: 0) {
            Color.red.frame(width: 40, height: 30)
            Color.blue.frame(width: 60, height: 30)
                .anchorPreference(key: BoundsAnchorKey.self, value: .bounds) { $0 }
        }
        .overlayPreferenceValue(BoundsAnchorKey.self) { anchor in
            // A 20×10 reader centred on the 100×30 host: at (40, 10) in it.
            GeometryReader { proxy -> Color in
                resolved.value = anchor.map { proxy[$0] }
                readerFrame.value = proxy.frame(in: .global)
                return Color.clear
            }
            .frame(width: 20, height: 10)
        })
        #expect(readerFrame.value == CGRect(x: 190, y: 145, width: 20, height: 10))
        #expect(resolved.value == CGRect(x: 0, y: -10, width: 60, height: 30))
    }

    @Test func anchorIsCapturedWhereItIsWrittenNotWhereTheModifierChainEnds() {
        let resolved = Captured<CGRect>()
        _ = layout(ZStack(alignment: .topLeading) {
            Color.clear.frame(width: 200, height: 100)
            Color.red.frame(width: 30, height: 20)
                .anchorPreference(key: BoundsAnchorKey.self, value: .bounds) { $0 }
                .padding(10)
                .offset(x: 50)
        }
        .overlayPreferenceValue(BoundsAnchorKey.self) { anchor in
            GeometryReader { proxy -> Color in
                resolved.value = anchor.map { proxy[$0] }
                return Color.clear
            }
        })
        // Inside the padding, and moved with the offset it is drawn at.
        #expect(resolved.value == CGRect(x: 60, y: 10, width: 30, height: 20))
    }

    // MARK: Custom sources

    @Test func pointSourcesResolveToTheRightPoints() {
        let resolved = Captured<[String: CGPoint]>()
        _ = layout(ZStack(alignment: .topLeading) {
            Color.clear.frame(width: 200, height: 100)
            Color.red.frame(width: 80, height: 40)
                .anchorPreference(key: PointsKey.self, value: .topLeading) { ["topLeading": $0] }
                .transformAnchorPreference(key: PointsKey.self, value: .top) { $0["top"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .topTrailing) { $0["topTrailing"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .leading) { $0["leading"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .center) { $0["center"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .trailing) { $0["trailing"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .bottomLeading) { $0["bottomLeading"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .bottom) { $0["bottom"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .bottomTrailing) { $0["bottomTrailing"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .point(CGPoint(x: 10, y: 30))) { $0["point"] = $1 }
                .transformAnchorPreference(key: PointsKey.self, value: .unitPoint(UnitPoint(x: 0.25, y: 0.75))) { $0["unitPoint"] = $1 }
                // The seed's example: a unit point far outside the view.
                .transformAnchorPreference(key: PointsKey.self, value: .unitPoint(UnitPoint(x: 10, y: 30))) { $0["outside"] = $1 }
                .padding(.leading, 30)
                .padding(.top, 20)
        }
        .overlayPreferenceValue(PointsKey.self) { points in
            GeometryReader { proxy -> Color in
                resolved.value = points.mapValues { proxy[$0] }
                return Color.clear
            }
        })
        // The red view's frame in the reader: (30, 20, 80, 40).
        let expected: [String: CGPoint] = [
            "topLeading": CGPoint(x: 30, y: 20), "top": CGPoint(x: 70, y: 20), "topTrailing": CGPoint(x: 110, y: 20),
            "leading": CGPoint(x: 30, y: 40), "center": CGPoint(x: 70, y: 40), "trailing": CGPoint(x: 110, y: 40),
            "bottomLeading": CGPoint(x: 30, y: 60), "bottom": CGPoint(x: 70, y: 60), "bottomTrailing": CGPoint(x: 110, y: 60),
            "point": CGPoint(x: 40, y: 50), "unitPoint": CGPoint(x: 50, y: 50), "outside": CGPoint(x: 830, y: 1220),
        ]
        #expect(resolved.value == expected)
    }

    @Test func rectSourcesResolveToTheRightRects() {
        let resolved = Captured<[String: CGRect]>()
        _ = layout(ZStack(alignment: .topLeading) {
            Color.clear.frame(width: 200, height: 100)
            Color.red.frame(width: 80, height: 40)
                .anchorPreference(key: RectsKey.self, value: .bounds) { ["bounds": $0] }
                .transformAnchorPreference(key: RectsKey.self, value: .rect(CGRect(x: 10, y: 5, width: 20, height: 8))) { $0["rect"] = $1 }
                .transformAnchorPreference(key: RectsKey.self, value: .rect(CGRect(x: -5, y: 50, width: 100, height: 1))) { $0["outside"] = $1 }
                .padding(.leading, 30)
                .padding(.top, 20)
        }
        .overlayPreferenceValue(RectsKey.self) { rects in
            GeometryReader { proxy -> Color in
                resolved.value = rects.mapValues { proxy[$0] }
                return Color.clear
            }
        })
        #expect(resolved.value == [
            "bounds": CGRect(x: 30, y: 20, width: 80, height: 40),
            "rect": CGRect(x: 40, y: 25, width: 20, height: 8),
            "outside": CGRect(x: 25, y: 70, width: 100, height: 1),
        ])
    }

    // MARK: Coordinate spaces

    @Test func frameInGlobalLocalAndNamedSpaces() {
        let frames = Captured<[String: CGRect]>()
        let result = layout(VStack(spacing: 0) {
            Color.gray.frame(width: 100, height: 20)
            HStack(spacing: 0) {
                Color.gray.frame(width: 30, height: 40)
                GeometryReader { proxy -> Color in
                    frames.value = [
                        "global": proxy.frame(in: .global),
                        "local": proxy.frame(in: .local),
                        "outer": proxy.frame(in: .named("outer")),
                        "inner": proxy.frame(in: .named("inner")),
                        "unknown": proxy.frame(in: .named("nowhere")),
                    ]
                    return Color.red
                }
                .frame(width: 50, height: 40)
            }
            .coordinateSpace(name: "inner")
        }
        .padding(10)
        .coordinateSpace(name: "outer")
        .padding(25)
        .accessibilityIdentifier("all"), width: 400, height: 300)
        // 100×60 stack, padded to 120×80 and to 170×130, centred in the window.
        #expect(frame(result, "all") == CGRect(x: 115, y: 85, width: 170, height: 130))
        #expect(frames.value?["global"] == CGRect(x: 190, y: 140, width: 50, height: 40))
        #expect(frames.value?["local"] == CGRect(x: 0, y: 0, width: 50, height: 40))
        #expect(frames.value?["outer"] == CGRect(x: 50, y: 30, width: 50, height: 40))
        #expect(frames.value?["inner"] == CGRect(x: 30, y: 0, width: 50, height: 40))
        // An unknown name falls back to the window.
        #expect(frames.value?["unknown"] == frames.value?["global"])
    }

    @Test func nearestAncestorWithTheNameWins() {
        let named = Captured<CGRect>()
        _ = layout(VStack(spacing: 0) {
            Color.gray.frame(width: 10, height: 15)
            GeometryReader { proxy -> Color in
                named.value = proxy.frame(in: .named("space"))
                return Color.red
            }
            .frame(width: 10, height: 10)
            .coordinateSpace(name: "space")
        }
        .padding(5)
        .coordinateSpace(name: "space"))
        #expect(named.value == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    // MARK: Seed 000's tab bar

    @Test func tabBarMeasuresItselfInTheNamedSpace() {
        let result = layout(TabBarContentView(selection: 0), width: 414, height: 896)
        let preferences = result.preference(TabBarPreferenceKey.self)
        // Each item: 25-point icon, 8 spacing, 16-point caption, 5 above and below.
        #expect(preferences.tabBarBounds == CGRect(x: 0, y: 896 - 59, width: 414, height: 59))
        #expect(preferences.tabBarItemData.map(\.tag) == [0, 1, 2, 3, 4])
    }

    @Test func tabBarContentAreaIsTheContainerMinusTheBar() {
        let result = layout(TabBarContentView(selection: 2), width: 414, height: 896)
        #expect(frame(result, "contentArea") == CGRect(x: 0, y: 0, width: 414, height: 896 - 59))
        let shown = items(result, "contentArea")
        guard case .text(let lines, _)? = shown.first?.shape else {
            Issue.record("the content area drew no text")
            return
        }
        #expect(lines == ["Contacts Content"])
        #expect(shown.first?.frame.midY == CGFloat(896 - 59) / 2)
    }

    @Test func tabBarShowsEmptyViewForAMissingSelection() {
        let result = layout(TabBarContentView(selection: 7), width: 414, height: 896)
        guard case .text(let lines, _)? = items(result, "contentArea").first?.shape else {
            Issue.record("the content area drew no text")
            return
        }
        #expect(lines == ["Empty View"])
    }

    @Test func tabBarItemsShareTheBarEquallyAndTheSelectionIsBlue() {
        let result = layout(TabBarContentView(selection: 1), width: 414, height: 896)
        let icons = result.displayList.items.filter { $0.frame.size == CGSize(width: 25, height: 25) }
        #expect(icons.map(\.fill) == [.gray, .blue, .gray, .gray, .gray])
        // Five items of (414 - 4×8) / 5 points, icons centred in each.
        let width: CGFloat = (414 - 32) / 5
        for (index, icon) in icons.enumerated() {
            #expect(isClose(icon.frame.midX, CGFloat(index) * (width + 8) + width / 2))
        }
    }

    @Test func boundsSetOnlyByOneChildNeedsReduceToKeepItWhenInAnOverlay() {
        // Seed 000: without the bounds line in `reduce`, bounds written in
        // an overlay are lost (they arrive as the next value), while in a
        // background they survive (the background's value comes first and
        // is taken as it is).
        func bar<Secondary: View>(_ attach: (AnyView) -> Secondary) -> some View {
            attach(AnyView(HStack {
                ForEach(0..<5) { tag in
                    Color.gray.frame(height: 50)
                        .preference(key: ItemsOnlyTabBarKey.self,
                                    value: TabBarPreferenceData(tabBarItemData: [TabBarItemData(tag: tag, content: AnyView(EmptyView()))]))
                }
            }))
        }
        func reader() -> some View {
            GeometryReader { geometry in
                Color.clear.preference(key: ItemsOnlyTabBarKey.self,
                                       value: TabBarPreferenceData(tabBarBounds: geometry.frame(in: .global)))
            }
        }
        let overlaid = layout(bar { $0.overlay(reader()) }, width: 400, height: 300)
        #expect(overlaid.preference(ItemsOnlyTabBarKey.self).tabBarBounds == nil)
        #expect(overlaid.preference(ItemsOnlyTabBarKey.self).tabBarItemData.count == 5)

        let behind = layout(bar { $0.background(reader()) }, width: 400, height: 300)
        #expect(behind.preference(ItemsOnlyTabBarKey.self).tabBarBounds == CGRect(x: 0, y: 125, width: 400, height: 50))
        #expect(behind.preference(ItemsOnlyTabBarKey.self).tabBarItemData.map(\.tag) == [0, 1, 2, 3, 4])
    }
}
