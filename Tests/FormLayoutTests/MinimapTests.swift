// Seed 002's minimap, the heart of the project: the ported ContentView in
// a 1024×768 window, its preference list, and the scaled-down rectangles
// the MiniMap draws from it.
import Foundation
import Testing
@testable import FormLayout // Anchor's window value, to check the scaling

private let window = CGSize(width: 1024, height: 768)

/// The laid-out ContentView and what its minimap drew.
private struct LaidOutForm {
    let result: LayoutResult
    let preferences: [MyPreferenceData]

    init(fieldValues: [String] = Array(repeating: "", count: 5), length: Float = 360, twitter: Bool = false) {
        result = ViewHost(ContentView(fieldValues: fieldValues, length: length, twitterFieldPreset: twitter), windowSize: window).layout()
        preferences = result.preference(MyPreferenceKey.self)
    }

    /// The preferences the minimap draws, in drawing order (reversed).
    var shown: [MyPreferenceData] { preferences.reversed().filter { $0.show() } }

    /// The minimap's rectangles: the last items drawn, one per shown preference.
    var rects: [DisplayItem] { Array(result.displayList.items.suffix(shown.count)) }

    /// Each shown preference with its minimap rectangle, in preference order.
    var pairs: [(pref: MyPreferenceData, rect: CGRect)] {
        zip(shown, rects.map(\.frame)).reversed().map { ($0, $1) }
    }

    func bounds(_ type: MyViewType) -> [CGRect] {
        preferences.filter { $0.vtype == type }.map(\.bounds.globalValue)
    }
    func rects(_ type: MyViewType) -> [CGRect] {
        pairs.filter { $0.pref.vtype == type }.map(\.rect)
    }
    func fieldRects() -> [CGRect] {
        pairs.filter { if case .field = $0.pref.vtype { true } else { false } }.map(\.rect)
    }

    var area: CGRect { bounds(.miniMapArea)[0] }
    var form: CGRect { bounds(.formContainer)[0] }
    var factor: CGFloat { form.width / (area.width - 10) }
}

private func kind(_ type: MyViewType) -> String {
    switch type {
    case .formContainer: "formContainer"
    case .fieldContainer: "fieldContainer"
    case .field: "field"
    case .title: "title"
    case .miniMapArea: "miniMapArea"
    }
}

