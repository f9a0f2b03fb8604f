/// The parts of `FormScreen` named with `id(_:)` besides its fields (which
/// are named by key), so that a kept picture (`RetainedFormPicture`) can
/// build one again alone or read where it is. Not a string, so that no
/// field's key can name one.
enum FormScreenPart: Hashable {
    /// The title, which shows the values of the fields its template names.
    case title
    /// Seed 002's switch, on when every field is shown.
    case visibilitySwitch
    /// The form's container, whose frame sets the minimap's scale.
    case formContainer
    /// The minimap's area, whose frame sets the minimap's scale.
    case minimapArea
    /// A group's or an instance's section, by path: its box is in the minimap.
    case group(String)
    /// A group's or an instance's title, by path (an instance's may show its values).
    case groupTitle(String)
}
