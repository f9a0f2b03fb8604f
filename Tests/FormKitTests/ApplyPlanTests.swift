import FormStore
import Testing
@testable import FormKit

/// Form files for the apply tests, built in Swift.
enum Specs {
    /// Seed 002's form as a form file declares it (its fields keep the
    /// seed's `short_below` 3).
    static let seed = FormSpec(title: "Hello {first} {middle} {last}", pages: [
        PageSpec(key: "main", title: "Main", rows: [
            RowSpec(width: 540, fields: [
                FieldSpec(key: "first", label: "First Name", rules: FieldRules(required: true)),
                FieldSpec(key: "middle", label: "Middle Name", rules: FieldRules(required: true)),
                FieldSpec(key: "last", label: "Last Name", rules: FieldRules(required: true)),
            ]),
            RowSpec(width: 360, minWidth: 360, maxWidth: 540, fields: [
                FieldSpec(key: "email", label: "Email", rules: FieldRules(required: true)),
                FieldSpec(key: "twitter", label: "Twitter", rules: .none, isHidden: true),
            ]),
        ]),
    ])

    /// A two-page form: the name on `main`, how to reach someone on `contact`.
    static let twoPages = FormSpec(title: "Hello {first}", pages: [
        PageSpec(key: "main", title: "Main", rows: [
            RowSpec(width: 540, fields: [
                FieldSpec(key: "first", label: "First Name", rules: FieldRules(required: true, shortBelow: 0)),
                FieldSpec(key: "last", label: "Last Name"),
            ]),
            RowSpec(width: 360, minWidth: 360, maxWidth: 540, fields: [
                FieldSpec(key: "newsletter", label: "Newsletter?"),
                FieldSpec(key: "twitter", label: "Twitter", showIf: .equals(field: "newsletter", value: "yes")),
            ]),
        ]),
        PageSpec(key: "contact", title: "Contact", rows: [
            RowSpec(width: 540, fields: [
                FieldSpec(key: "email", label: "Email", rules: FieldRules(required: true, maxLength: 80, email: true, shortBelow: 0)),
            ]),
        ]),
    ])

    /// `twoPages` changed as the test changes it: a field added
    /// (`phone`), one moved to another page (`twitter` to contact), a row
    /// widened (main's first), a rule tightened (email's maximum), a page
    /// renamed (contact).
    static var twoPagesChanged: FormSpec {
        var spec = twoPages
        spec.pages[0].rows[0].width = 600
        spec.pages[0].rows[0].maxWidth = 600
        spec.pages[0].rows[1].fields.removeLast()
        spec.pages[1].title = "Reach us"
        spec.pages[1].rows[0].fields[0].rules.maxLength = 60
        spec.pages[1].rows.append(RowSpec(width: 540, fields: [
            FieldSpec(key: "phone", label: "Phone"),
            FieldSpec(key: "twitter", label: "Twitter", showIf: .equals(field: "newsletter", value: "yes")),
        ]))
        return spec
    }
}

@Suite("apply: the plan")
struct ApplyPlanTests {
    private func lines(_ plan: ApplyPlan) -> [String] { plan.changes.map(\.description) }

    @Test("the seed's own structure plans no change")
    func seedPlansNothing() {
        let plan = ApplyPlan(stored: .seed, spec: Specs.seed)
        #expect(plan.isEmpty, "\(lines(plan))")
        #expect(plan.heldValues.isEmpty)
    }

