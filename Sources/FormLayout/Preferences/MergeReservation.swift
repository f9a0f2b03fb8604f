/// Memory for merging values that are arrays, the usual kind of preference
/// value (a list of anchors).
///
/// Where siblings' values meet, `reduce` folds them in one after another,
/// and an array key's `reduce` appends each to the first. Left to itself,
/// that array grows by doubling, each doubling copying everything merged
/// so far into fresh memory: for a form of ten thousand fields, those copies
/// were a sixth of a layout's page faults. So when a merge is large, the
/// first value is given room for all the others, in huge pages, before
/// `reduce` runs. `reduce` still does the merging: a key whose `reduce`
/// does something else gets the same result, with room it may not use.
///
/// A large value merged into another is then freed, and glibc answers the
/// freeing of a large block by raising its threshold for mapping blocks on
/// their own to that block's size: every later block up to that size (the
/// minimap's arrays) would come from glibc's heap, without huge pages. So
/// large merged values are kept until the layout is freed.
protocol MergeReservable {
    /// How many elements the value holds.
    var elementCount: Int { get }
    /// How many bytes its elements take.
    var elementBytes: Int { get }
    /// Makes room for at least `total` elements, in huge pages if that is
    /// large enough.
    mutating func reserveForMerge(_ total: Int)
}

extension Array: MergeReservable {
    var elementCount: Int { count }
    var elementBytes: Int { count &* MemoryLayout<Element>.stride }
    mutating func reserveForMerge(_ total: Int) { reserveCapacityInHugePages(total) }
}

/// Siblings' values folded together: the first taken as it is, each later
/// one passed to `reduce`. The value is held outside an optional so that
/// `reduce` appends in place instead of copying what was merged so far.
struct Merged<Key: PreferenceKey> {
    /// Unowned without checks: a merge lives only within a call on its graph.
    unowned(unsafe) let graph: _ViewGraph
    var value = Key.defaultValue
    var hasValue = false

    init(in graph: _ViewGraph) { self.graph = graph }

    @inline(__always)
    mutating func add(_ next: consuming Key.Value?) {
        guard let next else { return }
        if hasValue {
            if let reservable = Key.Value.self as? any MergeReservable.Type {
                graph.prepareMerge(of: &value, with: next, as: reservable)
            }
            Key.reduce(value: &value) { next }
        } else {
            value = next
            hasValue = true
        }
    }

    var result: Key.Value? { hasValue ? value : nil }
}

extension _ViewGraph {
    /// From how many children a merge collects their values first, to
    /// give the first room for all (below it, the collecting costs more
    /// than what it saves).
    static var childrenWorthReserving: Int { 16 }

    /// Before `next` is merged into `value` (one type, `Reservable`, at run
    /// time): room for both in huge pages when together they fill half a
    /// huge page or more and `value` has no room yet, and a large `next`
    /// kept until the layout is freed (see `MergeReservable`).
    func prepareMerge<Value, Reservable: MergeReservable>(of value: inout Value, with next: Value, as _: Reservable.Type) {
        let nextBytes = Self.view(next, as: Reservable.self) { $0.elementBytes }
        guard nextBytes > 0 else { return }
        let total = Self.view(next, as: Reservable.self) { $0.elementCount } + Self.view(value, as: Reservable.self) { $0.elementCount }
        let bytes = nextBytes + Self.view(value, as: Reservable.self) { $0.elementBytes }
        if bytes >= HugePages.size / 2 {
            withUnsafeMutablePointer(to: &value) {
                $0.withMemoryRebound(to: Reservable.self, capacity: 1) { $0.pointee.reserveForMerge(total) }
            }
        }
        if nextBytes >= HugePages.size / 2 { retainedValues.append(next) }
    }

    /// The merged value of the children `childIDs[children]`, as the
    /// `.mergesChildren` case of `preferenceValue` computes it, with room
    /// for every child's elements made in the first value before the others
    /// are folded in. `Reservable` is `Key.Value`, seen as `MergeReservable`.
    func mergeReserving<Key: PreferenceKey, Reservable: MergeReservable>(
        _ key: Key.Type, children: Range<Int>, as _: Reservable.Type
    ) -> Key.Value? {
        var values: [Key.Value] = []
        values.reserveCapacity(children.count)
        var total = 0
        for index in children {
            guard let value = preferenceValue(key, of: childIDs[index]) else { continue }
            total += Self.view(value, as: Reservable.self) { $0.elementCount }
            values.append(value)
        }
        guard var first = values.first else { return nil }
        if values.count > 1 {
            // Released from `values` first, so that it is not shared (and
            // copied) as it grows.
            values[0] = Key.defaultValue
            withUnsafeMutablePointer(to: &first) {
                $0.withMemoryRebound(to: Reservable.self, capacity: 1) { $0.pointee.reserveForMerge(total) }
            }
        }
        var merged = Merged<Key>(in: self)
        merged.add(consume first)
        for value in values.dropFirst() { merged.add(value) }
        return merged.result
    }

    /// Reads `value` as `Reservable`, the type it is at run time.
    @inline(__always)
    private static func view<Value, Reservable, Result>(_ value: Value, as _: Reservable.Type, _ body: (Reservable) -> Result) -> Result {
        withUnsafePointer(to: value) { $0.withMemoryRebound(to: Reservable.self, capacity: 1) { body($0.pointee) } }
    }
}
