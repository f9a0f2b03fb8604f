import FormModel
import FormScreens

/// The editor's minimap, kept between frames: a keystroke changes one
/// field's value and nothing else, which `RetainedFormPicture` lays out in
/// place; anything else (a save, a reload, another focus or page) lays the
/// form out again.
struct EditorMinimap {
    let picture: RetainedFormPicture
    /// The stored form and the focused field the picture was last updated
    /// for: while both stay, the edited form differs only in the focused
    /// field's value. Comparing forms that share their arrays costs no
    /// walk through the fields (`Array`'s `==` sees the same storage).
    var storedForm: FormDefinition
    var focusedKey: String?
}

extension EditSession {
    /// The minimap's rectangles of the form on screen with the text being
    /// typed in it (`editedForm`), as `FormPicture.minimapRects(of:)` gives
    /// them: after a keystroke, only the focused field is laid out again.
    public var minimapRects: [MinimapRect] { minimap(of: editedForm).minimapRects }

    /// The minimap of `edited` (this session's `editedForm`), as
    /// `FormPicture` gives it, laid out in place (and its display list
    /// redrawn in place) when only the typed text changed since the last frame.
    func minimap(of edited: FormDefinition) -> RetainedFormPicture {
        if let minimap, minimap.storedForm == storedForm, minimap.focusedKey == focusedKey {
            if let key = focusedKey {
                minimap.picture.update(to: edited, changedValueOf: key)
            }
            return minimap.picture
        }
        let picture = minimap?.picture ?? RetainedFormPicture(form: edited)
        if minimap != nil { picture.update(to: edited) }
        minimap = EditorMinimap(picture: picture, storedForm: storedForm, focusedKey: focusedKey)
        return picture
    }
}
