import FormKit

/// The shown page's rows with their groups, repeats and instances around
/// them, top to bottom, as the page draws them (`PageItemView`): the order
/// of `FormDefinition.layoutItems` (a group before the row it starts at),
/// nested to any depth. Unlike the layout, a hidden group is kept (written
/// `hidden`), so that the page holds every field the API lists for it and
/// the script can show the group when its condition comes to hold.
struct PageItems {
    /// The whole form (its rows and groups).
    let form: FormDefinition
    /// The key of the page drawn.
    let page: String
    /// Each field of the page as the page writes it, in form order.
    let fields: [FieldHTML.View]
    /// The path of the repeat whose Add button is focused when the page
    /// loads (after one of its instances was removed).
    let focusedRepeat: String?
    let messages: PageMessages

    /// The page's items.
    var items: [PageItemView] {
        var fieldsByRow: [Int: [FieldHTML.View]] = [:]
        var rowOfField: [String: Int] = [:]
        for field in form.fields { rowOfField[field.key] = field.row }
        for field in fields { fieldsByRow[rowOfField[field.key] ?? 0, default: []].append(field) }
        var rowsIn: [String: [FormRow]] = [:]
        for row in form.rows where row.page == page && fieldsByRow[row.number] != nil { rowsIn[row.group ?? "", default: []].append(row) }
        var groupsIn: [String: [FormGroup]] = [:]
        for group in form.groups where group.page == page { groupsIn[group.parent ?? "", default: []].append(group) }
        // Only a group with a condition of its own can hide itself; one
        // inside it is hidden with it (below).
        let hidden = Set(form.groups.filter { $0.page == page && $0.showIf != nil && !form.isGroupShown($0.path) }.map(\.path))

        func items(in container: String, hiddenAbove: Bool) -> [PageItemView] {
            var entries: [(order: Int, isRow: Bool, item: PageItemView)] = []
            for row in rowsIn[container] ?? [] {
                entries.append((row.number, true, PageItemView(row: PageHTML.View.Row(row: row.number, fields: fieldsByRow[row.number] ?? []))))
            }
            for group in groupsIn[container] ?? [] where group.kind != .instance {
                entries.append((group.firstRow, false, PageItemView(group: view(of: group, hiddenAbove: hiddenAbove))))
            }
            return entries.enumerated()
                .sorted { ($0.element.order, $0.element.isRow ? 1 : 0, $0.offset) < ($1.element.order, $1.element.isRow ? 1 : 0, $1.offset) }
                .map(\.element.item)
        }

        func view(of group: FormGroup, hiddenAbove: Bool) -> GroupHTML.View {
            let isHidden = hiddenAbove || hidden.contains(group.path)
            let hint = group.hint.flatMap { $0.isEmpty ? nil : $0 }
            var title = group.title.flatMap { $0.isEmpty ? nil : $0 }
            var contents: [PageItemView]
            var add: GroupHTML.Button?
            switch group.kind {
            case .repeat:
                let instances = (groupsIn[group.path] ?? []).filter { $0.kind == .instance }
                let rules = group.repeatRules
                contents = instances.map { instance in
                    var drawn = view(of: instance, hiddenAbove: isHidden)
                    if !isHidden, instances.count > (rules?.minCount ?? 0) {
                        drawn = drawn.with(remove: GroupHTML.Button(
                            name: FormPostBody.removeName, value: instance.path,
                            label: GroupHTML.removeLabel(form.instanceTitle(instance), of: group, messages: messages), isFocused: false))
                    }
                    return PageItemView(group: drawn)
                }
                if !isHidden, instances.count < (rules?.upperCount ?? RepeatRules.maximumCount) {
                    add = GroupHTML.Button(name: FormPostBody.addName, value: group.path, label: group.addLabel,
                                           isFocused: focusedRepeat == group.path)
                }
            case .instance:
                title = form.instanceTitle(group)
                contents = items(in: group.path, hiddenAbove: isHidden)
            case .group:
                contents = items(in: group.path, hiddenAbove: isHidden)
            }
            return GroupHTML.View(path: group.path, kind: group.kind.rawValue, id: GroupHTML.id(group.path), title: title,
                                  hint: hint, hintID: "hint-" + GroupHTML.id(group.path),
                                  showIf: group.showIf.map { $0.fields.joined(separator: " ") },
                                  isHidden: hidden.contains(group.path), items: contents, add: add, remove: nil)
        }

        return items(in: "", hiddenAbove: false)
    }
}

extension GroupHTML.View {
    /// The view with `remove` as its Remove button.
    func with(remove: GroupHTML.Button) -> GroupHTML.View {
        GroupHTML.View(path: path, kind: kind, id: id, title: title, hint: hint, hintID: hintID, showIf: showIf,
                       isHidden: isHidden, items: items, add: add, remove: remove)
    }
}
