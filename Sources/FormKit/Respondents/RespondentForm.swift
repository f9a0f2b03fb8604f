import FormRender
import FormScreens
import FormStore

/// The form as one respondent sees it (`formctl serve --collect`): the
/// form's structure with their draft's answers as its values, or each
/// field's `default` when they have no draft; never the form's own shared
/// values. Everything a respondent's page shows comes from it: fields with
/// their states and colours, the title with its `{key}`s filled in,
/// conditions applied, the minimap.
public struct RespondentForm: Sendable {
    /// The form with the respondent's values.
    public let form: FormDefinition
    /// The respondent's open draft (nil: none yet; a blank form).
    public let draft: Int64?

    /// A respondent's form as read.
    public init(form: FormDefinition, draft: Int64?) {
        self.form = form
        self.draft = draft
    }

    /// Every field in form order with its page (`fields --json`'s
    /// listing); only page `page`'s when given.
    public func fieldListings(page: String? = nil) throws(FormKitError) -> [FieldListing] {
        try FieldListing.listings(of: form, page: page)
    }

    /// The field with `key` and whether it is shown (`get --json`); no such
    /// field is `fieldNotFound`, with the nearest key.
    public func shownField(_ key: String) throws(FormKitError) -> (field: Field, isShown: Bool) {
        guard let index = form.fields.firstIndex(where: { $0.key == key }) else {
            throw .fieldNotFound(key: key, suggestion: KeySuggestion.nearest(to: key, in: form.fields.map(\.key)))
        }
        return (form.fields[index], form.shownFlags[index])
    }

    /// The instances of the repeat at `path` in the respondent's form
    /// (`formctl repeat list`'s listing); a path that names no repeat is
    /// `instancesRefused`.
    public func instances(of path: String) throws(FormKitError) -> [InstanceListing] {
        do throws(FormStoreError) {
            return try StoredForm.instances(of: path, in: form)
        } catch {
            throw .store(error)
        }
    }

    /// The title template and the title the respondent's values give.
    public var title: FormTitle { FormTitle(of: form) }

    /// What keeps the respondent's form from passing `check`.
    public var check: CheckReport { CheckReport(form: form) }

    /// The minimap of page `page` (nil: the page the form shows) as
    /// `format` draws it; `json` is `minimap --format json`'s shape.
    public func minimap(format: RenderFormat, columns: Int = RenderFormat.defaultColumns, page: String? = nil) throws(FormKitError) -> String {
        var shown = form
        if let page {
            guard form.page(page) != nil else { throw .store(.unknownPage(page, among: form.pages.map(\.key))) }
            shown.selectedPage = page
        }
        let picture = FormPicture(form: shown)
        if format == .svg { return render(picture.screen, format: .svg) }
        return try StoredForm.minimap(rects: picture.minimapRects, width: shown.minimapWidth, format: format, columns: columns)
    }
}
