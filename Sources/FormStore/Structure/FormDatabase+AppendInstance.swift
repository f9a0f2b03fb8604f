import FormModel
import GRDB

/// The repeat an instance is about to be appended to, as
/// `FormDatabase.appendInstance(to:_:)` found it at the end of the form.
public struct InstanceAppending: Sendable {
    /// The repeat, with the rules and body its instances are made from.
    public let repeatGroup: FormGroup
    /// The new instance's number (one more than the repeat has).
    public let number: Int
    /// How many rows the form has, and the highest field position: the
    /// new instance's rows and fields are numbered after them.
    public let rowsBefore: Int, fieldsBefore: Int

    /// The new instance's path (`items.201`).
    public var path: String { repeatGroup.path + "." + String(number) }
}

/// An instance made for `InstanceAppending`: its groups (the instance's own
/// first, then those inside it, outer before inner), its rows and its
/// fields at their defaults, numbered after the form's.
public struct AppendedInstance: Sendable {
    public var groups: [FormGroup]
    public var rows: [FormRow]
    public var fields: [Field]

    public init(groups: [FormGroup], rows: [FormRow], fields: [Field]) {
        (self.groups, self.rows, self.fields) = (groups, rows, fields)
    }
}

extension FormDatabase {
    /// Adds an instance after the last one of the top-level repeat at
    /// `path` when that instance ends a form of one page, reading and
    /// writing only the end of the form: the repeat, its last instance, and
    /// the new one `make` makes from what is found. Its fields' states are
    /// computed here, and its minimap rectangles by the geometry
    /// (`AppendedInstanceGeometry`) from the last instance's. Returns the
    /// new instance's path.
    ///
    /// Returns nil, having written nothing, whenever that is not enough to
    /// know the result: the derived data is stale, the repeat is inside a
    /// group or not at the end of the form, it has no instance or is full,
    /// the form has several pages, `make` returns nil, or the geometry cannot
    /// tell. The caller then rewrites the structure (`replaceStructure`),
    /// which also reports what is wrong with the request. The rows written
    /// are those the whole form's rewrite would write (`AppendInstanceTests`).
    public func appendInstance(to path: String, _ make: (InstanceAppending) -> AppendedInstance?) throws(FormStoreError) -> String? {
        if isReadOnly { throw .readOnly(path: self.path) }
        guard let geometry = geometry as? any AppendedInstanceGeometry else { return nil }
        return try writeMarkingHistory { db -> String? in
            guard try !DerivedState.needsRefresh(db), let end = try FormEnd(repeatAt: path, db),
                  // A title that shows a field of the new instance changes with it.
                  !FormDefinition.keys(inTitle: end.form.titleTemplate).contains(where: { FieldPath.isWithin($0, end.appending.path) }),
                  let instance = make(end.appending), Self.fits(instance, end.appending) else { return nil }
            var partial = end.form
            partial.groups = end.form.groups + instance.groups
            partial.rows += instance.rows
            partial.fields += instance.fields
            let title = try Self.title(of: end.form.titleTemplate, db)
            guard let rects = geometry.minimapRects(ofInstance: end.appending.path, after: end.previous, in: partial, title: title,
                                                    previousRects: end.previousRects, boxBefore: end.boxBefore) else { return nil }
            try GroupTable.append(instance.groups, db)
            for row in instance.rows { try FormTables.insert(row, db) }
            try GroupTable.writeRowGroups(instance.rows, db)
            for field in instance.fields {
                try FormTables.insert(field, db)
                try DerivedState.store(field.validation, ofField: field.key, db)
            }
            try FormTables.insertMinimapRects(rects[...], db)
            // Every derived column of what was added is written: the flag
            // the inserts raised is cleared, as a whole refresh would.
            try DerivedState.clearRefreshFlag(db)
            return end.appending.path
        }
    }

    /// Whether `instance` is numbered as `appending` says, after the form,
    /// within the repeat.
    private static func fits(_ instance: AppendedInstance, _ appending: InstanceAppending) -> Bool {
        let path = appending.path
        return instance.groups.first?.path == path && instance.groups.first?.kind == .instance
            && instance.groups.allSatisfy { FieldPath.isWithin($0.path, path) }
            && instance.rows.map(\.number) == Array((appending.rowsBefore + 1)..<(appending.rowsBefore + 1 + instance.rows.count))
            && instance.fields.map(\.position)
                == Array((appending.fieldsBefore + 1)..<(appending.fieldsBefore + 1 + instance.fields.count))
            && instance.fields.allSatisfy { FieldPath.isWithin($0.key, path) }
    }

