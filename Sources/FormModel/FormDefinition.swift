/// A whole form: its title template, pages, rows and fields. This is data
/// (the store keeps it in tables), so users can reshape the form.
public struct FormDefinition: Hashable, Codable, Sendable {
    /// The title with `{key}` placeholders replaced by field values:
    /// `Hello {first} {middle} {last}`.
    public var titleTemplate: String
    /// Row widths and their ranges; fields refer to rows by `FormRow.number`.
    public var rows: [FormRow]
    /// All fields, visible or not, in form order.
    public var fields: [Field]
    /// Width of the minimap area beside the form (seed 002: 200).
    public var minimapWidth: Double
    /// The pages in tab bar order; rows refer to them by `FormPage.key`.
    public var pages: [FormPage]
    /// The key of the page shown, as stored: it may name no page (seed
    /// 000's "Empty View" is shown then), or be `FormDefinition.moreTag`
    /// for seed 001's More list.
    public var selectedPage: String?
    /// The tab bar's height and whether it is hidden (seed 003).
    public var tabBar: TabBarSettings
    /// Left to right (the default) or right to left: the screens, and so
    /// the minimap, are mirrored for a right-to-left form.
    public var direction: FormDirection
    /// The language the form is written in, a BCP 47 tag (`en`, the
    /// default; `he`, `pt-BR`): what a page serving it says it is in.
    public var language: String
    /// The fields that this form's conditions (`showIf`) read but `fields`
    /// lacks, as conditions read them (empty while not shown): a page's
    /// form (`form(ofPage:)`) carries those of the other pages, so that it
    /// shows what the whole form shows. Empty for a whole form.
    public var outsideValues: [String: ConditionOperand] = [:]
    /// The groups, repeats and instances, expanded (`FormGroup`), outer
    /// before inner; empty for a flat form.
    public var groups: [FormGroup] = []

    private enum CodingKeys: String, CodingKey {
        case titleTemplate, rows, fields, minimapWidth, pages, selectedPage, tabBar, direction, language, groups
    }

    /// A form; `fields` are sorted by `position` and `pages` by theirs,
    /// whatever order they come in. Without pages it is one page, `main`,
    /// selected, holding every row.
    public init(titleTemplate: String, rows: [FormRow], fields: [Field], minimapWidth: Double = 200,
                pages: [FormPage] = [.main], selectedPage: String? = FormPage.mainKey, tabBar: TabBarSettings = TabBarSettings(),
                direction: FormDirection = .leftToRight, language: String = FormDefinition.defaultLanguage,
                groups: [FormGroup] = []) {
        self.titleTemplate = titleTemplate
        self.groups = groups
        self.rows = rows
        // Fields usually come in position order (the store reads them so):
        // sorting them anyway would copy every field, and freeing the copied
        // array (megabytes for a large form) makes glibc raise its mmap
        // threshold, after which the layout's own arrays came from fresh
        // pages: a 10,000-field layout faulted 3,500 pages instead of 1,100.
        let inOrder = zip(fields, fields.dropFirst()).allSatisfy { $0.position <= $1.position }
        self.fields = inOrder ? fields : fields.sorted { $0.position < $1.position }
        self.minimapWidth = minimapWidth
        self.pages = pages.sorted { $0.position < $1.position }
        self.selectedPage = selectedPage
        self.tabBar = tabBar
        self.direction = direction
        self.language = language
    }

    /// The language of a form that names none.
    public static let defaultLanguage = "en"

