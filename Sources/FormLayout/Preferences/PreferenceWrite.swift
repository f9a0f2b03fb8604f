import Foundation

/// How one view writes one key's value: what `preference`,
/// `anchorPreference` and their transform forms record.
///
/// Records, not objects: a form writes two values per field, and an object
/// per writer was one more allocation to make and to free per field per
/// layout (a fifth of a 10k-field layout's page faults, and a third of the
/// time it took to free the graph). The records of one key live in that
/// key's `PreferenceWriteTable`.
enum PreferenceWrite<Key: PreferenceKey> {
    /// `preference(key:value:)`: a constant value, behind a function like
    /// every other case. Every payload is then a function or an anchor's
    /// source, whose layout is the same whatever the key: the record is
    /// copied as what it is, where a payload of the key's value made every
    /// copy (one per writer built) go through the runtime's value
    /// witnesses, looking the key's value type up each time.
    case value(() -> Key.Value)
    /// `transformPreference(_:_:)`: edits the subtree's value.
    case transform((inout Key.Value) -> Void)
    /// `anchorPreference` with a rectangle anchor (`.bounds`, `.rect`), the
    /// usual case, kept apart so that writing builds the anchor without
    /// generic metadata lookups.
    case rectAnchor(Anchor<CGRect>.Source, (Anchor<CGRect>) -> Key.Value)
    /// `transformAnchorPreference` with a rectangle anchor.
    case rectAnchorTransform(Anchor<CGRect>.Source, (inout Key.Value, Anchor<CGRect>) -> Void)
    /// `anchorPreference` with any other anchor: the anchor's source and the
    /// transform, composed into one function of the writer's frame (and
    /// whether its x axis is flipped, `Anchor.Source.anchor(in:flipped:)`).
    case anchor((CGRect, Bool) -> Key.Value)
    /// `transformAnchorPreference` with any other anchor, composed likewise.
    case anchorTransform((inout Key.Value, CGRect, Bool) -> Void)

    /// `anchorPreference(key:value:transform:)` for an anchor of any type.
    static func anchor<A>(_ source: Anchor<A>.Source, _ transform: @escaping (Anchor<A>) -> Key.Value) -> Self {
        .anchor { frame, flipped in transform(source.anchor(in: frame, flipped: flipped)) }
    }

    /// `transformAnchorPreference(key:value:transform:)` for an anchor of any type.
    static func anchorTransform<A>(_ source: Anchor<A>.Source, _ transform: @escaping (inout Key.Value, Anchor<A>) -> Void) -> Self {
        .anchorTransform { value, frame, flipped in transform(&value, source.anchor(in: frame, flipped: flipped)) }
    }

    /// Whether the write starts from the key's default and hides what the
    /// subtree produced (`preference`, `anchorPreference`) rather than
    /// editing the subtree's value (the transform forms).
    var replaces: Bool {
        switch self {
        case .value, .rectAnchor, .anchor: true
        case .transform, .rectAnchorTransform, .anchorTransform: false
        }
    }

    /// Writes into `value`, given the writer's frame in the window and
    /// whether its x axis is flipped (`Anchor.Source.anchor(in:flipped:)`).
    @inline(__always)
    func write(_ value: inout Key.Value, frame: CGRect, flipped: Bool) {
        switch self {
        case .value(let constant): value = constant()
        case .transform(let transform): transform(&value)
        case .rectAnchor(let source, let transform): value = transform(source.anchor(in: frame, flipped: flipped))
        case .rectAnchorTransform(let source, let transform): transform(&value, source.anchor(in: frame, flipped: flipped))
        case .anchor(let make): value = make(frame, flipped)
        case .anchorTransform(let transform): transform(&value, frame, flipped)
        }
    }
}

/// The writes of one key, in the order their views were built.
class AnyPreferenceWriteTable {
    let keyID: ObjectIdentifier
    init(keyID: ObjectIdentifier) { self.keyID = keyID }
    /// Makes room for `remaining × each` more writes (`reserveArena`).
    func reserve(forMore remaining: Int, each: Int) {}
}

final class PreferenceWriteTable<Key: PreferenceKey>: AnyPreferenceWriteTable {
    /// Unchecked for the graph's reason (`_ViewGraph`'s stored properties).
    /// Unique, not an array: a write is read where it is when preferences
    /// are collected, where an array's element was copied out (its
    /// functions retained) and destroyed again for every writer.
    @exclusivity(unchecked) var writes = UniqueArray<PreferenceWrite<Key>>()
    init() { super.init(keyID: ObjectIdentifier(Key.self)) }
    override func reserve(forMore remaining: Int, each: Int) { writes.reserve(forMore: remaining, each: each) }
}

/// A writer node's payload: its key, and where its record is.
struct PreferenceWriterSlot {
    let keyID: ObjectIdentifier
    /// Index in `_ViewGraph.writeTables`.
    let table: Int32
    /// Index in that table's `writes`.
    let index: Int32
}

extension _ViewGraph {
    /// Records `write` in its key's table (made on the key's first write)
    /// and returns the writer node's payload.
    func addWrite<Key: PreferenceKey>(_ write: PreferenceWrite<Key>) -> Int {
        let keyID = ObjectIdentifier(Key.self)
        // Most trees write one key or two: a linear search, newest first.
        var tableIndex = writeTables.count - 1
        while tableIndex >= 0 && writeTables[tableIndex].keyID != keyID { tableIndex -= 1 }
        if tableIndex < 0 {
            writeTables.append(PreferenceWriteTable<Key>())
            tableIndex = writeTables.count - 1
        }
        let table = unsafeDowncast(writeTables[tableIndex], to: PreferenceWriteTable<Key>.self)
        table.writes.append(write)
        if environment.layoutDirection == .rightToLeft { rightToLeftWriters.insert(Int32(writers.count)) }
        return writers.appendIndex(PreferenceWriterSlot(keyID: keyID, table: Int32(tableIndex), index: Int32(table.writes.count - 1)))
    }

    /// The value a writer node produces from its subtree's value `below`
    /// (moved out, not copied, when the write edits it: a transform that
    /// appends then appends in place instead of copying the whole value
    /// first). The slot's key must be `Key`.
    @inline(__always)
    func written<Key: PreferenceKey>(_: Key.Type, at slot: PreferenceWriterSlot, below: inout Key.Value?, writer: NodeID) -> Key.Value {
        let table = unsafeDowncast(writeTables[Int(slot.table)], to: PreferenceWriteTable<Key>.self)
        let index = Int(slot.index)
        var value = table.writes[index].replaces ? Key.defaultValue : (below.take() ?? Key.defaultValue)
        // Trees that never change direction skip `anchorFrame` (two
        // emptiness tests): a form writes two values per field.
        if rightToLeftWriters.isEmpty && mirrorsInProgress == 0 {
            table.writes[index].write(&value, frame: frames[Int(writer)], flipped: false)
        } else {
            let (frame, flipped) = anchorFrame(ofWriter: writer)
            table.writes[index].write(&value, frame: frame, flipped: flipped)
        }
        return value
    }
}
