import FormKit
import Mustache

/// What `GET /` answers when it cannot show the page (an unknown page, a
/// database that cannot be read): the CLI's message and a way back
/// (`Templates/error-page.mustache`).
struct ErrorPageHTML {
    let error: FormKitError

    struct View { let documentTitle: String, stylePath: String, message: String, formPath: String }

    var html: String {
        PageTemplates.render(View(documentTitle: "formctl: " + error.code.rawValue, stylePath: PageAssets.style.path,
                                  message: error.description, formPath: "/"), with: "error-page")
    }
}

// The templates read a view by name through `child(named:)`, not through
// `Mirror`, which made the page five times slower to write.
extension ErrorPageHTML.View: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "documentTitle": self.documentTitle
        case "stylePath": self.stylePath
        case "message": self.message
        case "formPath": self.formPath
        default: nil
        }
    }
}