    /// Whether `tag` has the shape of a BCP 47 language tag: letters,
    /// digits and single hyphens, 2 to 35 characters, starting with two or
    /// more letters (`en`, `he`, `pt-BR`, `zh-Hant-TW`); the database's
    /// CHECK says the same.
    public static func isLanguageTag(_ tag: String) -> Bool {
        let scalars = Array(tag.unicodeScalars)
        guard (2...35).contains(scalars.count), scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }),
              scalars.prefix(2).allSatisfy({ $0.properties.isAlphabetic }), scalars.last != "-", !tag.contains("--") else { return false }
        return true
    }

    /// Decodes a form; one encoded before forms had a direction reads as
    /// left to right.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        titleTemplate = try container.decode(String.self, forKey: .titleTemplate)
        rows = try container.decode([FormRow].self, forKey: .rows)
        fields = try container.decode([Field].self, forKey: .fields)
        minimapWidth = try container.decode(Double.self, forKey: .minimapWidth)
        pages = try container.decode([FormPage].self, forKey: .pages)
        selectedPage = try container.decodeIfPresent(String.self, forKey: .selectedPage)
        tabBar = try container.decode(TabBarSettings.self, forKey: .tabBar)
        direction = try container.decodeIfPresent(FormDirection.self, forKey: .direction) ?? .leftToRight
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? Self.defaultLanguage
        groups = try container.decodeIfPresent([FormGroup].self, forKey: .groups) ?? []
    }

    /// The title with every `{key}` replaced by that field's value (an
    /// unknown key is left as written).
    public var title: String {
        title { key in fields.first(where: { $0.key == key }) }
    }

    /// `title`, each field found through `fieldIndices` (each key's index
    /// in `fields`), without searching the fields: what a kept picture
    /// uses when a value the title shows changes.
    public func title(fieldIndices: [String: Int]) -> String {
        title { key in fieldIndices[key].flatMap { fields.indices.contains($0) && fields[$0].key == key ? fields[$0] : nil } }
    }

    private func title(field: (String) -> Field?) -> String {
        var result = ""
        var rest = Substring(titleTemplate)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            if let field = field(key) {
                result += field.value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The field with `key`, if any.
    public func field(_ key: String) -> Field? { fields.first { $0.key == key } }

    /// Whether each of `fields` is shown, by index: not hidden, and its
    /// condition holding (`FieldVisibility`). The one place the layout, the
    /// minimap, `check` and the editor learn what is shown; computed once
    /// per call, in one pass when no field has a condition.
    public var shownFlags: [Bool] {
        let shown = FieldVisibility.shown(fields, outside: outsideValues)
        return groups.isEmpty ? shown : hidingGroups(shown)
    }

    /// The shown fields, in form order.
    public var shownFields: [Field] {
        zip(fields, shownFlags).compactMap { $1 ? $0 : nil }
    }

    /// The shown fields of each row, by row number, left to right (grouped
    /// in one pass: filtering all fields once per row would be quadratic).
    /// "Visible" in the layout's sense: a field hidden by its condition is
    /// left out as a hidden one is.
    public var visibleFieldsByRow: [Int: [Field]] {
        // One pass into a dictionary sized for the rows, rather than
        // filtering into a copy of every field and grouping that.
        var byRow: [Int: [Field]] = [:]
        byRow.reserveCapacity(rows.count)
        for (field, shown) in zip(fields, shownFlags) where shown {
            byRow[field.row, default: []].append(field)
        }
        return byRow
    }

    /// The indices in `fields` of the shown fields (`shownFlags`), row after row, and
    /// where the fields of each of `rows` lie among them: what
    /// `visibleFieldsByRow` says without an array per row or a dictionary
    /// look-up per field (a form of ten thousand fields has thousands of
    /// rows, and hashing was most of the time this took).
    public var visibleFieldIndicesByRow: (order: [Int], ranges: [Range<Int>]) {
        // Which of `rows` a row number names: by arithmetic when the rows
        // are numbered one after another (as the store numbers them), else
        // through a dictionary (the first row of a number, when several share it).
        let first = rows.first?.number ?? 0
        let numberedInOrder = rows.indices.allSatisfy { rows[$0].number == first &+ $0 }
        var rowOfNumber: [Int: Int] = [:]
        if !numberedInOrder {
            for (index, row) in rows.enumerated() where rowOfNumber[row.number] == nil { rowOfNumber[row.number] = index }
        }
        func rowIndex(_ number: Int) -> Int? {
            guard numberedInOrder else { return rowOfNumber[number] }
            let index = number &- first
            return index >= 0 && index < rows.count ? index : nil
        }
        let shown = shownFlags
        var counts = [Int](repeating: 0, count: rows.count)
        // By index: a field's row read where it is, not the field copied
        // (a copy retains and releases each of its strings).
        for index in fields.indices where shown[index] {
            if let row = rowIndex(fields[index].row) { counts[row] += 1 }
        }
        var next = [Int](repeating: 0, count: rows.count)
        var ranges = [Range<Int>](repeating: 0..<0, count: rows.count)
        var start = 0
        for row in rows.indices {
            next[row] = start
            ranges[row] = start..<(start + counts[row])
            start += counts[row]
        }
        // Each field goes to its row's next place, so a row keeps form order.
        var order = [Int](repeating: 0, count: start)
        for index in fields.indices where shown[index] {
            guard let row = rowIndex(fields[index].row) else { continue }
            order[next[row]] = index
            next[row] += 1
        }
        // A row sharing its number with an earlier one shows the same fields.
        if !numberedInOrder {
            for (index, row) in rows.enumerated() {
                if let owner = rowOfNumber[row.number], owner != index { ranges[index] = ranges[owner] }
            }
        }
        return (order, ranges)
    }

    /// Seed 002's form: the title, a row of three name fields 540 wide, and
    /// a row with Email and a hidden Twitter field whose width follows the
    /// slider (360…540). The four shown fields are required (the form is
    /// not complete until each has a value: a fresh form fails `check`);
    /// Twitter, behind its toggle, is optional.
    public static let seed = FormDefinition(
        titleTemplate: "Hello {first} {middle} {last}",
        rows: [
            FormRow(number: 1, width: 540, minWidth: 540, maxWidth: 540),
            FormRow(number: 2, width: 360, minWidth: 360, maxWidth: 540),
        ],
        fields: [
            Field(key: "first", label: "First Name", row: 1, position: 1, rules: FieldRules(required: true)),
            Field(key: "middle", label: "Middle Name", row: 1, position: 2, rules: FieldRules(required: true)),
            Field(key: "last", label: "Last Name", row: 1, position: 3, rules: FieldRules(required: true)),
            Field(key: "email", label: "Email", row: 2, position: 4, rules: FieldRules(required: true)),
            Field(key: "twitter", label: "Twitter", row: 2, position: 5, isVisible: false),
        ])
}
