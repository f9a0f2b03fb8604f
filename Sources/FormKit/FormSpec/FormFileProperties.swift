import FormModel
import Yams

/// A mapping of a form file (the form, a page, a row, a field, a tab bar,
/// a condition), its properties by name, each with the nodes of its name
/// and value so that a problem points at the right one.
struct FormFileProperties {
    /// The mapping itself: where a problem with the whole of it (a missing
    /// property) is reported.
    let owner: Node
    /// Each known property's value node.
    var values: [String: Node] = [:]
    /// Each known property's name node.
    var names: [String: Node] = [:]

    /// The value of property `name`, if given.
    subscript(_ name: String) -> Node? { values[name] }

    /// The property names each kind of mapping has, in the order the writer
    /// puts them (unknown ones get the nearest as a suggestion).
    enum Known {
        static let form = ["title", "direction", "language", "tab_bar", "pages"]
        static let tabBar = ["height", "hidden"]
        static let page = ["key", "title", "rows"]
        static let row = ["width", "min_width", "max_width", "fields"]
        static let group = ["group", "title", "hint", "show_if", "rows"]
        static let `repeat` = ["repeat", "title", "hint", "show_if", "rows", "field", "item_title", "add_label", "min_count", "max_count", "unique"]
        /// A field's: FormModel's table of field properties.
        static let field = FieldProperty.all.map(\.name)
        static let condition = ["field", "equals", "filled", "in", "includes", "at_least", "at_most", "all", "any", "not"]
    }
}
