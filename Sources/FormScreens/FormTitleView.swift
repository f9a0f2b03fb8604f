import FormLayout
import FormModel
import Foundation

/// The form's title as `FormScreen` draws it: bold, in the title style,
/// reporting its bounds to the minimap (purple there). A view of its own,
/// so that a kept picture builds it again alone when a value it shows
/// changes (`RetainedFormPicture`).
struct FormTitleView: View {
    let title: String

    var body: some View {
        Text(title)
            .font(.title).fontWeight(.bold)
            .anchorPreference(key: FormElementsKey.self, value: .bounds) {
                [FormElement(kind: .title, bounds: $0)]
            }
    }
}

/// Seed 002's switch, on when every field is shown. A view of its own for
/// the title's reason.
struct VisibilitySwitch: View {
    let isOn: Bool

    var body: some View {
        Toggle(isOn: isOn) { Text("") }
    }
}
