import FormLayout
import FormModel
import Foundation

/// The form drawn the way seed 002's `ContentView` draws it, from data: the
/// minimap area on the left, then the title, the switch and slider, and one
/// row of field containers per `FormRow`; the minimap is laid over the whole
/// row from the collected anchor preferences.
public struct FormScreen: View {
    /// The data the screen is drawn from; change it and lay out again to redraw.
    public let form: FormDefinition
    /// The title shown: `form.title` unless given (a page of a form shows
    /// the whole form's title, whose fields may sit on other pages).
    public let title: String

    /// A screen for `form`; lay it out with `ViewHost`.
    public init(form: FormDefinition, title: String? = nil) {
        self.form = form
        self.title = title ?? form.title
    }

    public var body: some View {
        let (fieldOrder, rowRanges) = form.visibleFieldIndicesByRow
        let fields = form.fields
        let rows = form.rows
        return VStack {
            Spacer()
            HStack(alignment: .center) {
                Color(white: 0.7)
                    .frame(width: CGFloat(form.minimapWidth))
                    .anchorPreference(key: FormElementsKey.self, value: .bounds) {
                        [FormElement(kind: .miniMapArea, bounds: $0)]
                    }
                    .id(FormScreenPart.minimapArea)
                    .padding(.horizontal, 30)

                VStack(alignment: .leading) {
                    VStack {
                        // Named, as the fields are, so that a new title
                        // is laid out alone (`RetainedFormPicture`).
                        FormTitleView(title: title).id(FormScreenPart.title)
                        Divider()
                    }
                    HStack {
                        // Seed 002's switch: on when every field is shown.
                        VisibilitySwitch(isOn: form.fields.allSatisfy(\.isVisible)).id(FormScreenPart.visibilitySwitch)
                        Slider(value: sliderRow?.width ?? 0, in: sliderRow.map { $0.minWidth...$0.maxWidth } ?? 0...1)
                            .layoutPriority(1)
                    }
                    .padding(.bottom, 5)

                    if !form.groups.isEmpty {
                        FormItemsView(items: form.layoutItems,
                                      context: FormItemsView.Context(form: form, fieldOrder: fieldOrder, rowRanges: rowRanges))
                    } else {
                    ForEach(0..<rows.count) { place in
                        HStack {
                            let row = fieldOrder[rowRanges[place]]
                            ForEach(row, id: \.self) { index in
                                FormFieldView.named(index, in: fields, row: row)
                            }
                        }
                        .frame(width: CGFloat(rows[place].width))
                    }
                    }
                }
                .transformAnchorPreference(key: FormElementsKey.self, value: .bounds) {
                    $0.append(FormElement(kind: .formContainer, bounds: $1))
                }
                .id(FormScreenPart.formContainer)

                Spacer()
            }
            .overlayPreferenceValue(FormElementsKey.self) { elements in
                GeometryReader { geometry in
                    MinimapView(geometry: geometry, elements: elements)
                }
            }
            Spacer()
        }
        .background(Color(white: 0.8))
    }

    /// The row the slider controls: the first whose width may change (seed 002's second row).
    private var sliderRow: FormRow? { form.rows.first { $0.minWidth < $0.maxWidth } }
}