    @Test("a new database is planned as everything added, in form order")
    func newDatabase() {
        var spec = Specs.twoPages
        spec.tabBar = TabBarSettings(height: 60)
        let plan = ApplyPlan(stored: nil, spec: spec)
        #expect(lines(plan) == [
            "+ title \"Hello {first}\"",
            "+ tab bar height 60",
            "+ page main \"Main\"",
            "+ page contact \"Contact\"",
            "+ row 1 (page main) width 540",
            "+ row 2 (page main) width 360 (360…540)",
            "+ row 1 (page contact) width 540",
            "+ field first (page main, row 1)",
            "+ field last (page main, row 1)",
            "+ field newsletter (page main, row 2)",
            "+ field twitter (page main, row 2)",
            "+ field email (page contact, row 1)",
        ])
        #expect(plan.target.fields.map(\.key) == ["first", "last", "newsletter", "twitter", "email"])
        #expect(plan.target.rows.map(\.number) == [1, 2, 3])
        #expect(plan.target.selectedPage == "main")
        #expect(plan.target.tabBar.height == 60)
    }

    @Test("a changed file: a field added, one moved to another page, a row widened, a rule tightened, a page renamed")
    func changedFile() {
        let stored = ApplyPlan(stored: nil, spec: Specs.twoPages).target
        let plan = ApplyPlan(stored: stored, spec: Specs.twoPagesChanged)
        #expect(lines(plan) == [
            "~ page contact title \"Contact\" → \"Reach us\"",
            "~ row 1 (page main) width 540 → 600",
            "~ row 1 (page main) range 540…540 → 540…600",
            "+ row 2 (page contact) width 540",
            "~ field email rules: max_length 80 → 60",
            "+ field phone (page contact, row 2)",
            "~ field twitter moved to page contact, row 2",
        ])
    }

    @Test("the seed reshaped: title, labels, rules, hidden, show_if, a field removed with its value, places in a row")
    func everyFieldChange() {
        var stored = FormDefinition.seed
        stored.fields[4].value = "@ada"
        var spec = Specs.seed
        spec.title = "Hi {first}"
        spec.tabBar = TabBarSettings(height: 49, isHidden: true)
        spec.pages[0].rows[0].fields = [
            FieldSpec(key: "last", label: "Surname", rules: FieldRules(required: true)),
            FieldSpec(key: "first", label: "First Name", rules: FieldRules(required: true)),
            FieldSpec(key: "middle", label: "Middle Name", rules: FieldRules(required: true)),
        ]
        spec.pages[0].rows[1].fields = [
            FieldSpec(key: "email", label: "Email", rules: FieldRules(required: true, pattern: "[a-z]+@x\\.org", email: true, message: "Use your \"x\" address"),
                      isHidden: false, showIf: .filled(field: "first")),
        ]
        let plan = ApplyPlan(stored: stored, spec: spec)
        #expect(lines(plan) == [
            "~ title \"Hello {first} {middle} {last}\" → \"Hi {first}\"",
            "~ tab bar hidden no → yes",
            "~ field last moved to place 1 (page main, row 1)",
            "~ field last label \"Last Name\" → \"Surname\"",
            "~ field email rules: pattern none → \"[a-z]+@x\\\\.org\", email no → yes, message none → \"Use your \\\"x\\\" address\"",
            "~ field email show_if none → first filled",
            "- field twitter (holds 4 characters)",
        ])
        #expect(plan.heldValues == [HeldValue(key: "twitter", length: 4)])
        #expect(plan.target.fields.map(\.key) == ["last", "first", "middle", "email"])
        #expect(plan.target.fields.first { $0.key == "email" }?.showIf == .filled(field: "first"))
    }

    @Test("a field inserted at the front of a row moves none of the others; a page moved is reported once")
    func insertionsAreNotMoves() {
        var spec = Specs.seed
        spec.pages[0].rows[0].fields.insert(FieldSpec(key: "title", label: "Title"), at: 0)
        spec.pages.insert(PageSpec(key: "intro", title: "Intro", rows: []), at: 0)
        #expect(lines(ApplyPlan(stored: .seed, spec: spec)) == [
            "+ page intro \"Intro\"",
            "+ field title (page main, row 1)",
        ])
        let stored = ApplyPlan(stored: nil, spec: Specs.twoPages).target
        var swapped = Specs.twoPages
        swapped.pages.swapAt(0, 1)
        #expect(lines(ApplyPlan(stored: stored, spec: swapped)) == ["~ page contact moved to place 1"])
    }

    @Test("a page that goes takes its rows and fields; the selection moves to the first page")
    func pageRemoved() {
        var stored = ApplyPlan(stored: nil, spec: Specs.twoPages).target
        stored.selectedPage = "contact"
        var spec = Specs.twoPages
        spec.pages.removeLast()
        let plan = ApplyPlan(stored: stored, spec: spec)
        #expect(lines(plan) == ["- page contact", "- row 1 (page contact)", "- field email"])
        #expect(plan.heldValues.isEmpty)
        #expect(plan.target.selectedPage == "main")
    }

    @Test("a form of one page names rows without their page; a removed row is listed")
    func onePageRows() {
        var spec = Specs.seed
        spec.pages[0].rows[1].fields = []
        spec.pages[0].rows[0].fields.append(contentsOf: [
            FieldSpec(key: "email", label: "Email", rules: FieldRules(required: true)),
            FieldSpec(key: "twitter", label: "Twitter", rules: .none, isHidden: true),
        ])
        spec.pages[0].rows.removeLast()
        #expect(lines(ApplyPlan(stored: .seed, spec: spec)) == [
            "- row 2",
            "~ field email moved to page main, row 1",
            "~ field twitter moved to page main, row 1",
        ])
    }

    @Test("text in lines is quoted and escaped, so that each change stays one line")
    func quoting() {
        var spec = Specs.seed
        spec.pages[0].title = "Two\nlines \\ \"quoted\""
        #expect(lines(ApplyPlan(stored: .seed, spec: spec)) == ["~ page main title \"Main\" → \"Two\\nlines \\\\ \\\"quoted\\\"\""])
    }

    @Test("longest increasing subsequence")
    func longestIncreasing() {
        #expect(LongestIncreasing.indices([]) == [])
        #expect(LongestIncreasing.indices([0, 1, 2]) == [0, 1, 2])
        #expect(LongestIncreasing.indices([2, 0, 1]) == [1, 2])
        #expect(LongestIncreasing.indices([1, 2, 0, 3]).count == 3)
    }
}
