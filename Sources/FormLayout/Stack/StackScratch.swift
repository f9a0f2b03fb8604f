import Foundation

/// Scratch space the stacks share out space in, used in a strict stack
/// discipline (each stack pops what it pushed), so that layout allocates
/// nothing per node. Written only by sizing and placing stacks.
struct StackScratch: ~Copyable {
    var sizes = ScratchStack<CGSize>(filler: .zero)
    /// What each child was offered when it chose its size in `sizes`.
    var proposals = ScratchStack<ProposedViewSize>(filler: .unspecified)
    var flexibility = ScratchStack<StackFlexibility>(filler: StackFlexibility(minimum: 0, maximum: 0, priority: 0, index: 0))
}

/// A stack of slots whose storage is kept from one push to the next: a
/// push reuses the slots an earlier one left and only grows the storage
/// when the stack is deeper than it has been, and a pop only moves the
/// top. (An array appended to and cut back for every stack laid out spent
/// more on that than on sharing out the space.) Pushed slots hold whatever
/// an earlier push left there: the pusher writes each before reading it.
/// The storage is a `UniqueArray`: the slots are written several times
/// per child of every stack.
struct ScratchStack<Element>: ~Copyable {
    private var storage = UniqueArray<Element>()
    /// The slots in use: `0..<count`.
    private(set) var count = 0
    private let filler: Element

    init(filler: Element) { self.filler = filler }

    /// Pushes `slots` slots and returns the index of the first.
    @inline(__always)
    mutating func push(_ slots: Int) -> Int {
        let mark = count
        count += slots
        if count > storage.count { storage.append(repeating: filler, count: Swift.max(count, 2 * storage.count) - storage.count) }
        return mark
    }

    /// Pushes one slot holding `element`.
    @inline(__always)
    mutating func push(_ element: Element) {
        // The slot first: the push may move the storage.
        let slot = push(1)
        self[slot] = element
    }

    /// Pops every slot from `mark` up.
    @inline(__always)
    mutating func pop(to mark: Int) { count = mark }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// Sorts the slots `start..<count` by `inOrder`.
    mutating func sort(from start: Int, by inOrder: (Element, Element) -> Bool) {
        storage.sort(start..<count, by: inOrder)
    }
}