@Suite("Seed 002 minimap")
struct MinimapTests {
    @Test func rootPreferencesComeInTreeOrder() {
        let form = LaidOutForm()
        #expect(form.preferences.map { kind($0.vtype) } == [
            "miniMapArea", "title",
            "field", "fieldContainer", "field", "fieldContainer", "field", "fieldContainer",
            "field", "fieldContainer",
            "formContainer",
        ])
    }

    @Test func formAndMinimapAreaHaveTheSeedsSizes() {
        let form = LaidOutForm()
        #expect(form.area.width == 200)
        #expect(form.form.width == 540)
        // The minimap area's 30-point padding, then the stack's 8.
        #expect(form.form.minX - form.area.maxX == 38)
        #expect(form.area.minX == 30)
        #expect(form.area.height == form.form.height)
        #expect(form.bounds(.fieldContainer).map(\.width).last == 360)
    }

    @Test func minimapDrawsOneRectanglePerShownPreferenceInReversedOrder() {
        let form = LaidOutForm(fieldValues: ["Jo", "", "Smith", "a@b.co", ""])
        #expect(form.shown.count == 9)
        #expect(form.rects.map(\.shape) == Array(repeating: .rectangle, count: 9))
        // Drawn parent before child: each container just before its field,
        // the last row first, the title last.
        #expect(form.shown.map { kind($0.vtype) } == [
            "fieldContainer", "field", "fieldContainer", "field", "fieldContainer", "field",
            "fieldContainer", "field", "title",
        ])
        #expect(form.rects.map(\.fill) == [.gray, .green, .gray, .green, .gray, .red, .gray, .yellow, .purple])
    }

    @Test func everyRectangleIsTheBoundsScaledAndMovedIntoTheArea() {
        let form = LaidOutForm(fieldValues: ["Jo", "", "Smith", "a@b.co", ""])
        #expect(isClose(form.factor, 540 / 190))
        for (pref, rect) in form.pairs {
            let bounds = pref.bounds.globalValue
            let expected = CGRect(
                x: form.area.minX + 5 + (bounds.minX - form.form.minX) / form.factor,
                y: form.area.minY + 5 + (bounds.minY - form.form.minY) / form.factor,
                width: bounds.width / form.factor,
                height: bounds.height / form.factor)
            #expect(isClose(rect, expected), "\(kind(pref.vtype)): \(rect) != \(expected)")
        }
    }

    @Test func firstRowSpansTheMinimapWidthFiveInsideTheArea() {
        let form = LaidOutForm()
        let firstRow = Array(form.rects(.fieldContainer).prefix(3))
        let left = firstRow.map(\.minX).min()!
        let right = firstRow.map(\.maxX).max()!
        #expect(isClose(right - left, 190))
        #expect(isClose(190, form.area.width - 10))
        #expect(isClose(left, form.area.minX + 5))
        #expect(isClose(right, form.area.maxX - 5))
        // The title is the form's top: its rectangle starts 5 below the area's.
        #expect(form.bounds(.title)[0].minY == form.form.minY)
        #expect(isClose(form.rects(.title)[0].minY, form.area.minY + 5))
    }

    @Test func everyFieldLiesInsideItsContainer() {
        let form = LaidOutForm(fieldValues: ["a", "bb", "ccc", "dddd", "e"], twitter: true)
        let fields = form.fieldRects()
        let containers = form.rects(.fieldContainer)
        #expect(fields.count == 5 && containers.count == 5)
        for (field, container) in zip(fields, containers) {
            #expect(contains(container, field), "\(field) is not inside \(container)")
            #expect(field.width < container.width && field.height < container.height)
        }
        // And in the window: the field's bounds inside its container's.
        for (field, container) in zip(form.preferences.filter { if case .field = $0.vtype { true } else { false } },
                                      form.preferences.filter { $0.vtype == .fieldContainer }) {
            #expect(contains(container.bounds.globalValue, field.bounds.globalValue))
        }
    }

    @Test(arguments: [
        ("", Color.red), ("a", .yellow), ("ab", .yellow), ("abc", .green), ("abcdefgh", .green),
        ("e\u{301}", .yellow), ("🇫🇷", .yellow), ("e\u{301}e\u{301}e\u{301}", .green),
    ])
    func fieldColourFollowsTheCharacterCount(value: String, colour: Color) {
        let form = LaidOutForm(fieldValues: [value, "", "", "", ""])
        let first = form.pairs.first { if case .field = $0.pref.vtype { true } else { false } }
        #expect(first?.pref.vtype == .field(value.count))
        #expect(form.rects.first { $0.frame == first?.rect }?.fill == colour)
    }

    @Test func titleIsPurpleAndContainersGray() {
        let form = LaidOutForm()
        #expect(form.pairs.filter { $0.pref.vtype == .fieldContainer }.allSatisfy { $0.pref.getColor() == .gray })
        #expect(form.rects.last?.fill == .purple)
        #expect(form.rects.filter { $0.fill == .gray }.count == 4)
        #expect(form.rects.filter { $0.fill == .red }.count == 4)
    }

    @Test func twitterFieldAddsExactlyTwoRectangles() {
        let without = LaidOutForm()
        let with = LaidOutForm(twitter: true)
        #expect(with.preferences.count == without.preferences.count + 2)
        #expect(with.shown.count == without.shown.count + 2)
        #expect(with.rects.count == 11)
        // The second row now holds two containers sharing its 360 points.
        let secondRow = with.bounds(.fieldContainer).suffix(2)
        #expect(secondRow.map(\.width) == [176, 176])
        #expect(with.preferences.map { kind($0.vtype) }.suffix(5) == ["field", "fieldContainer", "field", "fieldContainer", "formContainer"])
    }

    @Test func widerSecondRowWidensTheEmailRectangleAtTheSameFactor() {
        let narrow = LaidOutForm(length: 360)
        let wide = LaidOutForm(length: 540)
        #expect(narrow.form.width == 540 && wide.form.width == 540)
        #expect(narrow.factor == wide.factor)
        let narrowEmail = narrow.rects(.fieldContainer)[3]
        let wideEmail = wide.rects(.fieldContainer)[3]
        #expect(isClose(wideEmail.width, narrowEmail.width * 1.5))
        #expect(isClose(wideEmail.width, 190))
        #expect(wideEmail.height == narrowEmail.height)
        #expect(isClose(wideEmail.minX, narrowEmail.minX))
        // The first row does not move.
        for (before, after) in zip(narrow.rects(.fieldContainer).prefix(3), wide.rects(.fieldContainer).prefix(3)) {
            #expect(isClose(before, after))
        }
    }

    @Test func secondRowWiderThanTheFirstWidensTheFormAndChangesTheFactor() {
        let form = LaidOutForm(length: 900)
        #expect(form.form.width == 900)
        #expect(isClose(form.factor, 900 / 190))
        let email = form.rects(.fieldContainer)[3]
        #expect(isClose(email.width, 190))
        #expect(isClose(email.minX, form.area.minX + 5))
        let firstRow = form.rects(.fieldContainer).prefix(3)
        #expect(isClose(firstRow.map(\.maxX).max()! - firstRow.map(\.minX).min()!, 540 / form.factor))
    }

    @Test func longTitleWrapsAndGrowsTaller() {
        let short = LaidOutForm()
        #expect(short.bounds(.title)[0].height == 34)
        // Too wide for the 540-point form, two lines both at the 374 points
        // the HStack first offers the form and at the form's 540.
        let long = LaidOutForm(fieldValues: ["Maximilian", "Bartholomew", "Richardson", "", ""])
        let title = long.bounds(.title)[0]
        #expect(naturalWidth("Hello Maximilian Bartholomew Richardson", .title.bold()) > 540)
        #expect(title.height == 68)
        #expect(title.width <= 540)
        // The form grows by the extra line and its title stays on top.
        #expect(long.form.width == 540)
        #expect(long.form.height == short.form.height + 34)
        #expect(title.minY == long.form.minY)
        #expect(isClose(long.rects(.title)[0].height, 68 / long.factor))
    }

    @Test func titleThatReflowsBetweenSizingAndPlacementStaysConsistent() {
        // "Hello Maximilian Bartholomew Christopherson" takes three lines at
        // the 374 points the HStack offers the form while sizing it, but two
        // at the 540 points the form ends up with.
        let short = LaidOutForm()
        let long = LaidOutForm(fieldValues: ["Maximilian", "Bartholomew", "Christopherson", "", ""])
        let title = long.bounds(.title)[0]
        #expect(long.form.width == 540)
        // The content starts at the form's top edge.
        #expect(title.minY == long.form.minY)
        withKnownIssue("""
            stacks propose their final size to their children when placing them, as SwiftUI's do \
            (it is what makes `.fixedSize()` + `maxWidth: .infinity` equal-width columns work); the \
            form was measured with a 3-line title at the 374 points first offered (359 tall) and is \
            drawn with a 2-line title at 540, so it keeps 34 points of slack below its content
            """) {
            #expect(long.form.height == short.form.height + title.height - 34)
        }
    }
}
