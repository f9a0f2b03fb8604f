import Mustache
import FormText

/// The HTML templates of the page and of the server's other pages
/// (`Sources/FormServer/Templates/*.mustache`), compiled into the binary as
/// the page's files are (SwiftPM's `embedInCode`) and parsed once. Each
/// template is rendered from a view (a plain struct of the words, values
/// and flags it shows) that the type named after it builds; the templates
/// hold the markup and the views hold no markup.
///
/// Everything a template writes with `{{name}}` is escaped by
/// `MarkupText` (formctl's one HTML and XML escaper), not by swift-mustache's own HTML escaping: that one
/// compares whole characters, so a quote or `<` followed by a combining
/// mark (`"\u{301}`) is one character that matches neither and is written
/// as it is, ending the attribute it was in. Each template names this
/// escaping on its first line (`{{%CONTENT_TYPE:FORMCTL_HTML}}`); a partial
/// starts again from the library's default, hence every file, not only
/// the documents (`PageTemplatesTests` holds every file to it).
enum PageTemplates {
    /// The name the templates' first line gives the escaping.
    static let contentTypeName = "FORMCTL_HTML"

    /// Each template's name (as partials name it) and its file's bytes.
    static let files: [(name: String, bytes: [UInt8])] = [
        ("page", PackageResources.page_mustache),
        ("head", PackageResources.head_mustache),
        ("tab-bar", PackageResources.tab_bar_mustache),
        ("tab-link", PackageResources.tab_link_mustache),
        ("minimap", PackageResources.minimap_mustache),
        ("outcome", PackageResources.outcome_mustache),
        ("field", PackageResources.field_mustache),
        ("field-control", PackageResources.field_control_mustache),
        ("control-attributes", PackageResources.control_attributes_mustache),
        ("items", PackageResources.items_mustache),
        ("group", PackageResources.group_mustache),
        ("error-page", PackageResources.error_page_mustache),
        ("sign-in-page", PackageResources.sign_in_page_mustache),
        ("summary-page", PackageResources.summary_page_mustache),
    ]

    /// The templates by name, and the names of those that did not parse
    /// (none: a test parses every one).
    static let (library, unparsed): (MustacheLibrary, [String]) = {
        MustacheContentTypes.register(HTMLTextContentType(), named: contentTypeName)
        var library = MustacheLibrary()
        var unparsed: [String] = []
        for (name, bytes) in files {
            do {
                try library.register(String(decoding: bytes, as: UTF8.self), named: name)
            } catch {
                unparsed.append(name)
            }
        }
        return (library, unparsed)
    }()

    /// `view` rendered with the template `name`.
    static func render(_ view: Any, with name: String) -> String {
        guard let html = library.render(view, withTemplate: name) else {
            // Only a template that failed to parse lands here, which the
            // tests rule out; a line that says so beats a trap.
            return "<p>formctl: the template \(MarkupText.escaped(name, for: .html)) did not parse</p>\n"
        }
        return html
    }
}

/// `{{name}}`'s escaping in every template: `MarkupText` for HTML, which
/// works on Unicode scalars (see `PageTemplates`).
struct HTMLTextContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkupText.escaped(text, for: .html) }
}
