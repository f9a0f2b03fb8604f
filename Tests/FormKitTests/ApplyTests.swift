import FormStore
import Foundation
import Testing
@testable import FormKit

@Suite("apply: the write")
struct ApplyTests {
    /// The structure a form holds, without values or derived data, for
    /// comparing with a plan's target.
    private struct Structure: Equatable {
        var title: String
        var pages: [FormPage]
        var rows: [FormRow]
        var fields: [String]
        var tabBar: TabBarSettings
        var selected: String?

        init(_ form: FormDefinition) {
            title = form.titleTemplate
            pages = form.pages
            rows = form.rows
            fields = form.fields.map { field in
                "\(field.key)|\(field.label)|\(field.row)|\(field.position)|\(field.isVisible)|\(field.rules)|\(String(describing: field.showIf))|\(field.value)"
            }
            tabBar = form.tabBar
            selected = form.selectedPage
        }
    }

    private func bytes(_ form: StoredForm) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: form.path)) }

    @Test("a missing database is created from the file, not from the seed")
    func createsFromFile() throws {
        let temporary = try TemporaryForm()
        let outcome = try temporary.form.apply(Specs.twoPages)
        #expect(outcome.created && outcome.written)
        let form = try temporary.form.definition()
        #expect(form.fields.map(\.key) == ["first", "last", "newsletter", "twitter", "email"])
        #expect(form.pages.map(\.key) == ["main", "contact"])
        #expect(Structure(form) == Structure(outcome.plan.target))
        #expect(try temporary.form.history().map(\.key) == ["first", "last", "newsletter", "twitter", "email"])
        #expect(try temporary.form.minimap(format: .json).contains("\"first\""))
    }

    @Test("a dry run on a missing database plans the creation and creates nothing")
    func dryRunCreatesNothing() throws {
        let temporary = try TemporaryForm()
        let outcome = try temporary.form.apply(Specs.twoPages, dryRun: true)
        #expect(outcome.created && !outcome.written && outcome.plan.changes.count == 11)
        #expect(!FileManager.default.fileExists(atPath: temporary.form.path))
    }

    @Test("--no-create: a missing database is noDatabase")
    func noCreate() throws {
        let temporary = try TemporaryForm(createsMissingFile: false)
        #expect(error { () throws(FormKitError) in _ = try temporary.form.apply(Specs.twoPages) }?.code == .noDatabase)
    }

    @Test("a changed file keeps every value; the same file again writes nothing, byte for byte")
    func changeKeepsValues() throws {
        let temporary = try TemporaryForm()
        let form = temporary.form
        try form.apply(Specs.twoPages)
        for (key, value) in [("first", "Ada"), ("last", "Lovelace"), ("newsletter", "yes"), ("twitter", "@ada"), ("email", "ada@example.com")] {
            try form.set(key, to: value)
        }
        let outcome = try form.apply(Specs.twoPagesChanged)
        #expect(outcome.written && !outcome.created)
        let after = try form.definition()
        #expect(Structure(after) == Structure(outcome.plan.target))
        #expect(after.fields.map(\.key) == ["first", "last", "newsletter", "email", "phone", "twitter"])
        let values = Dictionary(uniqueKeysWithValues: after.fields.map { ($0.key, $0.value) })
        #expect(values == ["first": "Ada", "last": "Lovelace", "newsletter": "yes", "twitter": "@ada", "email": "ada@example.com", "phone": ""])
        #expect(after.rows.map(\.number) == [1, 2, 3, 4])
        #expect(after.pages.map(\.title) == ["Main", "Reach us"])

        let before = try bytes(form)
        let again = try form.apply(Specs.twoPagesChanged)
        #expect(again.plan.isEmpty && !again.written)
        #expect(try bytes(form) == before)
        let dry = try form.apply(Specs.twoPages, dryRun: true)
        #expect(!dry.plan.isEmpty && !dry.written && dry.refusal == nil)
        #expect(try bytes(form) == before)
    }

    @Test("a field with a value is refused removal without prune, listed with its length; with prune it goes to history")
    func prune() throws {
        let temporary = try TemporaryForm()
        let form = temporary.form
        try form.set("twitter", to: "@ada")
        try form.set("middle", to: "Bea")
        var spec = Specs.seed
        spec.pages[0].rows[0].fields.remove(at: 1)
        spec.pages[0].rows[1].fields.removeLast()
        let before = try bytes(form)
        let refused = error { () throws(FormKitError) in _ = try form.apply(spec) }
        #expect(refused == FormKitError.store(.fieldsHoldValues([HeldValue(key: "middle", length: 3), HeldValue(key: "twitter", length: 4)])))
        #expect(refused?.code == .conflict)
        #expect(refused?.description.contains("middle (3 characters), twitter (4 characters)") == true)
        #expect(try bytes(form) == before)
        #expect(try form.apply(spec, dryRun: true).refusal == refused)

        let outcome = try form.apply(spec, prune: true)
        #expect(outcome.written && outcome.plan.heldValues.count == 2)
        #expect(try form.fields().map(\.key) == ["first", "last", "email"])
        #expect(try form.history(of: "twitter").last?.oldValue == "@ada")
        #expect(try form.history(of: "twitter").last?.source == .formctl)
    }

    @Test("a spec the store refuses is refused before anything is written")
    func invalidSpecs() throws {
        let temporary = try TemporaryForm()
        try temporary.form.apply(Specs.seed)
        let before = try bytes(temporary.form)
        var wide = Specs.seed
        wide.pages[0].rows[0].width = 200_000
        var cycle = Specs.seed
        cycle.pages[0].rows[0].fields[0].showIf = .filled(field: "middle")
        cycle.pages[0].rows[0].fields[1].showIf = .filled(field: "first")
        var unknown = Specs.seed
        unknown.pages[0].rows[0].fields[0].showIf = .filled(field: "midle")
        var duplicate = Specs.seed
        duplicate.pages[0].rows[1].fields[0].key = "first"
        var badPattern = Specs.seed
        badPattern.pages[0].rows[0].fields[0].rules.pattern = "("
        var tall = Specs.seed
        tall.tabBar = TabBarSettings(height: 500)
        var noPages = Specs.seed
        noPages.pages = []
        let cases: [(FormSpec, FormKitError.Code)] = [
            (wide, .invalidValue), (cycle, .invalidValue), (unknown, .unknownName), (duplicate, .conflict),
            (badPattern, .invalidValue), (tall, .outOfRange), (noPages, .invalidValue),
        ]
        for (spec, code) in cases {
            #expect(error { () throws(FormKitError) in _ = try temporary.form.apply(spec) }?.code == code)
        }
        #expect(error { () throws(FormKitError) in _ = try temporary.form.apply(unknown) }?.description.contains("did you mean 'middle'") == true)
        #expect(try bytes(temporary.form) == before)
    }

    @Test("show_if from a file hides and shows a field as its condition changes; the hidden value is kept and not checked")
    func showIf() throws {
        let temporary = try TemporaryForm()
        let form = temporary.form
        var spec = Specs.twoPages
        spec.pages[0].rows[1].fields[1].rules = FieldRules(required: true, shortBelow: 0)
        try form.apply(spec)
        for (key, value) in [("first", "Ada"), ("email", "ada@example.com")] { try form.set(key, to: value) }
        #expect(try form.check().passes)
        try form.set("newsletter", to: "yes")
        #expect(try !form.check().passes, "twitter is shown and required")
        try form.set("twitter", to: "@ada")
        #expect(try form.check().passes)
        try form.set("newsletter", to: "no")
        try form.set("twitter", to: "")
        #expect(try form.check().passes, "twitter is hidden: not checked")
        try form.set("twitter", to: "@ada")
        try form.set("newsletter", to: "no")
        #expect(try form.field("twitter").value == "@ada")
    }

    /// A random form over a small pool of page and field keys.
    private func randomSpec(_ random: inout SplitMix) -> FormSpec {
        var fieldKeys = (0..<12).map { "f\($0)" }.shuffled(using: &random)
        fieldKeys.removeLast(Int.random(in: 0...6, using: &random))
        let pageKeys = ["p0", "p1", "p2", "p3"].shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
        var pages = pageKeys.map { PageSpec(key: $0, title: ["One", "Two"].randomElement(using: &random) ?? "One", rows: []) }
        for index in pages.indices {
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let width: Double = [360.0, 540, 600].randomElement(using: &random) ?? 540
                pages[index].rows.append(RowSpec(width: width, minWidth: 300, maxWidth: 600, fields: []))
            }
        }
        let rows = pages.indices.flatMap { page in pages[page].rows.indices.map { (page, $0) } }
        if !rows.isEmpty {
            for key in fieldKeys {
                guard let (page, row) = rows.randomElement(using: &random) else { break }
                let rules = FieldRules(required: Bool.random(using: &random), maxLength: [nil, 5, 80].randomElement(using: &random) ?? nil, shortBelow: 0)
                pages[page].rows[row].fields.append(FieldSpec(key: key, label: key.uppercased(), rules: rules, isHidden: Bool.random(using: &random)))
            }
        }
        return FormSpec(title: "T\(Int.random(in: 0...2, using: &random))", pages: pages)
    }

    @Test("random forms applied one after another: the store holds exactly each plan's target, values of fields that stay kept")
    func randomSequence() throws {
        let temporary = try TemporaryForm()
        let form = temporary.form
        var random = SplitMix(state: 20)
        for step in 0..<40 {
            let spec = randomSpec(&random)
            let outcome = try form.apply(spec, prune: true)
            let stored = try form.definition()
            #expect(Structure(stored) == Structure(outcome.plan.target), "step \(step): \(outcome.plan.changes)")
            #expect(stored.fields.map(\.key) == spec.fields.map(\.key), "step \(step)")
            #expect(try form.apply(spec).plan.isEmpty, "step \(step): the same spec again plans nothing")
            for field in stored.fields where Bool.random(using: &random) {
                try form.set(field.key, to: "v\(step)")
            }
        }
    }
}
