import FormKit
import Foundation

/// Everything the page shows for one page of the form, read from FormKit:
/// the title, the tab bar's pages, the page's fields and its minimap (the
/// `minimap_rect` geometry `formctl minimap --format json` prints).
struct PageSnapshot: Sendable {
    /// The form's title (the whole form's: its fields may sit on other pages).
    var title: String
    /// Every page in tab bar order, with which are behind More.
    var pages: [PageListing]
    /// The key of the page shown.
    var pageKey: String
    /// The page's fields in form order, those not shown too (the page
    /// hides them, and shows them when their condition comes to hold).
    var fields: [FieldListing]
    /// The whole form as read with `fields`: its rows, groups, repeats and
    /// instances, which the page draws around the fields (`PageItems`).
    var form: FormDefinition
    /// The minimap canvas's size, in minimap points.
    var minimapWidth: Double, minimapHeight: Double
    /// The page's minimap rectangles.
    var rects: [MinimapRect]
    /// The direction the form is read in: the page's `dir`.
    var direction: FormDirection
    /// The language the form is written in (a BCP 47 tag): the page's
    /// `lang`, and the language of its own words (`PageMessages`).
    var language: String

    /// The snapshot of page `requested`, or of the page the form shows
    /// (`formctl page select`), or its first page when it shows the More
    /// list or no page. Choosing a page writes nothing. An unknown page is
    /// FormKit's `unknownPage` (404).
    static func load(from form: StoredForm, page requested: String?) throws(FormKitError) -> PageSnapshot {
        let (pages, selection) = try form.pagesAndSelection()
        let pageKey: String
        if let requested {
            pageKey = requested
        } else if case .page(let key) = selection {
            pageKey = key
        } else {
            pageKey = pages.first?.page.key ?? ""
        }
        // One reading gives both the fields and the groups they are drawn in.
        let definition = try form.editableForm()
        let fields = try Self.listings(of: definition, page: pageKey)
        let title = try form.title().text
        let minimap = try MinimapJSON.decode(try form.minimap(format: .json, page: pageKey))
        let spec = try form.spec()
        return PageSnapshot(title: title, pages: pages, pageKey: pageKey, fields: fields, form: definition,
                            minimapWidth: minimap.width, minimapHeight: minimap.height, rects: minimap.rects,
                            direction: spec.direction, language: spec.language)
    }

    /// The snapshot of page `requested` (nil: the page the form shows) of
    /// a respondent's own form: their values, the title and minimap they
    /// give. An unknown page is FormKit's `unknownPage` (404).
    static func load(from respondent: RespondentForm, page requested: String?) throws(FormKitError) -> PageSnapshot {
        let form = respondent.form
        let pages = PageListing.pages(of: form)
        let pageKey: String
        if let requested {
            pageKey = requested
        } else if case .page(let key) = PageSelection(of: form) {
            pageKey = key
        } else {
            pageKey = pages.first?.page.key ?? ""
        }
        let minimap = try MinimapJSON.decode(try respondent.minimap(format: .json, page: pageKey))
        return PageSnapshot(title: respondent.title.text, pages: pages, pageKey: pageKey,
                            fields: try respondent.fieldListings(page: pageKey), form: form,
                            minimapWidth: minimap.width, minimapHeight: minimap.height, rects: minimap.rects,
                            direction: form.direction, language: form.language)
    }

    /// The fields of page `page` of `form` in form order, each with
    /// whether it is shown (`fields --json`'s listing); an unknown page is
    /// `unknownPage` (404).
    static func listings(of form: FormDefinition, page: String) throws(FormKitError) -> [FieldListing] {
        guard form.page(page) != nil else { throw .store(.unknownPage(page, among: form.pages.map(\.key))) }
        let pageOfRow = form.pageOfRow
        return zip(form.fields, form.shownFlags).compactMap { field, shown in
            pageOfRow[field.row] == page ? FieldListing(field: field, page: page, isShown: shown) : nil
        }
    }

    /// The shown page's listing.
    var page: PageListing? { pages.first { $0.page.key == pageKey } }

    /// `minimap --format json`'s shape, read back.
    private struct MinimapJSON: Decodable {
        let width: Double, height: Double
        let rects: [MinimapRect]

        /// FormKit's JSON text decoded; text that does not decode (which
        /// FormKit never writes) is an internal error, not a trap.
        static func decode(_ text: String) throws(FormKitError) -> MinimapJSON {
            do {
                return try JSONDecoder().decode(MinimapJSON.self, from: Data(text.utf8))
            } catch {
                throw .internalError("the minimap's JSON does not decode: \(error)")
            }
        }
    }
}
