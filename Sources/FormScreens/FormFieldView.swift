import FormLayout
import FormModel
import Foundation

/// One field in a rounded grey container (seed 002's `MyFormField`), drawn
/// as the control a SwiftUI `Form` uses for its type: a text field under
/// the label for text, numbers and dates, a taller text editor for long
/// text, a toggle for yes/no, a picker for a choice of one, and one toggle
/// per choice for a choice of several. A hint, when the field has one,
/// sits under the label in the caption style.
///
/// The control reports the field's key and state through
/// `FormElementsKey`, and the container its bounds, so that the minimap
/// draws each field at the size of its control.
public struct FormFieldView: View {
    /// The field's label.
    public let label: String
    /// The field's hint ("" for none).
    public let hint: String
    /// What the field is drawn as, with what it shows.
    public let control: FieldControl
    /// What the control reports to the minimap: the field's key and state.
    public let kind: FormElement.Kind
    /// How many elements the array the control reports has room for. The
    /// first field of a row makes room for the whole row's: when the
    /// row's preferences are merged, its array becomes the row's value and
    /// the other fields' elements are appended to it, where growing it
    /// then cost a reallocation per row (3 M instructions in a form of
    /// 10,000 fields). Room only: the elements reported are the same.
    let elementsRoom: Int

    /// The view for one field; it reports its control and container through `FormElementsKey`.
    ///
    /// It keeps only what it draws and reports, not the whole `Field`:
    /// a form lays out one of these per field, and a `Field` carries its
    /// rules, condition and validation too (a 10,000-field layout touched
    /// three times the memory pages when the view held the whole field).
    /// Borrowed: an initialiser takes what it is given as its own, so a
    /// caller reading the field from an array copied it whole (every
    /// string in it retained, then released) for each field of a form.
    public init(field: borrowing Field) {
        self = withUnsafePointer(to: field) { FormFieldView(reading: $0) }
    }

    /// The view for the field at `field`, read where it is: a `borrowing`
    /// parameter given a field in an array's memory (`named(_:in:)`)
    /// still copied it whole, every string retained and then released.
    /// `rowFields`: how many fields its row holds when it is the row's
    /// first (`elementsRoom`), else 1.
    init(reading field: UnsafePointer<Field>, leadingRowOf rowFields: Int = 1) {
        label = field.pointee.label
        hint = field.pointee.hint ?? ""
        control = FieldControl(reading: field)
        kind = .field(key: field.pointee.key, state: field.pointee.validation.state)
        // A field reports two elements: its control's and its container's.
        elementsRoom = 2 * max(rowFields, 1)
    }

    public var body: some View {
        VStack(alignment: .leading) {
            if control.showsLabelAbove && hint.isEmpty {
                Text(label)
            } else {
                // Erased, as the typed controls are (see `controlView`).
                AnyView(labelAndHint)
            }
            controlView.anchorPreference(key: FormElementsKey.self, value: .bounds) { [kind, elementsRoom] bounds in
                // With room for the container's element, which the
                // transform below appends (otherwise that append copies
                // this array into a new one for every field), and for
                // the row's when this field leads it (`elementsRoom`).
                var elements: [FormElement] = []
                elements.reserveCapacity(elementsRoom)
                elements.append(FormElement(kind: kind, bounds: bounds))
                return elements
            }
        }
        .padding(15)
        .background(RoundedRectangle(cornerRadius: 15).fill(Color(white: 0.9)))
        .transformAnchorPreference(key: FormElementsKey.self, value: .bounds) { elements, bounds in
            // The key is read from the control's element, which is all
            // this container's content reports, rather than captured: a
            // closure that captures nothing needs no allocation, and a form
            // builds one of these per field.
            guard case .field(let key, _)? = elements.last?.kind else { return }
            elements.append(FormElement(kind: .fieldContainer(key: key), bounds: bounds))
        }
    }

    /// The label above the control, when the control does not carry it,
    /// and the hint under it.
    @ViewBuilder private var labelAndHint: some View {
        if control.showsLabelAbove {
            Text(label)
        }
        if !hint.isEmpty {
            Text(hint).font(.caption).foregroundColor(.secondary)
        }
    }

    @ViewBuilder private var controlView: some View {
        if case .textField(let value, let placeholder) = control {
            TextField(placeholder, text: value)
        } else {
            // The other controls behind one erased view: a text form never
            // makes their types (each generic type's metadata is built the
            // first time a process uses it, and `set` lays a form out once).
            AnyView(typedControl)
        }
    }

    @ViewBuilder private var typedControl: some View {
        switch control {
        case .textField(let value, let placeholder):
            TextField(placeholder, text: value)
        case .textEditor(let value):
            TextEditor(text: value).frame(height: FieldControl.textEditorHeight)
        // A toggle's or picker's label goes first in its row
        // (`layoutPriority`): an HStack would otherwise offer it half of
        // what the switch leaves (sharing the rest with the spacer), or
        // half the row (sharing it with the picker's selection), and a
        // short label would wrap where a `Form` row shows it on one line.
        case .toggle(let isOn):
            Toggle(isOn: isOn) { Text(label).layoutPriority(1) }.modifier(RowBackdrop())
        case .picker(let selectedLabel):
            // At least a text field's height, through a strut beside it
            // rather than `frame(minHeight:)`: a flexible frame's size
            // follows the height it is offered, so the field's stack would
            // ask the picker anew at every height it tries, where the
            // strut's size and the picker's follow the width alone (10,000
            // pickers: a sixth fewer instructions).
            ZStack {
                Color.clear.frame(width: 0, height: SwiftUIConstants.textFieldHeight)
                Picker(selectedLabel: selectedLabel) { Text(label).layoutPriority(1) }
            }
            .modifier(RowBackdrop())
        case .note:
            // No control: the minimap's field is an empty line under the text.
            Color.clear.frame(width: 0, height: 0)
        case .toggles(let choices):
            VStack(alignment: .leading) {
                ForEach(choices.indices, id: \.self) { index in
                    Toggle(isOn: choices[index].isOn) { Text(choices[index].label).layoutPriority(1) }
                }
            }
            .modifier(RowBackdrop())
        }
    }
}

