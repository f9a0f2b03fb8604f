import FormLayout
import FormModel
import FormScreens
import Foundation
import Testing

/// A right-to-left form's pictures (issue 25): the screen laid out under
/// `.environment(\.layoutDirection, .rightToLeft)` is the left-to-right one
/// mirrored across the window (Apple's `LayoutDirection` page: SwiftUI
/// "horizontally flips the x position of each view within its parent"),
/// and its minimap the left-to-right one mirrored across the minimap.
@Suite("The form screen right to left")
struct RightToLeftPictureTests {
    /// Seed 002's form with Hebrew labels, both ways.
    private func forms() -> (ltr: FormDefinition, rtl: FormDefinition) {
        var ltr = FormDefinition.seed
        ltr.titleTemplate = "שלום {first}"
        for (index, label) in ["שם פרטי", "שם אמצעי", "שם משפחה", "דוא״ל"].enumerated() { ltr.fields[index].label = label }
        ltr.fields[0].value = "עדה"
        var rtl = ltr
        rtl.direction = .rightToLeft
        return (ltr, rtl)
    }

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func theMinimapIsMirroredAcrossItsWidth() {
        let (ltr, rtl) = forms()
        let left = FormPicture(form: ltr).minimapRects, right = FormPicture(form: rtl).minimapRects
        #expect(left.count == 9 && right.count == left.count)
        for (l, r) in zip(left, right) {
            #expect(l.key == r.key && l.kind == r.kind && l.color == r.color && l.z == r.z)
            #expect(close(r.x, 200 - l.x - l.width) && close(r.y, l.y) && close(r.width, l.width) && close(r.height, l.height),
                    "\(l) → \(r)")
        }
        // The first field of a row is on the right: `first` right of `middle`.
        let x = Dictionary(uniqueKeysWithValues: right.filter { $0.kind == .field }.map { ($0.key, $0.x) })
        #expect((x["first"] ?? 0) > (x["middle"] ?? 0) && (x["middle"] ?? 0) > (x["last"] ?? 0))
        #expect(FormPicture.minimapRects(of: rtl) == right)
    }

    @Test func theWholeScreenIsMirroredAcrossTheWindowAndTextKeepsItsCharacters() {
        let (ltr, rtl) = forms()
        let left = FormPicture(form: ltr).screen, right = FormPicture(form: rtl).screen
        #expect(left.size == right.size && left.items.count == right.items.count && !left.items.isEmpty)
        let width = left.size.width
        for (l, r) in zip(left.items, right.items) {
            #expect(l.shape == r.shape && l.fill == r.fill && l.identifier == r.identifier)
            #expect(isMirrored(l, r, width: width), "\(l.frame) → \(r.frame)")
        }
        #expect(right.items.contains { textLines($0) == ["שלום עדה"] })
        // The minimap area (grey, 200 wide) is on the window's right.
        let area = right.items.first { $0.frame.width == 200 && $0.shape == .rectangle }
        #expect(area.map { $0.frame.minX > width / 2 } == true)
    }

    @Test func theMinimapDrawingFollowsTheRectangles() {
        let (_, rtl) = forms()
        let picture = FormPicture(form: rtl)
        #expect(picture.minimap.items.map(\.frame.minX) == picture.minimapRects.map { CGFloat($0.x) })
    }

    @Test func aFormInPagesIsMirroredWithItsTabBar() {
        var ltr = forms().ltr
        ltr.pages = [FormPage(key: "main", title: "ראשי", position: 1), FormPage(key: "more", title: "עוד", position: 2)]
        ltr.rows[1].page = "more"
        var rtl = ltr
        rtl.direction = .rightToLeft
        let left = FormPicture(form: ltr), right = FormPicture(form: rtl)
        #expect(left.screen.items.count == right.screen.items.count)
        let width = left.screen.size.width
        for (l, r) in zip(left.screen.items, right.screen.items) {
            #expect(isMirrored(l, r, width: width), "\(l.frame) → \(r.frame)")
        }
        for (l, r) in zip(left.minimapRects, right.minimapRects) {
            #expect(close(r.x, 200 - l.x - l.width) && close(r.y, l.y))
        }
        // The first tab, the page shown, is on the right.
        let first = right.screen.items.first { textLines($0) == ["ראשי"] }, second = right.screen.items.first { textLines($0) == ["עוד"] }
        #expect(first != nil && second != nil)
        #expect((first?.frame.minX ?? 0) > (second?.frame.minX ?? 0))
    }

    /// Whether `r` is `l` mirrored across a window `width` wide: its right
    /// edge where `l`'s left edge mirrors to, the same y and height, and
    /// the same width, except for a text field's text, which right to left
    /// is as wide as it is, against the field's right edge (its start
    /// mirrored, as UIKit aligns a right-to-left field's text).
    private func isMirrored(_ l: DisplayItem, _ r: DisplayItem, width: CGFloat) -> Bool {
        let sameWidth = textLines(l) != nil || close(r.frame.width, l.frame.width)
        return close(r.frame.maxX, width - l.frame.minX) && sameWidth && close(r.frame.minY, l.frame.minY)
            && close(r.frame.height, l.frame.height)
    }

    private func textLines(_ item: DisplayItem) -> [String]? {
        if case .text(let lines, _) = item.shape { return lines }
        return nil
    }
}
