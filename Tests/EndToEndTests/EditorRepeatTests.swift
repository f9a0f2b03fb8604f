import Foundation
import Testing

/// A repeat in `formctl edit` (DECISIONS, "Layout, minimap, editor, page"):
/// Tab moves through every instance's fields, Ctrl-N adds an instance and
/// focuses its first field, Ctrl-K removes the one the focus is in, and the
/// key line names both keys; read back with sqlite3.
@Suite("formctl edit: repeats", .tags(.terminal), .slow)
struct EditorRepeatTests {
    @Test("Ctrl-N adds an instance, typing fills it, Ctrl-K removes one; past max_count the status line says why")
    func addFillRemove() throws {
        let sandbox = try Sandbox.applying(GroupsAndRepeatsTests.form)
        let terminal = try TmuxTerminal([try Formctl.binary().path, "edit", "--db", sandbox.db], columns: 120, rows: 40, in: sandbox.folder)
        try terminal.waitFor(text: "address: empty")
        #expect(try terminal.screen().line(39).contains("^N add  ^K remove"), "the key line shows the repeat's keys")
        // The repeat's title and its instance's above the instance's rows,
        // as the page draws them; the hidden group's title is not drawn.
        let text = try terminal.capture(escapes: false)
        #expect(text.contains("\nChildren ") && text.contains("\nChild 1 "), "\(text)")
        #expect(!text.contains("How to reach you"), "\(text)")
        // address → consent → children.1.name (contact is hidden).
        try terminal.keys("Tab")
        try terminal.keys("Tab")
        try terminal.waitFor(text: "children.1.name: empty")
        try terminal.type("Ada")
        try terminal.keys("C-n")
        try terminal.waitFor(text: "added children.2 (Child 2)")
        #expect(try terminal.capture(escapes: false).contains("\nChild 2 "), "the new instance has its title above it")
        try terminal.type("Bob")
        try terminal.keys("C-s")
        try terminal.waitFor(text: "saved children.2.name")
        #expect(try sandbox.rows("SELECT path, value FROM form_values WHERE path LIKE 'children.%.name'") == [["children.1.name", "Ada"], ["children.2.name", "Bob"]])
        try terminal.keys("C-n")
        try terminal.waitFor(text: "added children.3")
        try terminal.keys("C-n")
        try terminal.waitFor(text: "not added: children: the repeat holds at most 3 instances")
        try terminal.keys("C-k")
        try terminal.waitFor(text: "removed children.3 (Child 3)")
        // Back up to the first instance and remove it: Bob moves up.
        try terminal.keys("BTab")
        try terminal.keys("BTab")
        try terminal.keys("BTab")
        try terminal.waitFor(text: "children.1.name:")
        try terminal.keys("C-k")
        try terminal.waitFor(text: "removed children.1 (Child 1)")
        #expect(try sandbox.rows("SELECT path, value FROM form_values WHERE path LIKE 'children.%.name'") == [["children.1.name", "Bob"]])
        try terminal.keys("Escape")
        try terminal.waitFor(text: "EXIT=0")
    }
}