    /// The form's title: `template` with the values of the fields it names.
    private static func title(of template: String, _ db: Database) throws -> String {
        var fields: [Field] = []
        for key in FormDefinition.keys(inTitle: template).sorted() {
            if let field = try FormTables.field(key, db) { fields.append(field) }
        }
        return FormDefinition(titleTemplate: template, rows: [], fields: fields).title
    }
}

/// The end of a form that a repeat's last instance closes, as stored.
private struct FormEnd {
    /// The form's settings and page, the repeat and its last instance with
    /// what is in it: their groups, rows and fields.
    let form: FormDefinition
    let appending: InstanceAppending
    /// The last instance's path.
    let previous: String
    /// The stored minimap rectangles from the last instance's box on.
    let previousRects: [MinimapRect]
    /// The stored box of the instance before the last, if any.
    let boxBefore: MinimapRect?

    /// The end of the form when the repeat at `path` is a top-level repeat
    /// whose last instance ends a form of one page, shown; nil otherwise.
    init?(repeatAt path: String, _ db: Database) throws {
        guard let repeatGroup = try GroupTable.group(path, db), repeatGroup.kind == .repeat, repeatGroup.parent == nil,
              let rules = repeatGroup.repeatRules,
              try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM page") == 1 else { return nil }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM form_group WHERE kind = 'instance' AND parent = ?",
                                     arguments: [path]) ?? 0
        guard count >= 1, count < rules.upperCount,
              let previousGroup = try GroupTable.group(path + "." + String(count), db), previousGroup.kind == .instance
        else { return nil }
        let previous = previousGroup.path
        // Nothing after the last instance: no row, field or group.
        let lastRow = try Int.fetchOne(db, sql: "SELECT MAX(number) FROM form_row") ?? 0
        let lastPosition = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM field") ?? 0
        let lastGroup = try String.fetchOne(db, sql: "SELECT path FROM form_group ORDER BY rowid DESC LIMIT 1")
        guard let lastGroup, FieldPath.isWithin(lastGroup, previous) else { return nil }
        var form = try FormTables.definition(db, fromRow: previousGroup.firstRow)
        guard form.pages.count == 1, form.shownPageForm != nil, form.rows.last?.number == lastRow,
              form.rows.allSatisfy({ $0.group.map { FieldPath.isWithin($0, previous) } ?? false }),
              form.fields.allSatisfy({ FieldPath.isWithin($0.key, previous) }),
              (form.fields.last?.position ?? lastPosition) == lastPosition
        else { return nil }
        form.groups = form.groups.filter { $0.path == path || FieldPath.isWithin($0.path, previous) }
        // The stored rectangles from the last instance's box to the end are its own.
        // (Looked for from the last: only the instance's rows are read.)
        guard let box = try Int.fetchOne(db, sql: "SELECT z FROM minimap_rect WHERE kind = 'group' AND key = ? ORDER BY z DESC LIMIT 1",
                                         arguments: [previous])
        else { return nil }
        // And the box of the instance before it, read with them.
        let before = count > 1 ? path + "." + String(count - 1) : nil
        let zBefore = try before.flatMap { before in
            try Int.fetchOne(db, sql: "SELECT z FROM minimap_rect WHERE z < ? AND kind = 'group' AND key = ? ORDER BY z DESC LIMIT 1",
                             arguments: [box, before])
        }
        var rects = try FormTables.minimapRects(db, fromZ: zBefore ?? box)
        if zBefore != nil {
            boxBefore = rects.first
            rects.removeAll { $0.z < box }
        } else {
            boxBefore = nil
        }
        guard rects.first?.z == box, rects.allSatisfy({ FieldPath.isWithin($0.key, previous) }) else { return nil }
        self.form = form
        self.previous = previous
        previousRects = rects
        appending = InstanceAppending(repeatGroup: repeatGroup, number: count + 1, rowsBefore: lastRow, fieldsBefore: lastPosition)
    }
}
