import Mustache

/// What `GET /owner` answers without the token in `--collect` mode (401):
/// how the form's owner signs in (`Templates/sign-in-page.mustache`). It
/// names no value of the form.
enum SignInPageHTML {
    struct View { let documentTitle: String, stylePath: String }

    static let html = PageTemplates.render(View(documentTitle: "formctl: sign in", stylePath: PageAssets.style.path),
                                           with: "sign-in-page")
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension SignInPageHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "documentTitle": self.documentTitle
        case "stylePath": self.stylePath
        default: nil
        }
    }
}
