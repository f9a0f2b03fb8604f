/// The direction a form is read in: left to right (the default), or right
/// to left for Arabic, Hebrew, Persian or Urdu, where the screens mirror
/// the form (the first field of a row on the right, the minimap area on the
/// window's right) and so the minimap.
///
/// The raw values are what the store keeps in `form.direction` and what a
/// form file's `direction` says.
public enum FormDirection: String, Hashable, Codable, CaseIterable, Sendable {
    /// Left to right (`ltr`): seed 002's form.
    case leftToRight = "ltr"
    /// Right to left (`rtl`): the mirror image of the left-to-right form.
    case rightToLeft = "rtl"
}
