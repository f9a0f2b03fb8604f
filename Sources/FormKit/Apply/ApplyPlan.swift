import FormModel
import FormStore
import FormText

/// What `formctl apply` changes to bring a stored form's structure in line
/// with a form file: the lines it prints, and the form it writes.
///
/// Pages and fields are matched by key, rows by page and place on the page
/// (a row's number in the lines is its place on its page, from 1, as in the
/// file). Lines come in the order a reader checks a form: the title, the
/// direction and tab bar, then the pages, the rows page by page, and the fields in form order,
/// each group's removals after what stays. A page or field is reported as
/// moved only when it no longer stands in order with the others that stay:
/// a field inserted at the front of a row moves none of the others.
///
/// Values are not part of a form file: a field that stays keeps its value,
/// a new one starts empty.
public struct ApplyPlan: Sendable {
    /// The changes, one line each, in print order; empty when the stored
    /// structure already is the file's.
    public let changes: [ApplyChange]
    /// The whole form after the apply: the file's structure, with the
    /// stored values of the fields that stay, rows numbered page after page,
    /// the stored selection (the first page's when its page goes) and
    /// minimap width.
    public let target: FormDefinition
    /// The fields the file leaves out that hold values: `apply` removes them
    /// only with `--prune`.
    public let heldValues: [HeldValue]
    /// The form planned from (nil: none yet).
    let stored: FormDefinition?

    /// Whether nothing changes: `apply` then writes nothing at all.
    public var isEmpty: Bool { changes.isEmpty }

    /// The plan that turns `stored` (nil: no database yet, which `apply`
    /// creates from the file) into `spec`'s form.
    public init(stored: FormDefinition?, spec: FormSpec) {
        self.stored = stored
        target = Self.target(of: spec, over: stored)
        // Groups are compared as their expanded rows and fields, each field
        // named by its path.
        let compared = spec.hasGroups || !(stored?.groups.isEmpty ?? true) ? FormSpec(expanded: target) : spec
        var planner = Planner(stored: stored ?? Self.nothing, spec: compared, isNew: stored == nil, groups: target.groups)
        planner.plan()
        changes = planner.changes
        heldValues = planner.held
    }

    /// A form with nothing in it: what a new database is planned from.
    private static let nothing = FormDefinition(titleTemplate: "", rows: [], fields: [], pages: [], selectedPage: nil)

    /// The form `spec` declares, over `stored`'s values and settings.
    static func target(of spec: FormSpec, over stored: FormDefinition?) -> FormDefinition {
        var expansion = FormExpansion()
        if let stored {
            expansion.values.reserveCapacity(stored.fields.count)
            for field in stored.fields { expansion.values[field.key] = field.value }
            for group in stored.groups where group.kind == .repeat { expansion.counts[group.path] = stored.instances(of: group.path).count }
        }
        return target(of: spec, expansion, over: stored)
    }

    /// The form `spec` declares, expanded by `expansion` (its instance
    /// counts and values), over `stored`'s settings.
    static func target(of spec: FormSpec, _ expansion: FormExpansion, over stored: FormDefinition?) -> FormDefinition {
        var expansion = expansion
        expansion.expand(spec)
        let (pages, rows, fields) = (expansion.pages, expansion.rows, expansion.fields)
        var form = FormDefinition(
            titleTemplate: spec.title, rows: rows, fields: fields,
            minimapWidth: stored?.minimapWidth ?? FormDefinition.seed.minimapWidth, pages: pages,
            selectedPage: pages.first?.key, tabBar: spec.tabBar ?? stored?.tabBar ?? TabBarSettings(), direction: spec.direction,
            language: spec.language, groups: expansion.groups)
        // The selection stays unless what it shows goes: its page, or the
        // More tab (which only a form of many pages has).
        if let stored, let selected = stored.selectedPage {
            let keys = Set(spec.pages.map(\.key))
            let goes = selected == FormDefinition.moreSelection
                ? pages.count <= TabBarLayout.maximumTabs
                : stored.pages.contains { $0.key == selected } && !keys.contains(selected)
            if !goes { form.selectedPage = selected }
        }
        return form
    }
}

/// Works out `ApplyPlan`'s lines.
private struct Planner {
    let stored: FormDefinition
    let spec: FormSpec
    let isNew: Bool
    /// The target's groups, repeats and instances.
    let groups: [FormGroup]
    var changes: [ApplyChange] = []
    var held: [HeldValue] = []

    init(stored: FormDefinition, spec: FormSpec, isNew: Bool, groups: [FormGroup]) {
        self.stored = stored
        self.spec = spec
        self.isNew = isNew
        self.groups = groups
    }

    /// Rows are named with their page once the form has more than one.
    private var namesPages: Bool { spec.pages.count > 1 || stored.pages.count > 1 }

