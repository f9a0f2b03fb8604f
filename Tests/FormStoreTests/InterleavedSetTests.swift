import FormModel
import Foundation
import Synchronization
import Testing
@testable import FormStore

/// A `set` is planned outside the write lock and written only if nobody
/// committed since, on the same connection too (`ConnectionVersion`). Here
/// another `set` through the same connection is made to land exactly
/// between one set's plan and its write, every time: the minimap layout,
/// which the plan calls outside the lock, makes it.
@Suite("A set planned while another set on the same connection commits")
struct InterleavedSetTests {
    /// Lets the layout reach the store it belongs to, and fire once.
    private final class Interleaving: Sendable {
        let store = Mutex<FormDatabase?>(nil)
        let fired = Mutex(false)
        /// The layouts of `first = Ada`.
        let plans = Mutex(0)
    }

    /// The title rectangle's width is the length of `first` and `last`
    /// together, as a title showing both fields grows with either: a plan
    /// made before the other set committed gets it wrong.
    private static func titleWidth(_ definition: FormDefinition) -> Double {
        Double(definition.fields.filter { ["first", "last"].contains($0.key) }.map(\.value.count).reduce(0, +))
    }

    /// A store whose layout, while it plans `first = Ada` (outside the
    /// lock), sets `key` to `value` through the same store, once, before
    /// the plan is written.
    private static func interleavedStore(in folder: TemporaryFolder, setting key: String,
                                         to value: String) throws -> (FormDatabase, Interleaving) {
        let interleaving = Interleaving()
        let layout: MinimapLayout = { definition in
            if definition.fields.contains(where: { $0.key == "first" && $0.value == "Ada" }) {
                interleaving.plans.withLock { $0 += 1 }
                if !interleaving.fired.withLock({ fired in defer { fired = true }; return fired }),
                   let store = interleaving.store.withLock({ $0 }) {
                    _ = try? store.setValue(key: key, value: value)
                }
            }
            var rects = testMinimap(definition)
            rects[0].width = InterleavedSetTests.titleWidth(definition)
            return rects
        }
        let store = try FormDatabase.open(path: folder.path("form.db"), create: true, busyTimeout: 5, minimap: layout)
        interleaving.store.withLock { $0 = store }
        return (store, interleaving)
    }

    @Test("the second set's write notices the first's commit on its own connection and plans again")
    func setLandingBetweenPlanAndWrite() throws {
        let folder = try TemporaryFolder()
        // `last`, which the title shows: the plan no longer holds.
        let (store, interleaving) = try Self.interleavedStore(in: folder, setting: "last", to: "Lovelace")
        defer { try? store.close() }

        try store.setValue(key: "first", value: "Ada")

        #expect(interleaving.fired.withLock { $0 }, "the other set ran between the plan and the write")
        #expect(interleaving.plans.withLock { $0 } == 2, "planned again")
        #expect(try store.field("last").value == "Lovelace")
        #expect(try store.field("first").value == "Ada")
        let stored = try store.minimapRects()
        #expect(stored.first { $0.kind == .title }?.width == 11, "Ada + Lovelace: \(stored.first { $0.kind == .title }.map { String($0.width) } ?? "none")")
        #expect(stored.first { $0.key == "last" }?.color == .green)
        #expect(stored.first { $0.key == "first" }?.color == .green)
    }

    @Test("a commit that changes no value the layout reads leaves the plan as it is: written without a second layout, with the other field's new colour")
    func setLandingBetweenPlanAndWriteElsewhere() throws {
        let folder = try TemporaryFolder()
        // `email`, which neither the title shows nor a condition reads.
        let (store, interleaving) = try Self.interleavedStore(in: folder, setting: "email", to: "ada@example.com")
        defer { try? store.close() }

        try store.setValue(key: "first", value: "Ada")

        #expect(interleaving.fired.withLock { $0 }, "the other set ran between the plan and the write")
        #expect(interleaving.plans.withLock { $0 } == 1, "the plan was written as it was, not made again")
        #expect(try store.field("email").value == "ada@example.com")
        #expect(try store.field("first").value == "Ada")
        let stored = try store.minimapRects()
        #expect(stored.first { $0.kind == .title }?.width == 3)
        #expect(stored.first { $0.key == "first" }?.color == .green)
        // The plan was made while email was empty (red); its rectangle keeps
        // the colour the other set gave it.
        #expect(stored.first { $0.key == "email" }?.color == .green)
        #expect(try store.minimapRects() == testMinimap(try store.definition()).map {
            var rect = $0
            if rect.kind == .title { rect.width = 3 }
            return rect
        }, "the stored minimap is the form's own")
    }
}
