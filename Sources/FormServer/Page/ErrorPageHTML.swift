import FormKit

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
