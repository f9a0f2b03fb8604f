@testable import FormKit
@testable import FormStore
import Foundation
import GRDB
import Testing

/// `repeat add` at the end of a long form reads and writes only the end of
/// it (`FormDatabase.appendInstance(to:_:)`). Random forms ending in a
/// repeat, each added to twice: once that way, once by rewriting the whole
/// structure as before; the tables must then hold the same rows (the
/// minimap's coordinates to a millionth of a point), and the derived data
/// must be marked exact.
///
/// CI runs 60 forms; APPEND_INSTANCE_FORMS=300 runs more by hand.
@Suite("repeat add at the end of a form, against the whole rewrite")
struct AppendInstanceTests {
    static var formCount: Int {
        ProcessInfo.processInfo.environment["APPEND_INSTANCE_FORMS"].flatMap(Int.init) ?? 60
    }

    /// A form file: a row (the title may show it), sometimes a group, and
    /// a repeat at the end with random rows, types, rules, defaults, hidden
    /// fields, conditions inside the instance, sometimes an inner group,
    /// and 1 to 24 instances (short forms are centred: the rewrite's case).
    static func formFile(_ random: inout SplitMix) -> String {
        var lines = ["title: \(["Form", "Hello {top}", "Items {items.1.name}"][random.next(3)])", "pages:", "  - key: main", "    rows:",
                     "      - width: 540", "        fields:", "          - {key: top, label: Top}"]
        if random.next(2) == 0 {
            lines += ["      - group: g", "        title: Group", "        rows:", "          - width: 420", "            fields:",
                      "              - {key: a, label: A}"]
        }
        lines += ["      - repeat: items", "        title: Items", "        min_count: \(1 + random.next(24))"]
        if random.next(3) == 0 { lines.append("        item_title: \"Item {name}\"") }
        if random.next(4) == 0 { lines.append("        max_count: 30") }
        lines.append("        rows:")
        let widths = [300, 420, 540, 600]
        var row = ["          - width: \(widths[random.next(widths.count)])", "            fields:",
                   "              - {key: name, label: Name\(random.next(2) == 0 ? ", required: true" : "")\(random.next(3) == 0 ? ", default: Ann" : "")}"]
        let extras = [
            "{key: age, label: Age, type: integer, min: 0, max: 120, show_if: {field: name, filled: true}}",
            "{key: kind, label: Kind, type: select_one, choices: [a, \"b c\"], default: a}",
            "{key: code, label: Code, min_length: 3, short_below: 5, default: ab}",
            "{key: secret, label: Secret, hidden: true}",
            "{key: note, label: Note, type: note, hint: Read this}",
            "{key: when, label: When, type: date}",
        ]
        for extra in extras where random.next(3) == 0 { row.append("              - " + extra) }
        lines += row
        if random.next(3) == 0 {
            lines += ["          - width: 300", "            fields:", "              - {key: more, label: More}"]
        }
        if random.next(4) == 0 {
            lines += ["          - group: inner", "            title: Inner", "            rows:", "              - width: 300", "                fields:",
                      "                  - {key: deep, label: Deep, required: true}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Everything a table holds that `repeat add` may touch, as text.
    static func tables(_ path: String) throws -> [String: [String]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var result: [String: [String]] = [:]
            func rows(_ sql: String) throws -> [String] {
                try Row.fetchAll(db, sql: sql).map { row in row.columnNames.map { "\($0)=\(row[$0] as DatabaseValue)" }.joined(separator: " ") }
            }
            result["field"] = try rows("SELECT * FROM field ORDER BY position")
            result["field_choice"] = try rows("SELECT f.key, c.position, c.value, c.label FROM field_choice c JOIN field f ON f.id = c.field_id ORDER BY 1, 2")
            result["form_row"] = try rows("SELECT * FROM form_row ORDER BY number")
            result["form_group"] = try rows("SELECT * FROM form_group ORDER BY rowid")
            result["form"] = try rows("SELECT * FROM form")
            result["history"] = try rows("SELECT key, old_value, new_value, source FROM history ORDER BY id")
            result["minimap_rect"] = try rows("SELECT z, key, kind, color FROM minimap_rect ORDER BY z")
            return result
        }
    }

    static func rects(_ path: String) throws -> [[Double]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT x, y, width, height FROM minimap_rect ORDER BY z").map { row in
                [row[0], row[1], row[2], row[3]]
            }
        }
    }

    @Test("the tables after the quick path equal those after the whole rewrite")
    func quickEqualsWhole() throws {
        var quick = 0
        for seed in 0..<UInt64(Self.formCount) {
            var random = SplitMix(seed: seed)
            let file = Self.formFile(&random)
            let temporary = try TemporaryForm()
            _ = try temporary.form.apply(FormSpec.decode(Array(file.utf8), file: "form.yaml"))
            let original = temporary.form.path
            let whole = temporary.folder.appendingPathComponent("whole.db").path
            try FileManager.default.copyItem(atPath: original, toPath: whole)
            let wholeForm = StoredForm(path: whole, createsMissingFile: false)

            let added = try temporary.form.writing { db throws(FormStoreError) in
                try db.appendInstance(to: "items", StoredForm.appendedInstance)
            }
            if added == nil {
                _ = try temporary.form.addInstance(to: "items")
            } else {
                quick += 1
            }
            var wholeAdded = ""
            try wholeForm.writing { db throws(FormStoreError) in
                try db.replaceStructure(prune: true, valuesFromTarget: true) { current throws(FormStoreError) in
                    let change = try StoredForm.addingInstance(to: "items", in: current)
                    wholeAdded = change.path
                    return change.form
                }
            }
            if let added { #expect(added == wholeAdded, "seed \(seed)") }
            let (left, right) = (try Self.tables(original), try Self.tables(whole))
            for table in right.keys.sorted() {
                #expect(left[table] == right[table], "seed \(seed), table \(table):\n\(file)")
            }
            let (leftRects, rightRects) = (try Self.rects(original), try Self.rects(whole))
            #expect(leftRects.count == rightRects.count, "seed \(seed)")
            let apart = zip(leftRects, rightRects).map { zip($0, $1).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
            #expect(apart <= 1e-6, "seed \(seed): rectangles \(apart) points apart")
            // The quick path's rows read back as exact: no refresh is pending.
            #expect(try Self.tables(original)["form"]?.first?.contains("needs_refresh=0") == true, "seed \(seed)")
        }
        // Most forms are tall enough for the quick path; some are centred.
        #expect(quick >= Self.formCount / 3, "the quick path was taken \(quick) times of \(Self.formCount)")
    }
}
