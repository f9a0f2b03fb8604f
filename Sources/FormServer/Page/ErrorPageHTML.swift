import FormKit

/// What `GET /` answers when it cannot show the page (an unknown page, a
/// database that cannot be read): the CLI's message, escaped, and a way back.
struct ErrorPageHTML {
    let error: FormKitError

    var html: String {
        """
        <!DOCTYPE html>
        <html lang="en" dir="ltr">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>formctl: \(HTMLText.escaped(error.code.rawValue))</title>
        <link rel="stylesheet" href="\(PageAssets.style.path)">
        </head>
        <body>
        <main class="screen error-page">
        <h1>Cannot show this page</h1>
        <p>\(HTMLText.escaped(error.description))</p>
        <p><a href="/">Go to the form</a></p>
        </main>
        </body>
        </html>

        """
    }
}
