import Foundation

/// How each stack last shared out its space: the proposal, the size the
/// stack chose, and each child's size and the length it was offered along
/// the stack's axis.
///
/// Sizing shares a stack's space out for every proposal the stack is asked
/// about, and placing the stack then shares it out again for the proposal
/// it is placed with, which sizing has just answered: placement reads the
/// record instead (for a form, a stack per field and one per row; sharing
/// out again, measuring each label again on the way, was 4% of a layout's
/// instructions). A stack is placed with the proposal its parent sized it with,
/// normalised as the size cache normalises it (an axis the stack's size
/// does not depend on is nil), so the record matches unless something
/// asked the stack about another proposal in between, and then placement
/// shares out again. Written by `distribute`, read by `layOutStack`.
struct StackShares: ~Copyable {
    /// One stack's last share-out. Proposals are kept as bit patterns,
    /// nil as NaN, as in `SizeCache`.
    struct Record {
        var width: UInt
        var height: UInt
        var size: CGSize
        /// Where the stack's children's entries start in `sizes` and
        /// `mains`; -1 until the stack first shares out.
        var first: Int32
    }

    /// By stack (the stack node's payload).
    private(set) var records = UniqueArray<Record>()
    /// Each child's size, the children of one stack together.
    private(set) var sizes = UniqueArray<CGSize>()
    /// Each child's offered length along its stack's axis (nil as NaN).
    private(set) var mains = UniqueArray<UInt>()

    private static let none = Record(width: 0, height: 0, size: .zero, first: -1)

    @inline(__always)
    static func key(_ length: CGFloat?) -> UInt { (length ?? .nan).bitPattern }

    /// Makes a record, empty, for each stack built since the last call;
    /// room for their children's entries is reserved on the first call, as
    /// for the frames (`growLayoutState`).
    mutating func grow(toStacks stackCount: Int, nodeCount: Int) {
        guard stackCount > records.count else { return }
        if records.isEmpty {
            records.reserveCapacityInHugePages(2 * stackCount)
            sizes.reserveCapacityInHugePages(nodeCount)
            mains.reserveCapacityInHugePages(nodeCount)
        }
        records.append(repeating: Self.none, count: stackCount - records.count)
    }

    /// The record of `stack` when its last share-out was for `proposal`.
    @inline(__always)
    func record(of stack: Int, for proposal: ProposedViewSize) -> Record? {
        guard stack < records.count else { return nil }
        let record = records[stack]
        guard record.first >= 0, record.width == Self.key(proposal.width), record.height == Self.key(proposal.height) else { return nil }
        return record
    }

    /// The share-out placing reads for a stack offered `offered`: the one
    /// sized for this proposal already, normalised as the size cache
    /// normalises proposals; or the one for the proposal as offered, which
    /// a share-out made while placing records when the normalised one is
    /// missing (and a change that keeps it, `ViewGraph+Resize.swift`,
    /// still holds).
    @inline(__always)
    func record(_ key: StackSharesKey, offered: ProposedViewSize) -> Record? {
        let normalised = ProposedViewSize(width: key.dependsOnWidth ? offered.width : nil,
                                          height: key.dependsOnHeight ? offered.height : nil)
        return record(of: key.slot, for: normalised) ?? record(of: key.slot, for: offered)
    }

    /// Starts recording `stack`'s share-out for `proposal`, of `size`, and
    /// returns where its `count` children's entries go (`set(_:size:main:)`).
    mutating func record(_ stack: Int, for proposal: ProposedViewSize, size: CGSize, count: Int) -> Int? {
        guard stack < records.count else { return nil }
        var first = Int(records[stack].first)
        if first < 0 {
            first = sizes.count
            sizes.append(repeating: .zero, count: count)
            mains.append(repeating: 0, count: count)
        }
        records[stack] = Record(width: Self.key(proposal.width), height: Self.key(proposal.height), size: size, first: Int32(first))
        return first
    }

    /// The proposal of `stack`'s last share-out and where its children's
    /// entries start, nil when it has none.
    func lastShareOut(of stack: Int) -> (proposal: ProposedViewSize, first: Int)? {
        guard stack < records.count else { return nil }
        let record = records[stack]
        guard record.first >= 0, record.width != Self.forgotten else { return nil }
        let none = Self.key(nil)
        return (ProposedViewSize(width: record.width == none ? nil : CGFloat(bitPattern: record.width),
                                 height: record.height == none ? nil : CGFloat(bitPattern: record.height)), Int(record.first))
    }

    /// Forgets `stack`'s last share-out (its children's sizes changed);
    /// `reallocating`: its number of children changed too, so the next
    /// share-out takes new entries.
    mutating func forget(_ stack: Int, reallocating: Bool) {
        guard stack < records.count else { return }
        records[stack] = Record(width: Self.forgotten, height: Self.forgotten, size: .zero,
                                first: reallocating ? -1 : records[stack].first)
    }

    /// A key no proposal has (as `SizeCache`'s unused slots).
    private static let forgotten: UInt = 0x7FF8_DEAD_BEEF_0003

    /// One child's entry.
    @inline(__always)
    mutating func set(_ index: Int, size: CGSize, main: CGFloat?) {
        sizes[index] = size
        mains[index] = Self.key(main)
    }

    /// The length a child was offered along the axis, from its entry.
    @inline(__always)
    func main(at index: Int) -> CGFloat? {
        let bits = mains[index]
        return bits == Self.key(nil) ? nil : CGFloat(bitPattern: bits)
    }

    /// A child's size, from its entry.
    @inline(__always)
    func size(at index: Int) -> CGSize { sizes[index] }
}
