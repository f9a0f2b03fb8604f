import FormKit
@testable import FormServer
import Testing

/// The respondents' blank page is kept while the blank form is the same,
/// and drawn again for any other.
@Suite("the blank respondents' page, kept")
struct BlankPageCacheTests {
    @Test("kept for an equal form and page; drawn again for another form, another page, or after a failed draw")
    func keptOnlyForTheSameForm() throws {
        let server = try TestServer()
        let form = try server.server.session.file.editableForm()
        let cache = BlankPageCache()
        var draws = 0
        func draw(_ text: String) -> () throws(FormKitError) -> String {
            { () throws(FormKitError) in
                draws += 1
                return text
            }
        }
        #expect(try cache.html(for: form, page: nil, draw: draw("one")) == "one")
        #expect(try cache.html(for: form, page: nil, draw: draw("two")) == "one")
        #expect(draws == 1)
        #expect(try cache.html(for: form, page: "main", draw: draw("page")) == "page")
        var changed = form
        changed.fields[0].label = "Given name"
        #expect(try cache.html(for: changed, page: nil, draw: draw("three")) == "three")
        #expect(draws == 3)
        let failing: () throws(FormKitError) -> String = { () throws(FormKitError) in throw .internalError("no") }
        #expect(throws: FormKitError.self) { try cache.html(for: form, page: nil, draw: failing) }
        #expect(try cache.html(for: form, page: nil, draw: draw("four")) == "four", "a failed draw keeps nothing")
    }
}
