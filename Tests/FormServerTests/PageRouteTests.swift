import CompressNIO
@testable import FormServer
import FormKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import FormText

/// The page's routes in process (no socket, no browser): what `GET /`
/// writes, the plain form post, the static files, and the HTML escaping
/// everything goes through. The browser itself is `ServeBrowserTests`'s.
@Suite struct PageRouteTests {
    static let hostile = #"<script>alert(1)</script>"'&"#

    @Test func theEscaperLeavesNoMarkup() {
        #expect(MarkupText.escaped(Self.hostile, for: .html) == "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;")
        #expect(MarkupText.escaped("Ada Lovelace", for: .html) == "Ada Lovelace")
        #expect(MarkupText.escaped("é → ü", for: .html) == "é → ü")
        #expect(MarkupText.escaped("", for: .html) == "")
    }

    @Test func thePageShowsTheFieldsTabsAndMinimap() async throws {
        let server = try APIRouteTests.server()
        _ = try server.session.file.set("first", to: "Ad")
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = String(buffer: response.body)
                #expect(html.contains(#"<html lang="en" dir="ltr">"#))
                #expect(html.contains(#"<script src="\#(PageAssets.script.path)" defer></script>"#))
                #expect(!html.contains("<script>"), "no inline script")
                #expect(html.contains(#"<label for="field-first">"#))
                #expect(html.contains(#"id="field-first" name="field:first" value="Ad""#))
                #expect(html.contains(#"aria-describedby="msg-first""#))
                #expect(html.contains(#"<p class="status" id="msg-first">"#))
                // "Ad" is short: yellow, and it fails check.
                #expect(html.contains(#"data-key="first" data-type="text" data-state="short" data-color="yellow""#))
                #expect(html.contains(#"data-key="first" data-kind="field" data-z="#))
                #expect(html.contains(#"<svg id="minimap""#))
                #expect(html.contains(#"<h1 id="title">Hello Ad "#))
                #expect(html.contains(#"<button type="submit" name="action" value="submit""#))
            }
        }
    }

    @Test func aRightToLeftFormsPageIsRightToLeft() async throws {
        let server = try APIRouteTests.server()
        var spec = try server.session.file.spec()
        spec.direction = .rightToLeft
        _ = try server.session.file.apply(spec)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body).contains(#"<html lang="en" dir="rtl">"#))
            }
        }
    }

    @Test func theMinimapHasOneRectPerMinimapRect() async throws {
        let server = try APIRouteTests.server()
        struct Minimap: Decodable { let rects: [MinimapRect] }
        let json = try server.session.file.minimap(format: .json)
        let rects = try JSONDecoder().decode(Minimap.self, from: Data(json.utf8)).rects
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.components(separatedBy: "<rect data-key=").count - 1 == rects.count)
                for rect in rects {
                    #expect(html.contains(#"data-key="\#(rect.key)" data-kind="\#(rect.kind.rawValue)" data-z="\#(rect.z)""#))
                }
            }
        }
    }

    @Test func everyValueAndLabelIsEscaped() async throws {
        let server = try APIRouteTests.server()
        let file = server.session.file
        _ = try file.set("first", to: Self.hostile)
        _ = try file.addField(key: "odd", label: Self.hostile, row: 1)
        _ = try file.addPage(key: "p2", title: Self.hostile)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(!html.contains("<script>alert"))
                #expect(!html.contains(#"</script>""#))
                #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"))
                // The title (h1, <title> and the minimap's tooltip), the
                // value, the label and the tab all hold it escaped.
                #expect(html.components(separatedBy: "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;").count - 1 >= 6)
            }
        }
    }

    @Test func choosingAPageWritesNothingAndAnUnknownOneIs404() async throws {
        let server = try APIRouteTests.server()
        let file = server.session.file
        for number in 2...7 { _ = try file.addPage(key: "p\(number)", title: "Page \(number)") }
        _ = try file.addField(key: "seventh", label: "Seventh", row: nil, page: "p7")
        let before = try file.pageSelection()
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/?page=p7", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains(#"<label for="field-seventh">Seventh</label>"#))
                #expect(!html.contains(#"id="field-first""#))
                // Seven pages: four tabs, then More with the other three.
                #expect(html.contains("<summary>More</summary>"))
                #expect(html.contains(#"<details class="current">"#))
                #expect(html.contains(#"<a href="/?page=p7" data-page="p7" aria-current="page">Page 7</a>"#))
            }
            try await client.execute(uri: "/?page=nosuch", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("nosuch"))
            }
        }
        #expect(try file.pageSelection() == before)
    }

    @Test func aPlainPostSavesTheValuesAndSubmits() async throws {
        let server = try APIRouteTests.server()
        let file = server.session.file
        let app = Application(router: server.router())
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        try await app.test(.router) { client in
            // Save only: the value is stored, nothing submitted.
            try await client.execute(uri: "/", method: .post, headers: form,
                                     body: ByteBuffer(string: "page=main&field%3Afirst=Ada+%3C%26%3E&action=save")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/?page=main")
            }
            #expect(try file.field("first").value == "Ada <&>")
            #expect(try file.responses().isEmpty)
            // Submit with the form failing check: the page says why.
            try await client.execute(uri: "/", method: .post, headers: form,
                                     body: ByteBuffer(string: "page=main&field%3Afirst=Ada&field%3Alast=L&action=submit")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/?page=main&check=failed")
            }
            try await client.execute(uri: "/?page=main&check=failed", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(#"<ul class="problems">"#))
                #expect(html.contains("has fewer than 3 characters"))
            }
            // Filled in, it submits, and the page shows the response's id.
            let report = try file.check()
            var body = "page=main&action=submit&field%3Alast=Lovelace"
            for problem in report.problems where problem.key != "last" {
                body += "&field%3A\(problem.key)=" + (problem.key == "email" ? "ada%40example.org" : "Something")
            }
            try await client.execute(uri: "/", method: .post, headers: form,
                                     body: ByteBuffer(string: body)) { response in
                #expect(response.status == .seeOther)
                let location = response.headers[.location] ?? ""
                #expect(location.hasPrefix("/?page=main&submitted="))
                try await client.execute(uri: location, method: .get) { page in
                    #expect(String(buffer: page.body).contains("stored; the form is cleared."))
                }
            }
        }
        #expect(try file.responses().count == 1)
        #expect(try file.field("first").value == "")
    }

    @Test func aValueThatIsNotUTF8IsNotSaved() async throws {
        let server = try APIRouteTests.server()
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: "page=main&field%3Afirst=%FF%FE&field%3Alast=%00&action=submit")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/?page=main&notsaved=first,last&error=invalidValue")
            }
            try await client.execute(uri: "/?page=main&notsaved=first,last&error=invalidValue", method: .get) { response in
                #expect(String(buffer: response.body).contains("Not saved: First Name, Last Name: the value was refused"))
            }
        }
        #expect(try server.session.file.field("first").value == "")
    }

    @Test func theScriptAndStylesheetAreServedUnderTheirHashForAYear() async throws {
        let server = try APIRouteTests.server()
        let app = Application(router: server.router())
        #expect(PageAssets.script.path.wholeMatch(of: /\/assets\/app\.[0-9a-f]{16}\.js/) != nil)
        #expect(PageAssets.style.path.wholeMatch(of: /\/assets\/app\.[0-9a-f]{16}\.css/) != nil)
        try await app.test(.router) { client in
            try await client.execute(uri: PageAssets.script.path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(response.headers[.contentEncoding] == nil, "not asked for gzip")
                let script = String(buffer: response.body)
                // The API's prefix comes from the page (`/api`, or a
                // respondent's `/api/respond` in collect mode).
                #expect(script.contains("new EventSource(api + '/events?page='"))
                #expect(script.contains("main.getAttribute('data-api') || '/api'"))
                #expect(!script.contains("innerHTML"))
                #expect(PageAsset.contentHash(Array(script.utf8)) == PageAssets.script.path.split(separator: ".")[1].description)
            }
            try await client.execute(uri: PageAssets.style.path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                let style = String(buffer: response.body)
                // The palette's one table holds the stylesheet's colours.
                for line in MinimapPalette.cssProperties.split(separator: "\n") {
                    #expect(style.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)")
                }
            }
            // Another hash (an older formctl's file), or none, is no file.
            for path in ["/assets/app.0000000000000000.js", "/assets/app.js", "/app.js", "/app.css"] {
                try await client.execute(uri: path, method: .get) { response in #expect(response.status == .notFound, "\(path)") }
            }
        }
    }

    @Test func thePageAndItsFilesAreGzippedWhenTheBrowserAcceptsIt() async throws {
        let server = try APIRouteTests.server()
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            for path in ["/", PageAssets.script.path, PageAssets.style.path] {
                let plain = try await client.executeRequest(uri: path, method: .get, headers: [:], body: nil)
                let coded = try await client.executeRequest(uri: path, method: .get, headers: [.acceptEncoding: "gzip, deflate, br"], body: nil)
                #expect(plain.headers[.contentEncoding] == nil && coded.headers[.contentEncoding] == "gzip", "\(path)")
                #expect(plain.headers[.vary] == "Accept-Encoding" && coded.headers[.vary] == "Accept-Encoding")
                #expect(coded.body.readableBytes * 2 < plain.body.readableBytes, "\(path): \(coded.body.readableBytes) of \(plain.body.readableBytes)")
                var body = coded.body
                #expect(try body.decompress(with: .gzip()) == plain.body, "\(path): gunzipped, the same bytes")
                let refused = try await client.executeRequest(uri: path, method: .get, headers: [.acceptEncoding: "gzip;q=0, identity"], body: nil)
                #expect(refused.headers[.contentEncoding] == nil, "\(path): q=0 refuses gzip")
            }
        }
    }

    @Test func theFormPostBodyDecodes() {
        let body = FormPostBody(bytes: Array("page=p%202&field%3Aa=x+y%25&field%3Ab=&field%3Ac=%E2%82%AC&action=submit&junk".utf8))
        #expect(body.page == "p 2")
        #expect(body.submits)
        #expect(body.values.map(\.key) == ["a", "b", "c"])
        #expect(body.values.map(\.value) == ["x y%", "", "€"])
        #expect(FormPostBody.decoded(Array("%zz%4".utf8)) == "%zz%4")
        #expect(FormPostBody.decoded(Array("%C3".utf8)) == nil)
    }
}
