import FormLayout
import FormModel
import Foundation

/// A form's rows inside their groups, repeats and instances: a group or
/// instance is a `Section`, its title above its rows, in a box that
/// reports itself to the minimap (gray, under its fields); a repeat is a
/// `ForEach` of its instances with its Add button after them.
struct FormItemsView: View {
    /// What the items draw from.
    struct Context {
        let form: FormDefinition
        let fieldOrder: [Int]
        let rowRanges: [Range<Int>]
    }

    let items: [FormLayoutItem]
    let context: Context

    var body: some View {
        ForEach(0..<items.count) { index in
            // Erased, so that a group can hold groups.
            AnyView(FormItemView(item: items[index], context: context))
        }
    }
}

/// One row, group, instance or repeat of `FormItemsView`.
struct FormItemView: View {
    let item: FormLayoutItem
    let context: FormItemsView.Context

    var body: some View {
        switch item {
        case .row(let place):
            AnyView(FormRowView(place: place, context: context))
        case .group(let group, let items):
            AnyView(FormSectionView(group: group, title: title(of: group), items: items, context: context))
        case .repeatGroup(let group, let instances):
            AnyView(FormRepeatView(group: group, instances: instances, context: context))
        }
    }

    private func title(of group: FormGroup) -> String? {
        group.kind == .instance ? context.form.instanceTitle(group) : group.title
    }
}

/// One row of fields, as the flat screen draws it.
struct FormRowView: View {
    let place: Int
    let context: FormItemsView.Context

    var body: some View {
        let fields = context.form.fields
        let row = context.fieldOrder[context.rowRanges[place]]
        HStack {
            ForEach(row, id: \.self) { index in
                FormFieldView.named(index, in: fields, row: row)
            }
        }
        .frame(width: CGFloat(context.form.rows[place].width))
    }
}

/// A group or an instance: its title and hint above what it holds, in a box.
private struct FormSectionView: View {
    let group: FormGroup
    let title: String?
    let items: [FormLayoutItem]
    let context: FormItemsView.Context

    var body: some View {
        VStack(alignment: .leading) {
            // Named, so that an instance's title that shows a value is laid
            // out alone (`RetainedFormPicture`).
            if let title { GroupTitleView(title: title).id(FormScreenPart.groupTitle(group.path)) }
            if let hint = group.hint { Text(hint).font(.caption) }
            FormItemsView(items: items, context: context)
        }
        .padding(10)
        .background(RoundedRectangle(cornerRadius: 12).fill(Color(white: 0.85)))
        .transformAnchorPreference(key: FormElementsKey.self, value: .bounds) { [path = group.path] elements, bounds in
            elements.append(FormElement(kind: .group(path: path), bounds: bounds))
        }
        .id(FormScreenPart.group(group.path))
    }
}

/// A group's or an instance's title, as its section draws it.
struct GroupTitleView: View {
    let title: String

    var body: some View {
        Text(title).font(.headline)
    }
}

/// A repeat: its title, its instances, and the button that adds one.
private struct FormRepeatView: View {
    let group: FormGroup
    let instances: [FormLayoutItem]
    let context: FormItemsView.Context

    var body: some View {
        VStack(alignment: .leading) {
            if let title = group.title { Text(title).font(.headline) }
            if let hint = group.hint { Text(hint).font(.caption) }
            FormItemsView(items: instances, context: context)
            Text(group.addLabel)
                .padding(8)
                .background(RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.75)))
        }
    }
}
