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
    public var minimapRects: [MinimapRect] { minimapRects(of: editedForm) }

    /// The minimap's rectangles of `edited` (this session's `editedForm`):
    /// what `FormPicture.minimapRects(of:)` gives, laid out in place when
    /// only the typed text changed since the last frame.
    func minimapRects(of edited: FormDefinition) -> [MinimapRect] {
        if let minimap, minimap.storedForm == storedForm, minimap.focusedKey == focusedKey {
            if let key = focusedKey {
                minimap.picture.update(to: edited, changedValueOf: key)
            }
        } else if let minimap {
            minimap.picture.update(to: edited)
            self.minimap = EditorMinimap(picture: minimap.picture, storedForm: storedForm, focusedKey: focusedKey)
        } else {
            minimap = EditorMinimap(picture: RetainedFormPicture(form: edited), storedForm: storedForm, focusedKey: focusedKey)
        }
        return minimap?.picture.minimapRects ?? []
    }
}
