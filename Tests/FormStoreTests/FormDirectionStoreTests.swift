import FormModel
import Foundation
import Testing
@testable import FormStore

/// A stand-in minimap that follows the form's direction as the screens do:
/// the test minimap, each rectangle mirrored across the minimap when the
/// form is right to left.
let directionMinimap: MinimapLayout = { definition in
    let rects = testMinimap(definition)
    guard definition.direction == .rightToLeft else { return rects }
    return rects.map { rect in
        var mirrored = rect
        mirrored.x = definition.minimapWidth - rect.x - rect.width
        return mirrored
    }
}

@Suite("Migration 0007: the form's direction")
struct FormDirectionStoreTests {
    private func open(_ path: String, create: Bool = true) throws -> FormDatabase {
        try FormDatabase.open(path: path, create: create, busyTimeout: 5, minimap: directionMinimap)
    }

    @Test func aNewFormIsLeftToRight() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try open(path)
        #expect(try store.definition().direction == .leftToRight)
        try store.close()
        #expect(try sqlite3(path, "SELECT direction FROM form;") == "ltr")
        #expect(try sqlite3(path, "SELECT version || '|' || name FROM schema_migration WHERE version = 7;") == "7|0007_form_direction")
    }

    @Test func replacingTheStructureWritesTheDirectionAndLaysTheMinimapOutAgain() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let store = try open(path)
        defer { try? store.close() }
        let before = try store.minimapRects()
        let fieldsVersion = try sqlite3(path, "SELECT fields_version FROM form;")
        try store.replaceStructure(prune: false) { current in
            var target = current
            target.direction = .rightToLeft
            return target
        }
        #expect(try store.definition().direction == .rightToLeft)
        #expect(try sqlite3(path, "SELECT direction FROM form;") == "rtl")
        let after = try store.minimapRects()
        #expect(after.count == before.count && !after.isEmpty)
        for (ltr, rtl) in zip(before, after) {
            #expect(rtl.x == 200 - ltr.x - ltr.width && rtl.y == ltr.y && rtl.width == ltr.width && rtl.height == ltr.height, "\(ltr) \(rtl)")
        }
        // The direction is not the fields' structure: a planned submit still holds.
        #expect(try sqlite3(path, "SELECT fields_version FROM form;") == fieldsVersion)
    }

    @Test func aFormInsertedWholeKeepsItsDirection() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        var form = FormDefinition.seed
        form.direction = .rightToLeft
        #expect(try FormDatabase.create(path: path, form: form, geometry: LayoutGeometry(layout: directionMinimap)))
        #expect(try sqlite3(path, "SELECT direction FROM form;") == "rtl")
        let store = try open(path, create: false)
        defer { try? store.close() }
        #expect(try store.definition().direction == .rightToLeft)
    }

    @Test(arguments: [
        ("UPDATE form SET direction = 'RTL';", "CHECK constraint failed: direction IN ('ltr', 'rtl')"),
        ("UPDATE form SET direction = 'auto';", "CHECK constraint failed: direction IN ('ltr', 'rtl')"),
        ("UPDATE form SET direction = NULL;", "NOT NULL constraint failed: form.direction"),
        ("UPDATE form SET direction = 1;", "CHECK constraint failed"),
        ("UPDATE form SET direction = x'72746c';", "cannot store BLOB value in TEXT column form.direction"),
    ])
    func sqlite3RefusesWhatFormctlCouldNotRead(sql: String, error: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        try open(path).close()
        do {
            try sqlite3(path, sql)
            Issue.record("sqlite3 accepted \(sql)")
        } catch let failure as ShellError {
            #expect(failure.description.contains(error), "\(failure)")
        }
        #expect(try sqlite3(path, "SELECT direction FROM form;") == "ltr")
    }

    @Test func aSqlite3EditOfTheDirectionRaisesTheRefreshAndTheMinimapIsMirrored() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.db")
        let first = try open(path)
        let before = try first.minimapRects()
        try first.close()
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "0")
        try sqlite3(path, "UPDATE form SET direction = 'rtl';")
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "1")
        let store = try open(path, create: false)
        let rects = try store.minimapRects()
        try store.close()
        #expect(!rects.isEmpty)
        #expect(rects.map(\.x) == before.map { 200 - $0.x - $0.width })
        #expect(rects.map(\.width) == before.map(\.width))
        #expect(try sqlite3(path, "SELECT needs_refresh FROM form;") == "0")
    }
}
