import FormModel

/// A field of a form file where it is declared: its declared path (the keys
/// from the page down, a repeat's key without an instance number:
/// `contact.phone`, `children.name`; a list's value is the list's path),
/// the path its condition's names are looked up from, and the repeats it
/// is in.
public struct DeclaredField: Hashable, Sendable {
    /// The declared path.
    public var path: String
    /// The declared path of the group or repeat it is in (nil at the top).
    public var scope: String?
    /// The declared paths of the repeats it is in, outer first.
    public var repeats: [String]
    /// The field.
    public var field: FieldSpec
}

/// A group or repeat of a form file where it is declared.
public struct DeclaredGroup: Hashable, Sendable {
    /// The declared path (`contact`, `children`, `children.pets`).
    public var path: String
    /// The declared path of the group or repeat it is in (nil at the top).
    public var scope: String?
    /// The declared paths of the repeats it is in, outer first (not itself).
    public var repeats: [String]
    /// The group.
    public var group: GroupSpec
}

extension FormSpec {
    /// Every field of the form, in groups and repeats too, in form order.
    public var declaredFields: [DeclaredField] { declared().fields }

    /// Every group and repeat of the form, outer before inner, in form order.
    public var declaredGroups: [DeclaredGroup] { declared().groups }

    private func declared() -> (fields: [DeclaredField], groups: [DeclaredGroup]) {
        var fields: [DeclaredField] = []
        var groups: [DeclaredGroup] = []
        func walk(_ items: [FormItemSpec], scope: String?, repeats: [String]) {
            for item in items {
                switch item {
                case .row(let row):
                    for field in row.fields {
                        fields.append(DeclaredField(path: FieldPath.join(scope ?? "", field.key), scope: scope, repeats: repeats, field: field))
                    }
                case .group(let group):
                    let path = FieldPath.join(scope ?? "", group.key)
                    groups.append(DeclaredGroup(path: path, scope: scope, repeats: repeats, group: group))
                    let inner = group.isRepeat ? repeats + [path] : repeats
                    if let field = group.listField {
                        fields.append(DeclaredField(path: path, scope: path, repeats: inner, field: field))
                    }
                    walk(group.items, scope: path, repeats: inner)
                }
            }
        }
        for page in pages { walk(page.items, scope: nil, repeats: []) }
        return (fields, groups)
    }
}