    private func rowName(_ index: Int, page: String) -> String {
        namesPages ? "row \(index + 1) (page \(page))" : "row \(index + 1)"
    }

    private mutating func add(_ kind: ApplyChange.Kind, _ subject: ApplyChange.Subject, _ text: String) {
        changes.append(ApplyChange(kind, subject, text))
    }

    mutating func plan() {
        planForm()
        planPages()
        planGroups()
        planRows()
        planFields()
    }

    // MARK: Title and tab bar

    private mutating func planForm() {
        if isNew {
            add(.added, .title, "title \(MessageQuote.quoted(spec.title))")
        } else if stored.titleTemplate != spec.title {
            add(.changed, .title, "title \(MessageQuote.quoted(stored.titleTemplate)) → \(MessageQuote.quoted(spec.title))")
        }
        planDirection()
        planLanguage()
        guard let tabBar = spec.tabBar else { return }
        if isNew {
            add(.added, .tabBar, "tab bar height \(Points.format(tabBar.height))\(tabBar.isHidden ? ", hidden" : "")")
            return
        }
        if stored.tabBar.height != tabBar.height {
            add(.changed, .tabBar, "tab bar height \(Points.format(stored.tabBar.height)) → \(Points.format(tabBar.height))")
        }
        if stored.tabBar.isHidden != tabBar.isHidden {
            add(.changed, .tabBar, "tab bar hidden \(Describe.yesNo(stored.tabBar.isHidden)) → \(Describe.yesNo(tabBar.isHidden))")
        }
    }

    /// `~ direction ltr → rtl`; a new form says `+ direction rtl` only when
    /// it is not left to right, the default.
    private mutating func planDirection() {
        if isNew {
            if spec.direction != .leftToRight { add(.added, .direction, "direction \(spec.direction.rawValue)") }
        } else if stored.direction != spec.direction {
            add(.changed, .direction, "direction \(stored.direction.rawValue) → \(spec.direction.rawValue)")
        }
    }

    /// `~ language en → he`; a new form says `+ language he` only when it
    /// is not English, the default.
    private mutating func planLanguage() {
        if isNew {
            if spec.language != FormDefinition.defaultLanguage { add(.added, .language, "language \(spec.language)") }
        } else if stored.language != spec.language {
            add(.changed, .language, "language \(stored.language) → \(spec.language)")
        }
    }

    // MARK: Pages

