// Preferences collected after a right-to-left layout. Apple's
// `LayoutDirection` page: SwiftUI "horizontally flips the x position of
// each view within its parent", so a `.bounds` anchor of a mirrored view
// resolves to its mirrored frame wherever it is read after layout, also
// when an `overlayPreferenceValue` read the same key during placement
// (as seed 002's minimap does, and `FormPicture` then reads the root's).
import Foundation
import Testing
import FormLayout

/// Every bounds anchor written in the subtree, by name.
private struct NamedBoundsKey: PreferenceKey {
    static var defaultValue: [String: Anchor<CGRect>] = [:]
    static func reduce(value: inout [String: Anchor<CGRect>], nextValue: () -> [String: Anchor<CGRect>]) {
        value.merge(nextValue()) { _, new in new }
    }
}

@Suite("Layout direction: preferences after layout")
struct LayoutDirectionPreferenceTests {
    private func row() -> some View {
        HStack(spacing: 10) {
            Color.red.frame(width: 40, height: 30)
                .anchorPreference(key: NamedBoundsKey.self, value: .bounds) { ["first": $0] }
                .accessibilityIdentifier("first")
            Color.blue.frame(width: 60, height: 30)
                .anchorPreference(key: NamedBoundsKey.self, value: .bounds) { ["second": $0] }
                .accessibilityIdentifier("second")
        }
        .overlayPreferenceValue(NamedBoundsKey.self) { _ in Color.clear }
    }

    @Test func rootValueBehindAnOverlayPreferenceValueIsMirrored() {
        let ltr = layout(row(), width: 400, height: 300)
        let rtl = layout(row().environment(\.layoutDirection, .rightToLeft), width: 400, height: 300)
        for name in ["first", "second"] {
            let left = ltr.preference(NamedBoundsKey.self)[name].map(ltr.resolve)
            let right = rtl.preference(NamedBoundsKey.self)[name].map(rtl.resolve)
            #expect(left == frame(ltr, name))
            #expect(right == frame(rtl, name))
            let mirrored = left.map { CGRect(x: 400 - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
            #expect(right == mirrored, "\(name): \(String(describing: left)) → \(String(describing: right))")
        }
        // The first child is on the right.
        #expect(frame(rtl, "first").minX > frame(rtl, "second").minX)
    }
}
