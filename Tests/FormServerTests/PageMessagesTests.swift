@testable import FormServer
import FormKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The page's own words per language (`PageMessages`): every message in
/// every language, with the same placeholders; a regional tag takes its
/// language's words, an unknown one English's; and a Hebrew form's page
/// says `lang="he"` and speaks Hebrew.
@Suite struct PageMessagesTests {
    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{[a-z]+\}/).map { String($0.output) })
    }

    @Test func everyMessageHasEveryLanguageWithTheSamePlaceholders() throws {
        let english = try #require(PageMessages.table["en"])
        #expect(PageMessages.table.keys.sorted() == ["en", "he"])
        for (language, words) in PageMessages.table {
            for key in PageMessages.Key.allCases {
                let text = try #require(words[key], "\(language) has no \(key.rawValue)")
                #expect(!text.isEmpty, "\(language) \(key.rawValue)")
                #expect(Self.placeholders(text) == Self.placeholders(english[key] ?? ""), "\(language) \(key.rawValue): \(text)")
            }
        }
    }

    @Test func aRegionalTagTakesItsLanguageAndAnUnknownOneEnglish() {
        #expect(PageMessages(language: "he-IL")(.submit) == "שליחה")
        #expect(PageMessages(language: "fr")(.submit) == "Submit")
        #expect(PageMessages(language: "fr").language == "fr")
        #expect(PageMessages(language: "en")(.submittedResponse, ["id": "7"]) == "Response 7 stored; the form is cleared.")
    }

    @Test func aHebrewFormsPageSaysSo() async throws {
        let server = try APIRouteTests.server()
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/forms/contact-rtl.yaml")
        _ = try server.session.file.apply(FormSpec.decode(Array(try Data(contentsOf: path)), file: path.path))
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(#"<html lang="he" dir="rtl">"#))
                #expect(html.contains(">שליחה</button>"))
                #expect(html.contains(#"<span class="state">ריק</span>"#))
                #expect(html.contains(#"aria-label="מפה מוקטנת""#))
                // Why an empty required field fails, in Hebrew too.
                #expect(html.contains(#"<span class="reason">הוא שדה חובה</span>"#))
                #expect(html.contains(#"data-reason-short="מכיל פחות מ-"#))
                #expect(!html.contains("is required"))
            }
        }
    }
}
