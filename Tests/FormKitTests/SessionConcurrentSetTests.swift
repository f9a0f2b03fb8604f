import Dispatch
import FormKit
import Foundation
import Testing

/// A session writes for several callers at once (the server's requests):
/// each `set` is planned outside the write lock and written only if nobody
/// committed since, this connection's other callers included.
@Suite("FormSession: sets from several threads at once")
struct SessionConcurrentSetTests {
    @Test("sets from 4 threads leave the stored minimap and states exactly as a fresh layout of the values gives")
    func concurrentSetsKeepDerivedDataExact() throws {
        let temporary = try TemporaryForm()
        let session = try FormSession(file: temporary.form)
        defer { session.close() }
        let keys = ["first", "middle", "last", "email"]
        // Values of 1 to 4 characters: each set changes its field's colour
        // (red, yellow, green) and, for first/middle/last, the title's width.
        DispatchQueue.concurrentPerform(iterations: keys.count) { index in
            for round in 0..<25 {
                _ = try? session.file.set(keys[index], to: String(repeating: "x", count: 1 + (round + index) % 4))
            }
        }
        let stored = try session.file.minimap(format: .json)
        // Computed in memory from the values alone (nothing stored is read).
        let fresh = try StoredForm(path: temporary.form.path).minimap(format: .json, page: "main")
        #expect(stored == fresh)
        for field in try session.file.fields() where keys.contains(field.key) {
            #expect(field.value.count == 1 + (24 + keys.firstIndex(of: field.key)!) % 4)
            #expect(try StoredForm(path: temporary.form.path).field(field.key).state == field.state)
        }
    }
}
