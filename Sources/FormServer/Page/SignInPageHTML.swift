/// What `GET /owner` answers without the token in `--collect` mode (401):
/// how the form's owner signs in. It names no value of the form.
enum SignInPageHTML {
    static let html = """
        <!DOCTYPE html>
        <html lang="en" dir="ltr">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>formctl: sign in</title>
        <link rel="stylesheet" href="\(PageAssets.style.path)">
        </head>
        <body>
        <main class="screen error-page">
        <h1>This page is the form's owner's</h1>
        <p>Open the owner's link that <code>formctl serve --collect</code> printed on its second line
        (it ends in <code>/owner?token=…</code>): the token then stays in a cookie of this browser.
        API clients send the header <code>Authorization: Bearer TOKEN</code>.</p>
        <p>To answer the form, <a href="/">open the form</a>.</p>
        </main>
        </body>
        </html>

        """
}
