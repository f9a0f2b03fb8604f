#if canImport(Glibc)
import Glibc
#endif

/// An array only its owner holds: the arena's nodes and layout's per-node
/// state (the frames, the size cache, the stacks' share-outs and scratch),
/// which a layout writes once or more per node. Every write to a Swift
/// array first checks that the array's
/// buffer is not shared, and for a form of ten thousand fields those checks
/// were several hundred thousand calls into the runtime; this storage is
/// never shared, so it has none. Not copyable, so that it cannot be
/// shared by accident: it is freed with its owner.
///
/// Indices are checked as an array's are. Elements are moved, never
/// copied, when the storage grows: most are plain values; a shape's payload
/// holds its colour box, which a move leaves as it is where a copy would
/// retain it.
struct UniqueArray<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    /// How many elements it holds: `0..<count`.
    private(set) var count = 0
    /// How many it has room for without moving.
    private(set) var capacity = 0

    init() {}

    deinit {
        if let base {
            base.deinitialize(count: count)
            free(base)
        }
    }

    var isEmpty: Bool { count == 0 }

    /// The element at `index`, read and written where it is: a part of an
    /// element with references (a shape's colour box) is read without
    /// copying, and so retaining, the whole element.
    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of range 0..<\(count)")
            return UnsafePointer(base.unsafelyUnwrapped + index)
        }
        unsafeMutableAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of range 0..<\(count)")
            return base.unsafelyUnwrapped + index
        }
    }

    /// Appends `element`.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { move(toCapacity: Swift.max(2 * capacity, 16)) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Appends `element` and returns its index (as `Array.appendIndex`).
    @inline(__always)
    mutating func appendIndex(_ element: Element) -> Int {
        append(element)
        return count - 1
    }

    /// Appends `element` `times` times.
    mutating func append(repeating element: Element, count times: Int) {
        guard times > 0 else { return }
        let needed = count + times
        if needed > capacity { move(toCapacity: Swift.max(needed, 2 * capacity)) }
        (base.unsafelyUnwrapped + count).initialize(repeating: element, count: times)
        count = needed
    }

    /// Calls `body` with the elements as a buffer: a loop over many of
    /// them reads each without checking its index against the count.
    @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the elements as a mutable buffer (see
    /// `withUnsafeBufferPointer`); it may change them, not their number.
    @inline(__always)
    mutating func withUnsafeMutableBufferPointer<Result>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }

    /// A copy of the elements from `start` on.
    func elements(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "\(start) out of range 0...\(count)")
        return Array(UnsafeBufferPointer(start: base.map { $0 + start }, count: count - start))
    }

    /// Removes the elements from `range.lowerBound` on.
    mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        precondition(range.lowerBound >= 0 && range.lowerBound <= count, "range \(range) out of range 0..<\(count)")
        guard range.lowerBound < count else { return }
        (base.unsafelyUnwrapped + range.lowerBound).deinitialize(count: count - range.lowerBound)
        count = range.lowerBound
    }

    /// Removes the last element and returns it.
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty array")
        count -= 1
        return (base.unsafelyUnwrapped + count).move()
    }

    /// Sorts the elements in `range` by `inOrder`, as an array's slice sorts.
    mutating func sort(_ range: Range<Int>, by inOrder: (Element, Element) -> Bool) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of range 0..<\(count)")
        guard !range.isEmpty else { return }
        var elements = UnsafeMutableBufferPointer(start: base.unsafelyUnwrapped + range.lowerBound, count: range.count)
        elements.sort(by: inOrder)
    }

    /// Makes room for at least `minimumCapacity` elements, rounded up to
    /// whole huge pages when that is half a huge page or more, and that
    /// room advised to be backed by huge pages (as
    /// `Array.reserveCapacityInHugePages`).
    mutating func reserveCapacityInHugePages(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        if let rounded = HugePages.capacity(atLeast: minimumCapacity, stride: MemoryLayout<Element>.stride) {
            move(toCapacity: rounded, advising: true)
        } else {
            move(toCapacity: minimumCapacity)
        }
    }

    /// Moves the elements to a new block of room for `newCapacity`.
    private mutating func move(toCapacity newCapacity: Int, advising: Bool = false) {
        let (bytes, overflow) = newCapacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        precondition(!overflow, "\(newCapacity) elements do not fit in memory")
        // malloc's alignment (16 bytes) is enough for every element kept here.
        precondition(MemoryLayout<Element>.alignment <= 16, "elements aligned to more than malloc's 16 bytes")
        guard let raw = malloc(Swift.max(bytes, 1)) else { fatalError("out of memory for \(newCapacity) layout entries") }
        if advising { HugePages.advise(UnsafeMutableRawBufferPointer(start: raw, count: bytes)) }
        let newBase = raw.bindMemory(to: Element.self, capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            free(base)
        }
        base = newBase
        capacity = newCapacity
    }
}