    private mutating func planPages() {
        let storedIndex = Dictionary(stored.pages.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        let keptOrder = spec.pages.compactMap { storedIndex[$0.key] }
        let inOrder = LongestIncreasing.indices(keptOrder)
        var keptIndex = 0
        for (index, page) in spec.pages.enumerated() {
            guard let was = storedIndex[page.key] else {
                add(.added, .page, "page \(page.key) \(MessageQuote.quoted(page.title))")
                continue
            }
            if !inOrder.contains(keptIndex) { add(.changed, .page, "page \(page.key) moved to place \(index + 1)") }
            keptIndex += 1
            let title = stored.pages[was].title
            if title != page.title {
                add(.changed, .page, "page \(page.key) title \(MessageQuote.quoted(title)) → \(MessageQuote.quoted(page.title))")
            }
        }
        let wanted = Set(spec.pages.map(\.key))
        for page in stored.pages where !wanted.contains(page.key) {
            add(.removed, .page, "page \(page.key)")
        }
    }

    // MARK: Groups

    /// `+ group contact`, `+ repeat children`, `+ instance children.1`,
    /// `~ group contact` (its title, hint, condition or a repeat's rules),
    /// `- repeat children`.
    private mutating func planGroups() {
        var before: [String: FormGroup] = [:]
        for group in stored.groups { before[group.path] = group }
        for group in groups {
            guard let was = before[group.path] else {
                add(.added, .group, "\(group.kind.rawValue) \(group.path)")
                continue
            }
            var moved = was
            moved.firstRow = group.firstRow
            if moved != group { add(.changed, .group, "\(group.kind.rawValue) \(group.path)") }
        }
        let wanted = Set(groups.map(\.path))
        for group in stored.groups where !wanted.contains(group.path) {
            add(.removed, .group, "\(group.kind.rawValue) \(group.path)")
        }
    }

    // MARK: Rows

    private var storedRowsByPage: [String: [FormRow]] {
        Dictionary(grouping: stored.rows.sorted { $0.number < $1.number }, by: \.page)
    }

    private mutating func planRows() {
        let storedRows = storedRowsByPage
        for page in spec.pages {
            let before = storedRows[page.key] ?? []
            for (index, row) in page.rows.enumerated() {
                let name = rowName(index, page: page.key)
                guard index < before.count else {
                    let range = row.minWidth == row.width && row.maxWidth == row.width
                        ? "" : " (\(Points.format(row.minWidth))…\(Points.format(row.maxWidth)))"
                    add(.added, .row, "\(name) width \(Points.format(row.width))\(range)")
                    continue
                }
                let was = before[index]
                if was.width != row.width {
                    add(.changed, .row, "\(name) width \(Points.format(was.width)) → \(Points.format(row.width))")
                }
                if was.minWidth != row.minWidth || was.maxWidth != row.maxWidth {
                    add(.changed, .row, "\(name) range \(Points.format(was.minWidth))…\(Points.format(was.maxWidth)) → "
                        + "\(Points.format(row.minWidth))…\(Points.format(row.maxWidth))")
                }
            }
            for index in before.indices where index >= page.rows.count {
                add(.removed, .row, rowName(index, page: page.key))
            }
        }
        let wanted = Set(spec.pages.map(\.key))
        for page in stored.pages where !wanted.contains(page.key) {
            for index in (storedRows[page.key] ?? []).indices { add(.removed, .row, rowName(index, page: page.key)) }
        }
    }

    // MARK: Fields

    /// Where a field sits: its page, its row's place on the page and its
    /// place in the row (all from 0).
    private struct Place: Equatable {
        var page: String
        var row: Int
        var index: Int
    }

    /// Where each stored field sits (none for a field whose row is gone).
    private var storedPlaces: [String: Place] {
        var rowPlace: [Int: (page: String, index: Int)] = [:]
        for (page, rows) in storedRowsByPage {
            for (index, row) in rows.enumerated() { rowPlace[row.number] = (page, index) }
        }
        var counts: [Int: Int] = [:]
        var places: [String: Place] = [:]
        places.reserveCapacity(stored.fields.count)
        for field in stored.fields {
            guard let row = rowPlace[field.row] else { continue }
            let index = counts[field.row, default: 0]
            counts[field.row] = index + 1
            places[field.key] = Place(page: row.page, row: row.index, index: index)
        }
        return places
    }

    private mutating func planFields() {
        let places = storedPlaces
        var storedField: [String: Field] = [:]
        storedField.reserveCapacity(stored.fields.count)
        for field in stored.fields { storedField[field.key] = field }

        for page in spec.pages {
            for (rowIndex, row) in page.rows.enumerated() {
                // The fields that stayed in this row: the ones out of order
                // among them moved within it.
                let stayed = row.fields.indices.filter { places[row.fields[$0].key].map { $0.page == page.key && $0.row == rowIndex } ?? false }
                let inOrder = LongestIncreasing.indices(stayed.compactMap { places[row.fields[$0].key]?.index })
                let movedWithin = Set(stayed.enumerated().compactMap { inOrder.contains($0) ? nil : $1 })
                let rowText = "page \(page.key), row \(rowIndex + 1)"
                for (index, field) in row.fields.enumerated() {
                    guard let was = storedField[field.key] else {
                        add(.added, .field, "field \(field.key) (\(rowText))")
                        continue
                    }
                    if places[field.key].map({ $0.page != page.key || $0.row != rowIndex }) ?? true {
                        add(.changed, .field, "field \(field.key) moved to \(rowText)")
                    } else if movedWithin.contains(index) {
                        add(.changed, .field, "field \(field.key) moved to place \(index + 1) (\(rowText))")
                    }
                    planField(was, field)
                }
            }
        }
        let wanted = Set(spec.fields.map(\.key))
        for field in stored.fields where !wanted.contains(field.key) {
            if field.value.isEmpty {
                add(.removed, .field, "field \(field.key)")
            } else {
                let value = HeldValue(key: field.key, length: field.value.count)
                held.append(value)
                add(.removed, .field, "field \(field.key) (holds \(value.length) character\(value.length == 1 ? "" : "s"))")
            }
        }
    }

    /// A field's changes in `FieldProperty`'s order: each property that is
    /// not a rule on a line of its own, the rules together on one line where
    /// they start (after the label).
    private mutating func planField(_ was: Field, _ field: FieldSpec) {
        let before = FieldSpec(was)
        var rules: [String] = [], rulesStart: Int?
        for property in FieldProperty.all {
            guard let old = Describe.value(of: property, in: before), let new = Describe.value(of: property, in: field) else { continue }
            let isRule = !Describe.ownLine.contains(property.name)
            if isRule && rulesStart == nil { rulesStart = changes.count }
            guard old != new else { continue }
            if isRule {
                rules.append("\(property.name) \(old) → \(new)")
            } else {
                add(.changed, .field, "field \(field.key) \(property.name) \(old) → \(new)")
            }
        }
        // "changed" covers a rule the model gains before the table does, so
        // that a change is never silent.
        if was.rules != field.rules, let rulesStart {
            let text = "field \(field.key) rules: \(rules.isEmpty ? "changed" : rules.joined(separator: ", "))"
            changes.insert(ApplyChange(.changed, .field, text), at: rulesStart)
        }
    }
}
