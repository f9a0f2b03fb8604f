import FormScreens
import FormStore

/// FormKit's answer to the store's one geometry question (`MinimapGeometry`):
/// the form laid out as seed 002 does it (`FormPicture`), except after a
/// change of one value that the title does not show, where only that
/// field's rectangle changes colour and nothing is laid out
/// (`FormDefinition.minimapRects(afterValueOf:changedFrom:rects:)`).
struct FormGeometry: MinimapGeometry {
    func minimapRects(of form: FormDefinition, after change: GeometryChange) -> [MinimapRect] {
        if case .value(let key, let before, let rects) = change,
           let recoloured = form.minimapRects(afterValueOf: key, changedFrom: before, rects: rects) {
            return recoloured
        }
        return FormPicture.minimapRects(of: form).sorted { $0.z < $1.z }
    }
}

extension FormGeometry: AppendedInstanceGeometry {
    func minimapRects(ofInstance instance: String, after previous: String, in partial: FormDefinition, title: String,
                      previousRects: [MinimapRect], boxBefore: MinimapRect?) -> [MinimapRect]? {
        FormPicture.minimapRects(ofInstance: instance, after: previous, in: partial, title: title, previousRects: previousRects,
                                 boxBefore: boxBefore)
    }
}
