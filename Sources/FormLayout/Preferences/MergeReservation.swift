/// Memory for merging values that are arrays, the usual kind of preference
/// value (a list of anchors).
///
/// Where siblings' values meet, `reduce` folds them in one after another,
/// and an array key's `reduce` appends each to the first. Left to itself,
/// that array grows by doubling, each doubling copying everything merged
/// so far into fresh memory: for a form of ten thousand fields, those copies
/// were a sixth of a layout's page faults. So when the first value has no
/// room for the next, it is given room for the siblings still to come as
/// well, estimated from those merged so far, in huge pages when that is
/// large. `reduce` still does the merging: a key whose `reduce` does
/// something else gets the same result, with room it may not use.
///
/// The siblings' values are not collected first to count them exactly:
/// they would all be alive at once (for a form, an array per row), where
/// merged one by one each is freed before the next is made and its memory
/// serves the next.
///
/// A large value merged into another is then freed, and glibc answers the
/// freeing of a large block by raising its threshold for mapping blocks on
/// their own to that block's size: every later block up to that size (the
/// minimap's arrays) would come from glibc's heap, without huge pages. So
/// large values merged or grown out of are kept until the layout is freed.
protocol MergeReservable {
    /// How many elements the value holds.
    var elementCount: Int { get }
    /// How many elements it has room for.
    var elementCapacity: Int { get }
    /// How many bytes an element takes.
    static var elementStride: Int { get }
    /// Makes room for at least `total` elements, in huge pages if that is
    /// large enough.
    mutating func reserveForMerge(_ total: Int)
}

extension Array: MergeReservable {
    var elementCount: Int { count }
    var elementCapacity: Int { capacity }
    static var elementStride: Int { MemoryLayout<Element>.stride }
    mutating func reserveForMerge(_ total: Int) { reserveCapacityInHugePages(total) }
}

/// Siblings' values folded together: the first taken as it is, each later
/// one passed to `reduce`. The value is held outside an optional so that
/// `reduce` appends in place instead of copying what was merged so far.
struct Merged<Key: PreferenceKey> {
    /// Unmanaged: a merge lives only within a call on its graph, and an
    /// `unowned(unsafe)` reference was still retained at each use.
    let graph: Unmanaged<_ViewGraph>
    /// How many siblings there are, and how many have been added (with a
    /// value or without): what room for the rest is estimated from.
    let siblings: Int
    private var added = 0
    var value = Key.defaultValue
    var hasValue = false

    init(in graph: _ViewGraph, siblings: Int) {
        self.graph = .passUnretained(graph)
        self.siblings = siblings
    }

    @inline(__always)
    mutating func add(_ next: consuming Key.Value?) {
        added += 1
        guard let next else { return }
        if hasValue {
            if let reservable = Key.Value.self as? any MergeReservable.Type {
                let (added, siblings) = (added, siblings)
                graph._withUnsafeGuaranteedRef {
                    $0.prepareMerge(of: &value, with: next, siblingsAdded: added, of: siblings, as: reservable)
                }
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
    /// The most room an estimate makes, in bytes: a sibling far larger than
    /// the others must not make room for that many more of its size.
    static var largestMergeEstimate: Int { 32 << 20 }

    /// Before `next` (the `added`-th of `siblings` values) is merged into
    /// `value`, both of one type `Reservable` at run time: room for it and
    /// for the siblings to come when `value` has none (their elements
    /// estimated as the average so far or the latest sibling's, whichever
    /// is more, and a quarter more), and a large
    /// `next`, or a large `value` grown out of, kept until the layout is
    /// freed (see `MergeReservable`).
    func prepareMerge<Value, Reservable: MergeReservable>(
        of value: inout Value, with next: Value, siblingsAdded added: Int, of siblings: Int, as _: Reservable.Type
    ) {
        let largeBytes = HugePages.size / 2
        let stride = max(Reservable.elementStride, 1)
        let nextCount = Self.view(next, as: Reservable.self) { $0.elementCount }
        guard nextCount > 0 else { return }
        if nextCount * stride >= largeBytes { retainedValues.append(next) }
        let (count, capacity) = Self.view(value, as: Reservable.self) { ($0.elementCount, $0.elementCapacity) }
        let needed = count + nextCount
        guard needed > capacity else { return }
        let cap = max(2 * needed, Self.largestMergeEstimate / stride)
        // Each sibling to come estimated as the average so far or as the
        // latest, whichever is more: the first siblings are often lighter
        // than the rest (a form's title and switches before its rows), and
        // an estimate from them alone ran out two thirds of the way
        // through, copying everything merged so far into new room.
        let perSibling = max(needed / max(added, 1) + 1, nextCount)
        let (more, overflow) = perSibling.multipliedReportingOverflow(by: max(siblings - added, 0))
        let estimate = overflow ? cap : min(cap, needed + min(more, cap))
        let room = max(min(estimate + estimate / 4, cap), needed, 2 * capacity)
        if count * stride >= largeBytes { retainedValues.append(value) }
        withUnsafeMutablePointer(to: &value) {
            $0.withMemoryRebound(to: Reservable.self, capacity: 1) { $0.pointee.reserveForMerge(room) }
        }
    }

    /// Reads `value` as `Reservable`, the type it is at run time.
    @inline(__always)
    private static func view<Value, Reservable, Result>(_ value: Value, as _: Reservable.Type, _ body: (Reservable) -> Result) -> Result {
        withUnsafePointer(to: value) { $0.withMemoryRebound(to: Reservable.self, capacity: 1) { body($0.pointee) } }
    }
}