extension FormFieldView {
    /// The view of `fields[index]`, named by its key so that a new value is
    /// laid out alone (`RetainedFormPicture`). The field is read in place,
    /// through a pointer: through the array's subscript (or a buffer's) it
    /// was copied whole, every string in it retained and then released,
    /// several times per field of a form (5 M instructions in 10,000).
    /// `row`: the indices of the fields in its row, in order.
    static func named(_ index: Int, in fields: [Field], row: ArraySlice<Int>) -> some View {
        precondition(fields.indices.contains(index), "field \(index) of \(fields.count)")
        return fields.withUnsafeBufferPointer { fields in
            // Not empty (it holds `index`), so it has a base address.
            let field = fields.baseAddress.unsafelyUnwrapped + index
            return FormFieldView(reading: field, leadingRowOf: index == row.first ? row.count : 1).id(field.pointee.key)
        }
    }
}

/// The white rounded ground a toggle or a picker row sits on, as a row of
/// a grouped `Form` does, with its content inset as a text field's text:
/// a switch's light grey off track shows on white, not on the field's grey
/// container.
struct RowBackdrop: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding(.horizontal, SwiftUIConstants.textFieldTextInset)
            .background(RoundedRectangle(cornerRadius: SwiftUIConstants.textFieldCornerRadius).fill(.white))
    }
}

/// The control a field is drawn as, with what it shows: SwiftUI's choice
/// for the field's type in a `Form`.
public enum FieldControl: Equatable, Sendable {
    /// A one-line text field showing `value`, with `placeholder` while it
    /// is empty: text, numbers, dates and times.
    case textField(value: String, placeholder: String)
    /// A text editor `textEditorHeight` tall showing `value`: long text.
    case textEditor(value: String)
    /// A toggle, on for yes: a yes/no question (off also when unanswered;
    /// the field's colour tells the two apart).
    case toggle(isOn: Bool)
    /// A picker showing the selected choice's label, as tall as a text
    /// field: a choice of one.
    case picker(selectedLabel: String)
    /// A toggle per choice, on for those selected: a choice of several.
    case toggles([ChoiceToggle])
    /// Nothing under the label and hint: a note, text that holds no value.
    case note

    /// One choice of a `select_multiple` field, as its toggle shows it.
    public struct ChoiceToggle: Equatable, Sendable {
        /// The choice's label.
        public let label: String
        /// Whether the field's value selects it.
        public let isOn: Bool

        /// The toggle of the choice labelled `label`, on when selected.
        public init(label: String, isOn: Bool) {
            self.label = label
            self.isOn = isOn
        }
    }

    /// A long-text field's editor shows three lines of body text.
    public static let textEditorHeight = SwiftUIConstants.textEditorHeight(lines: 3)

    /// The control for `field`'s type, showing its value. A stored value
    /// the control cannot show as its type would (a choice no longer
    /// offered, a selection that is not a JSON list) is shown as stored
    /// where the control has text, so that the orange field says why.
    /// (Borrowed, as `FormFieldView.init(field:)` is.)
    public init(field: borrowing Field) {
        self = withUnsafePointer(to: field) { FieldControl(reading: $0) }
    }

    /// The control for the field at `field`, read where it is (see
    /// `FormFieldView.init(reading:)`).
    init(reading field: UnsafePointer<Field>) {
        let value = field.pointee.value
        switch field.pointee.rules.type {
        case .text:
            self = .textField(value: value, placeholder: "")
        case .integer, .decimal, .date, .time, .datetime:
            self = .textField(value: value, placeholder: Self.placeholder(of: field.pointee.rules.type))
        case .longText:
            self = .textEditor(value: value)
        case .boolean:
            self = .toggle(isOn: value == "true")
        case .selectOne:
            self = .picker(selectedLabel: field.pointee.rules.choices.first { $0.hasValue(value) }?.label ?? value)
        case .selectMultiple:
            let selected = Set((SelectionValue.decode(value) ?? []).map(ScalarText.init))
            self = .toggles(field.pointee.rules.choices.map { ChoiceToggle(label: $0.label, isOn: selected.contains(ScalarText($0.value))) })
        case .note:
            self = .note
        }
    }

    /// Whether the label sits above the control: a toggle and a picker
    /// carry the label in their own row.
    var showsLabelAbove: Bool {
        switch self {
        case .toggle, .picker: false
        case .textField, .textEditor, .toggles, .note: true
        }
    }

    /// What an empty typed text field shows: how to write its value.
    static func placeholder(of type: FieldType) -> String {
        switch type {
        case .integer: "0"
        case .decimal: "0.0"
        case .date: "YYYY-MM-DD"
        case .time: "HH:MM"
        case .datetime: "YYYY-MM-DDTHH:MM:SSZ"
        case .text, .longText, .selectOne, .selectMultiple, .boolean, .note: ""
        }
    }
}
