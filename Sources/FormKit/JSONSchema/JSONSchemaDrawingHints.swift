import Yams

/// Keywords that only tell another form tool how to draw a field (DECISIONS,
/// "More of the JSON Schemas that people publish"): rjsf's `ui:*`, vjsf's
/// and others' `x-*`, json-editor's `options`, `propertyOrder` and
/// `headerTemplate`, uniforms' `uniforms`, `widget`, and the `format`s that
/// name a widget rather than a kind of value (`textarea`, `color`, `table`,
/// `tabs`, `grid`…). They say nothing about which values are valid, so
/// `apply` drops each with one warning line and goes on; a keyword that
/// changes which values are valid is never among them.
enum JSONSchemaDrawingHints {
    /// Keywords dropped whatever their value.
    static let keywords: Set<String> = [
        "options", "widget", "uniforms", "propertyOrder", "headerTemplate", "enumSource", "layout", "component",
        // json-editor's fields that follow others (`watch`) to fill in a
        // value shown (`template`): how the tool fills the box, not which
        // values are valid.
        "watch", "template",
        // json-editor's properties shown at first, and hyper-schema links it draws.
        "defaultProperties", "links",
    ]

    /// `format` values that name a widget, not a set of strings: another
    /// tool's way of asking for a text area, a colour picker, a table of an
    /// array's items, tabs or a grid of an object's properties, a password
    /// box, radio buttons or check boxes.
    static let formats: Set<String> = [
        "textarea", "color", "table", "tabs", "tabs-top", "grid", "grid-strict", "categories", "checkbox", "select",
        "radio", "range", "password", "hidden", "markdown", "html", "xhtml",
        // json-editor's and vjsf's pickers and editors.
        "select2", "selectize", "choices", "starrating", "rating", "autocomplete", "signature", "jodit", "ace",
        "sceditor", "simplemde", "wysiwyg",
        // vjsf's colour picker, as `color` is json-editor's.
        "hexcolor",
        // HTML's input for a date and time without an offset, as
        // json-editor names its picker; JSON Schema defines no such format.
        "datetime-local",
    ]

    /// The format that asks for a text area: a `string` with it is read as
    /// `long_text`.
    static let textArea = "textarea"

    /// The warning for a `format` beside a type that is not a string:
    /// JSON Schema applies `format` to strings only, so there it asserts
    /// nothing (json-editor draws an integer `format: date` as a date
    /// picker of a timestamp).
    static func formatOfNonString(_ type: String) -> String {
        "`format` says nothing of a `\(type)` (JSON Schema applies it to strings only): dropped"
    }

    /// Whether the keyword `name` with `value` only tells another tool how to draw.
    static func isHint(_ name: String, _ value: Yams.Node) -> Bool {
        if name.hasPrefix("x-") || name.hasPrefix("ui:") || keywords.contains(name) { return true }
        if name == "format", let format = JSONSchemaScalars.string(value) { return formats.contains(format) }
        return false
    }

    /// The warning for a dropped hint.
    static func warning(_ name: String, _ value: Yams.Node) -> String {
        if name == "format", let format = JSONSchemaScalars.string(value) {
            let textArea = format == textArea ? " (a text field becomes `long_text`, which formctl draws as a text area)" : ""
            return "`format` \"\(format)\" only tells another tool how to draw the field: dropped\(textArea)"
        }
        return "`\(name)` only tells another tool how to draw the form: dropped"
    }
}

extension JSONSchemaImport.Reader {
    /// Drops the drawing hints among `read`, one warning each, and gives
    /// them back.
    @discardableResult
    mutating func dropDrawingHints(_ read: inout PropertyKeywords) -> [JSONSchemaImport.Keyword] {
        let dropped = read.takeAll { JSONSchemaDrawingHints.isHint($0.name, $0.value) }
        for keyword in dropped {
            warn(keyword.key, keyword.pointer, JSONSchemaDrawingHints.warning(keyword.name, keyword.value))
        }
        return dropped
    }

    /// A warning at a keyword's key: the import goes on.
    mutating func warn(_ node: Yams.Node?, _ pointer: String, _ message: String) {
        warnings.append(FileProblem(file: file, line: node?.mark?.line, column: node?.mark?.column, pointer: pointer, message: message))
    }
}
