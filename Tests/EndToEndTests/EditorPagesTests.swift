import Foundation
import Testing

/// `formctl edit` on a form in pages, in a real terminal (tmux, 120 × 40):
/// the tab bar row, switching pages with Ctrl-→/← and F1…F9, the choice
/// stored as `page select` stores it, and every page saved.
@Suite("formctl edit: pages", .tags(.terminal), .slow)
struct EditorPagesTests {
    @Test("Ctrl-→ and F-keys switch pages: the tab bar highlights the page, its fields are shown, the title stays the form's")
    func switchingPages() throws {
        let sandbox = try Sandbox()
        try sandbox.ok(["page", "add", "contact", "Contact"])
        try sandbox.ok(["field", "add", "phone", "Phone", "--page", "contact"])
        try sandbox.ok(["page", "add", "extra", "Extra"])
        try sandbox.ok(["field", "add", "notes", "Notes", "--page", "extra"])
        try sandbox.ok(["set", "middle", "Bea"])
        let terminal = try EditorTypingTests.startEditor(sandbox)
        // The tab bar row sits above the status line (row 37 of 0…39).
        let first = try terminal.screen()
        #expect(first.line(37).hasPrefix("[Main]    Contact     Extra"), "\(first.text)")

        try terminal.keys("C-Right")
        try terminal.waitFor(text: "phone: empty")
        var screen = try terminal.screen()
        #expect(screen.line(37).contains("[Contact]"))
        #expect(screen.line(0).hasPrefix("Hello  Bea"), "the title is the whole form's")
        #expect(!screen.text.contains("First Name"))
        #expect(try sandbox.value("SELECT selected_page FROM form") == "contact")

        try terminal.type("0123")
        try terminal.keys("F3")
        try terminal.waitFor(text: "notes: empty")
        #expect(try sandbox.value("SELECT value FROM field WHERE key = 'phone'") == "0123", "leaving the page saved the field")
        #expect(try sandbox.value("SELECT selected_page FROM form") == "extra")

        try terminal.keys("C-Right") // past the last page: back to the first
        try terminal.waitFor(text: "first: empty")
        screen = try terminal.screen()
        #expect(screen.line(37).contains("[Main]") && screen.text.contains("First Name"))
        try terminal.keys("F9") // no ninth page: nothing happens
        try terminal.keys("Escape")
        try terminal.waitFor(text: "EXIT=0")
        #expect(try sandbox.value("SELECT selected_page FROM form") == "main")
        #expect(try sandbox.rows("SELECT key, new_value, source FROM history WHERE key = 'phone' AND old_value IS NOT NULL")
            == [["phone", "0123", "formctl"]])
    }
}
