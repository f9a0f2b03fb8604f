import FormKit
import FormScreens
import FormStore
import Testing

/// `set` recolours the field's minimap rectangle in place instead of laying
/// the form out again when the title does not show the field
/// (`FormDefinition.minimapRects(settingValueOf:to:from:)`). These tests
/// hold that shortcut to the layout: after every `set`, what
/// `minimap_rect` holds must equal a full layout of the form as stored.
@Suite("minimap_rect after set")
struct MinimapAfterSetTests {
    /// Values of every kind: empty, short, valid, invalid email, long,
    /// wide and combining characters, a line break, spaces.
    static let values = [
        "", "J", "Jo", "Grace", "ada@example.com", "not an email", "ada@", String(repeating: "long ", count: 120),
        "東京都", "e\u{301}e\u{301}", "🙂🙂🙂", "two\nlines", "   ", "Ann", "Bob",
    ]

    /// What `minimap_rect` holds against a full layout of the stored form.
    static func expectStoredEqualsLayout(_ form: StoredForm, _ context: String) throws {
        let database = try FormDatabase.open(path: form.path, create: false, minimap: { FormPicture.minimapRects(of: $0) })
        defer { try? database.close() }
        let stored = try database.minimapRects()
        let laidOut = FormPicture.minimapRects(of: try database.definition()).sorted { $0.z < $1.z }
        #expect(stored == laidOut, "\(context)")
    }

    @Test("every field of the seed form, title fields and hidden ones included, with every kind of value")
    func seedForm() throws {
        let box = try TemporaryForm()
        for key in ["first", "middle", "last", "email", "twitter"] {
            for value in Self.values {
                try box.form.set(key, to: value)
                try Self.expectStoredEqualsLayout(box.form, "set \(key) \(value.debugDescription)")
            }
        }
    }

    @Test("a title that names no field, and one that names a field twice")
    func titles() throws {
        let box = try TemporaryForm()
        try box.form.setTitle(template: "Sign up")
        for value in Self.values {
            try box.form.set("first", to: value)
            try Self.expectStoredEqualsLayout(box.form, "title without fields, first = \(value.debugDescription)")
        }
        try box.form.setTitle(template: "{email} and {email} again, {unknown}")
        for value in Self.values {
            try box.form.set("email", to: value)
            try Self.expectStoredEqualsLayout(box.form, "title naming email twice, email = \(value.debugDescription)")
        }
    }

    @Test("a form in pages: fields on the page shown and on another page")
    func pages() throws {
        let box = try TemporaryForm()
        try box.form.addPage(key: "more", title: "More")
        try box.form.addField(key: "phone", label: "Phone", row: nil, page: "more")
        for shown in ["main", "more"] {
            try box.form.selectPage(shown)
            for key in ["email", "phone", "last"] {
                for value in Self.values.prefix(8) {
                    try box.form.set(key, to: value)
                    try Self.expectStoredEqualsLayout(box.form, "page \(shown) shown, set \(key) \(value.debugDescription)")
                }
            }
        }
    }
}
