import FormKit
import Mustache

/// A group, a repeat or one of its instances as the page writes it
/// (`Templates/group.mustache`; this holds its view): a `<fieldset>` whose
/// `<legend>` is the title, the hint under it (read with the group through
/// `aria-describedby`), then what it holds, drawn as the page's own rows
/// are. An instance ends with its Remove button ("Remove child 2"), a
/// repeat with its Add button, both submit buttons of the page's plain
/// form (`repeat_remove=children.2`, `repeat_add=children`), so that they
/// work without script (`FormPostBody.repeatAction`).
///
/// A group whose `show_if` does not hold, or one inside it, is written
/// `hidden` with its fields (which are not shown, so their controls are
/// disabled and a plain post leaves them alone): the script shows it when
/// its condition comes to hold.
enum GroupHTML {
    /// What the template shows for one group, repeat or instance.
    struct View {
        /// Its path (`contact`, `children`, `children.2`).
        let path: String
        /// `group`, `repeat` or `instance`.
        let kind: String
        let id: String
        let title: String?
        let hint: String?, hintID: String
        /// The keys its own condition reads, separated by spaces.
        let showIf: String?
        let isHidden: Bool
        let items: [PageItemView]
        /// A repeat's Add button (nil at its `max_count`).
        let add: Button?
        /// An instance's Remove button (nil at its repeat's `min_count`).
        let remove: Button?
    }

    /// A submit button that adds or removes an instance.
    struct Button {
        /// `repeat_add` or `repeat_remove`.
        let name: String
        /// The repeat's or the instance's path.
        let value: String
        let label: String
        /// Focused when the page loads (after a removal: the repeat's Add).
        let isFocused: Bool
    }

    /// The `id` of a group's fieldset (`group-children.2`).
    static func id(_ path: String) -> String { "group-" + path }

    /// The Remove button's words: "Remove child 2". An English title that
    /// starts with a capitalised word from the repeat's own text (`Child
    /// {index}`, or the title and number) reads as one phrase with its
    /// first letter lowered; a title that starts with a value (`{name}`),
    /// an acronym or another language's word is kept as it is.
    static func removeLabel(_ title: String, of group: FormGroup?, messages: PageMessages) -> String {
        var item = title
        let template = group?.repeatRules?.itemTitle ?? group?.title ?? group?.key ?? ""
        let primary = messages.language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        if primary == "en", let first = template.first, first != "{", first.isUppercase {
            let word = title.prefix { $0.isLetter }
            if word.count > 1, word.dropFirst().allSatisfy(\.isLowercase) {
                item = title.prefix(1).lowercased() + title.dropFirst()
            }
        }
        return messages(.removeInstance, ["item": item])
    }
}

/// One thing a page draws: a row of fields, or a group, repeat or
/// instance holding more (`Templates/items.mustache`, which draws them in
/// order, a group's through itself again).
struct PageItemView {
    var row: PageHTML.View.Row?
    var group: GroupHTML.View?
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension PageItemView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "row": self.row
        case "group": self.group
        default: nil
        }
    }
}

extension GroupHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "path": self.path
        case "kind": self.kind
        case "id": self.id
        case "title": self.title
        case "hint": self.hint
        case "hintID": self.hintID
        case "showIf": self.showIf
        case "isHidden": self.isHidden
        case "items": self.items
        case "add": self.add
        case "remove": self.remove
        default: nil
        }
    }
}

extension GroupHTML.Button: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": self.value
        case "label": self.label
        case "isFocused": self.isFocused
        default: nil
        }
    }
}
