/// The form's title: the template as stored and the text it gives.
public struct FormTitle: Hashable, Sendable {
    /// The template, with `{key}` placeholders: `Hello {first} {middle} {last}`.
    public var template: String
    /// The template with each `{key}` replaced by that field's value.
    public var text: String

    /// The title of `form`.
    public init(of form: FormDefinition) {
        template = form.titleTemplate
        text = form.title
    }
}
