// ViewThatFits: the first child whose ideal size fits the proposal along
// the given axes, else the last one. Source: Apple's `ViewThatFits` page
// (developer.apple.com/documentation/swiftui/viewthatfits) and its
// `init(in:content:)` page.
import Foundation
import Testing
import FormLayout

/// Apple's `UploadProgressView`, with a stand-in for `ProgressView`: a
/// 4-point-high `Rectangle`, which, like a linear `ProgressView`, takes the
/// width offered; the example fixes it to 100 points with `.frame(width: 100)`.
private struct UploadProgressView: View {
    var uploadProgress: Double
    var tag: String

    var percent: String { "\(Int((uploadProgress * 100).rounded()))%" }

    func progressBar(_ id: String) -> some View {
        Rectangle().frame(height: 4).frame(width: 100).accessibilityIdentifier(id)
    }

    var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack {
                Text(percent).accessibilityIdentifier("\(tag).hstack.text")
                progressBar("\(tag).hstack.bar")
            }
            .accessibilityIdentifier("\(tag).hstack")
            progressBar("\(tag).bar")
            Text(percent).accessibilityIdentifier("\(tag).text")
        }
    }
}

@Suite("ViewThatFits")
struct ViewThatFitsTests {
    /// Apple's `ViewThatFits` page: the `UploadProgressView` fitted to 200,
    /// 100 and 50 points shows the `HStack`, then the bar alone, then the
    /// text alone.
    @Test func uploadProgressViewAtThreeWidths() {
        let result = layout(VStack {
            UploadProgressView(uploadProgress: 0.75, tag: "w200").frame(maxWidth: 200)
            UploadProgressView(uploadProgress: 0.75, tag: "w100").frame(maxWidth: 100)
            UploadProgressView(uploadProgress: 0.75, tag: "w50").frame(maxWidth: 50)
        }, width: 400, height: 300)
        // 200: text, 8 points of spacing, the 100-point bar.
        let text = naturalWidth("75%")
        #expect(frame(result, "w200.hstack").width == text + 8 + 100)
        #expect(frame(result, "w200.hstack.bar").width == 100)
        #expect(result.frame(of: "w200.bar") == nil)
        #expect(result.frame(of: "w200.text") == nil)
        // 100: the HStack is too wide, the bar alone fits.
        #expect(result.frame(of: "w100.hstack") == nil)
        #expect(frame(result, "w100.bar").width == 100)
        #expect(result.frame(of: "w100.text") == nil)
        // 50: neither fits; the last child, the text, is shown.
        #expect(result.frame(of: "w50.hstack") == nil)
        #expect(result.frame(of: "w50.bar") == nil)
        #expect(frame(result, "w50.text").width == text)
        // Only what is shown is drawn: one bar per row that shows one.
        let bars = result.displayList.items.filter { $0.identifier?.hasSuffix("bar") == true }
        #expect(bars.count == 2)
    }

    /// `init(in:content:)`: fitting only horizontally ignores a height that
    /// does not fit.
    @Test func horizontalAxisIgnoresHeight() {
        let result = layout(ViewThatFits(in: .horizontal) {
            Rectangle().frame(width: 80, height: 500).accessibilityIdentifier("tall")
            Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("small")
        }.frame(width: 100, height: 100), width: 400, height: 300)
        #expect(frame(result, "tall").size == CGSize(width: 80, height: 500))
        #expect(result.frame(of: "small") == nil)
    }

    /// `init(in:content:)`: fitting only vertically ignores a width that
    /// does not fit, and rejects a height that does not.
    @Test func verticalAxisIgnoresWidth() {
        let wide = layout(ViewThatFits(in: .vertical) {
            Rectangle().frame(width: 500, height: 80).accessibilityIdentifier("wide")
            Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("small")
        }.frame(width: 100, height: 100), width: 400, height: 300)
        #expect(frame(wide, "wide").size == CGSize(width: 500, height: 80))
        let tall = layout(ViewThatFits(in: .vertical) {
            Rectangle().frame(width: 50, height: 180).accessibilityIdentifier("tall")
            Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("small")
        }.frame(width: 100, height: 100), width: 400, height: 300)
        #expect(tall.frame(of: "tall") == nil)
        #expect(frame(tall, "small").size == CGSize(width: 10, height: 10))
    }

    /// `ViewThatFits` page: "By default, ViewThatFits constrains in both the
    /// horizontal and vertical axes": a child that fits one axis only is
    /// passed over.
    @Test func bothAxesByDefault() {
        let result = layout(ViewThatFits {
            Rectangle().frame(width: 80, height: 500).accessibilityIdentifier("tall")
            Rectangle().frame(width: 500, height: 80).accessibilityIdentifier("wide")
            Rectangle().frame(width: 90, height: 90).accessibilityIdentifier("fits")
            Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("small")
        }.frame(width: 100, height: 100), width: 400, height: 300)
        #expect(result.frame(of: "tall") == nil)
        #expect(result.frame(of: "wide") == nil)
        #expect(frame(result, "fits").size == CGSize(width: 90, height: 90))
        #expect(result.frame(of: "small") == nil)
    }

    /// `init(in:content:)`: "If axes is an empty set, ViewThatFits uses the
    /// first child view."
    @Test func noAxesShowsTheFirstChild() {
        let result = layout(ViewThatFits(in: []) {
            Rectangle().frame(width: 500, height: 500).accessibilityIdentifier("first")
            Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("second")
        }.frame(width: 100, height: 100), width: 400, height: 300)
        #expect(frame(result, "first").size == CGSize(width: 500, height: 500))
        #expect(result.frame(of: "second") == nil)
    }

    /// The ideal size is what must fit: a flexible view's ideal width (a
    /// `Color`'s is 10, SwiftUI's placeholder) fits, and it then takes the
    /// width actually offered.
    @Test func flexibleChildIsSizedForTheProposalOnceChosen() {
        let result = layout(ViewThatFits(in: .horizontal) {
            Color.blue.frame(height: 20).accessibilityIdentifier("flexible")
            Text("never").accessibilityIdentifier("text")
        }.frame(width: 100), width: 400, height: 300)
        #expect(frame(result, "flexible").size == CGSize(width: 100, height: 20))
        #expect(result.frame(of: "text") == nil)
    }

    /// A form row: two fields side by side when the window is wide enough,
    /// one above the other when not; the same field is found where shown.
    @Test func formRowStacksWhenNarrow() {
        func row() -> some View {
            ViewThatFits(in: .horizontal) {
                HStack(spacing: 10) {
                    Rectangle().frame(width: 200, height: 30).accessibilityIdentifier("name")
                    Rectangle().frame(width: 200, height: 30).accessibilityIdentifier("email")
                }
                VStack(spacing: 10) {
                    Rectangle().frame(width: 200, height: 30).accessibilityIdentifier("name")
                    Rectangle().frame(width: 200, height: 30).accessibilityIdentifier("email")
                }
            }
        }
        let wide = layout(row(), width: 500, height: 300)
        #expect(frame(wide, "name").minY == frame(wide, "email").minY)
        #expect(frame(wide, "email").minX == frame(wide, "name").maxX + 10)
        let narrow = layout(row(), width: 300, height: 300)
        #expect(frame(narrow, "name").minX == frame(narrow, "email").minX)
        #expect(frame(narrow, "email").minY == frame(narrow, "name").maxY + 10)
        #expect(narrow.displayList.items.filter { $0.identifier == "name" }.count == 1)
    }
}
