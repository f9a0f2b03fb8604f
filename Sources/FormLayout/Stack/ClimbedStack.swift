import Foundation

/// What the children of a long stack answered, per proposal they were
/// offered, kept once an incremental change has sized the stack again
/// (`ViewGraph+Resize.swift`), so that the next change below it asks only
/// the child that changed.
///
/// Sizing a stack again asks every child its size for each proposal the
/// stack was asked: from the size cache, but a form's column has a child
/// per row, and asking each costs more than everything else a keystroke in
/// the title does. A child's answer for a proposal depends on its subtree
/// alone, and a subtree changes only through a change that sizes its
/// ancestors again, this stack among them; so the answers kept here stay
/// exact as long as each climb through the stack says which child changed.
/// The stack then adds up the same lengths in the same order, and its
/// size is the same to the bit as asking every child.
///
/// Kept are the answers to a proposal offered to every child alike: each
/// child's ideal or largest (a stack offered nothing to share out along
/// its axis, as a scrolling column), or its smallest, which sharing out a
/// finite length starts from; the lengths a share-out then offers differ
/// by child, and those the children whose size depends on them are
/// asked again, from the size cache.
final class ClimbedStack {
    /// What changed among the stack's children since the answers were kept.
    enum ChildChange {
        /// The child at this offset is a new one, which may differ from
        /// the one it replaces in its traits or what its size depends on.
        case replaced(Int)
        /// The child at this offset sizes differently; it is the same node,
        /// or a new one with the same traits and dependences.
        case resized(Int)
        /// A child was inserted at this offset.
        case inserted(Int)
        /// The child at this offset was taken out.
        case removed(Int)
        /// Unknown: every child is asked again.
        case unknown
    }

    /// Stacks with fewer children are asked again: keeping their answers
    /// would cost about what it saves.
    static let minimumChildren = 16

    /// The answers for one proposal offered to every child.
    private struct Answers {
        var offer: PlacedProposal
        var sizes: [CGSize]
        var isCurrent: Bool
        /// The changed child's answer before the change (`begin`).
        var changedBefore: CGSize? = nil
        /// What `sizes` add up to (`keptSums`): made with the answers,
        /// nil from when the widest may have shrunk until next asked.
        var sums: Sums? = nil

        /// Writes the answer of the child at `offset`, keeping `sums`
        /// up to date where that is exact and cheap.
        mutating func set(_ size: CGSize, at offset: Int) {
            let old = sizes[offset]
            sizes[offset] = size
            guard var kept = sums else { return }
            let (oldAcross, newAcross) = (old.across(kept.axis), size.across(kept.axis))
            if newAcross > kept.widest {
                kept.widest = newAcross
            } else if !(newAcross < kept.widest && oldAcross < kept.widest) {
                // The widest may have shrunk: added up again when next asked.
                sums = nil
                return
            }
            if let lengths = kept.lengths {
                let (oldLength, newLength) = (old.along(kept.axis), size.along(kept.axis))
                let updated = lengths - oldLength + newLength
                kept.lengths = Sums.isExact(oldLength) && Sums.isExact(newLength) && updated < Sums.limit ? updated : nil
            }
            sums = kept
        }
    }

    /// The children's lengths along the stack's axis added up, and the
    /// largest across it (as `crossExtent` folds it, from 0), so that a
    /// stack offering nothing to share out is sized from them without
    /// visiting every child. The sum is kept only while it is exact:
    /// every length a multiple of 2⁻²⁰ points, and the whole below 2³²,
    /// so that every partial sum is a multiple of 2⁻²⁰ below 2³³ and
    /// fits a double's 53 bits. Then no addition rounds, in any order,
    /// and taking the old length out and adding the new gives, to the
    /// bit, what adding every length up in order gives. (Lengths from
    /// text metrics in 1/64ths or halves of a point are; a length such
    /// as 0.1 is not, and the stack adds its children up again.)
    private struct Sums {
        var axis: AxisContext
        /// Nil when not exact.
        var lengths: CGFloat?
        var widest: CGFloat

        static let grain: CGFloat = 1_048_576   // 2^20
        static let limit: CGFloat = 4_294_967_296   // 2^32

        static func isExact(_ length: CGFloat) -> Bool {
            length >= 0 && length < limit && (length * grain).rounded(.towardZero) == length * grain
        }

        init(_ sizes: [CGSize], axis: AxisContext) {
            self.axis = axis
            var lengths: CGFloat = 0, exact = true, widest: CGFloat = 0
            for size in sizes {
                let length = size.along(axis)
                exact = exact && Self.isExact(length)
                lengths += length
                widest = max(widest, size.across(axis))
            }
            self.lengths = exact && lengths < Self.limit ? lengths : nil
            self.widest = widest
        }
    }

    private var answers: [Answers] = []
    /// The offset of the child to ask again in this climb, if any.
    private var changed: Int?
    /// Whether only the changed child's sizes can differ (`resized`).
    private var changedOnlyInSize = false
    /// Whether the stack's last share-out, which placing reads, was found
    /// exact in this change (the changed child chose the size recorded),
    /// so that it stays what the last placement read.
    var shareOutStays = false

    /// Takes `change` into the answers kept, before the stack is sized
    /// again: a child inserted or taken out moves the others' answers.
    /// Until `end()`, sizing and placing the stack ask the changed child
    /// again in any answers they read.
    func begin(_ change: ChildChange) {
        changed = nil
        changedOnlyInSize = false
        shareOutStays = false
        switch change {
        case .replaced(let offset):
            changed = offset
        case .resized(let offset):
            changed = offset
            changedOnlyInSize = true
        case .inserted(let offset):
            for index in answers.indices where offset <= answers[index].sizes.count {
                answers[index].sizes.insert(.zero, at: offset)
                answers[index].sums = nil
            }
            changed = offset
        case .removed(let offset):
            for index in answers.indices where offset < answers[index].sizes.count {
                answers[index].sizes.remove(at: offset)
                answers[index].sums = nil
            }
        case .unknown:
            answers.removeAll()
        }
        for index in answers.indices {
            answers[index].isCurrent = false
            answers[index].changedBefore = changed.flatMap { $0 >= 0 && $0 < answers[index].sizes.count ? answers[index].sizes[$0] : nil }
        }
    }

    /// Drops the answers for proposals the stack was not asked again in
    /// this change: the changed child's answer in them is out of date.
    func end() {
        answers.removeAll { !$0.isCurrent }
        changed = nil
        shareOutStays = false
    }

    /// The offset of the child that changed, when only its sizes can
    /// have (`resized`).
    var childChangedOnlyInSize: Int? { changedOnlyInSize ? changed : nil }

    /// Whether the stack's answer to a proposal that offers each child
    /// `offered` first (its ideal or largest, or the smallest a share-out
    /// starts from) is the one it gave before the change: the changed
    /// child gives the same answer to `offered` as before and, when the
    /// stack shares out a length along `sharedAxis`, its size does not
    /// depend on that length (so it is offered nothing else), and the
    /// stack would add up the same lengths in the same order. Refreshes
    /// the answers kept for `offered`.
    func keepsAnswer(offering offered: ProposedViewSize, sharedAxis: AxisContext?, _ children: NodeChildren,
                     of graph: _ViewGraph) -> Bool {
        let key = PlacedProposal(offered)
        let count = children.count
        // The changed child's answer before the change: the one kept may be
        // the new one already, asked while sharing out for another proposal.
        guard changedOnlyInSize, let changed, changed >= 0, changed < count,
              let index = answers.firstIndex(where: { $0.offer == key && $0.sizes.count == count }),
              let old = answers[index].changedBefore else { return false }
        let child = children[children.startIndex + changed]
        if let sharedAxis {
            let node = graph.nodes[Int(child)]
            guard !(sharedAxis == .horizontal ? node.dependsOnWidth : node.dependsOnHeight) else { return false }
        }
        let new = graph.size(of: child, offered)
        guard new.width.bitPattern == old.width.bitPattern && new.height.bitPattern == old.height.bitPattern else { return false }
        answers[index].isCurrent = true
        return true
    }

    /// What `children`'s sizes for `offered` add up to along `axis` with
    /// `spacing` between each two, and the largest across it, from the
    /// answers kept (the changed child's asked again) without visiting
    /// the others: nil when none are kept for `offered` or the sum could
    /// not be kept exact (`Sums`), and the stack adds its children up.
    func keptSums(_ children: NodeChildren, offered: ProposedViewSize, axis: AxisContext, spacing: CGFloat,
                  of graph: _ViewGraph) -> (total: CGFloat, widest: CGFloat)? {
        let key = PlacedProposal(offered)
        let count = children.count
        guard let index = answers.firstIndex(where: { $0.offer == key && $0.sizes.count == count }) else { return nil }
        if let changed, changed >= 0, changed < count {
            answers[index].set(graph.size(of: children[children.startIndex + changed], offered), at: changed)
        }
        if answers[index].sums?.axis != axis { answers[index].sums = Sums(answers[index].sizes, axis: axis) }
        guard let sums = answers[index].sums, let lengths = sums.lengths else { return nil }
        let spacings = spacing * CGFloat(count - 1)
        guard Sums.isExact(abs(spacings)), abs(spacings) + lengths < Sums.limit else { return nil }
        answers[index].isCurrent = true
        graph.keptAnswerReuses += 1
        return (spacings + lengths, sums.widest)
    }

    /// Writes each of `children`'s size for `offered` to
    /// `graph.stackScratch.sizes[mark...]`: the answers kept, the changed
    /// child's asked again; every child asked when none are kept for
    /// `offered` (and their sums along `axis` kept, `keptSums`).
    func fill(_ children: NodeChildren, offered: ProposedViewSize, axis: AxisContext, into mark: Int, of graph: _ViewGraph) {
        let key = PlacedProposal(offered)
        let count = children.count
        if let index = answers.firstIndex(where: { $0.offer == key && $0.sizes.count == count }) {
            if let changed, changed >= 0, changed < count {
                answers[index].set(graph.size(of: children[children.startIndex + changed], offered), at: changed)
            }
            answers[index].isCurrent = true
            graph.keptAnswerReuses += 1
            answers[index].sizes.withUnsafeBufferPointer { sizes in
                for offset in 0..<count { graph.stackScratch.sizes[mark + offset] = sizes[offset] }
            }
            return
        }
        var sizes: [CGSize] = []
        sizes.reserveCapacity(count)
        for child in children { sizes.append(graph.size(of: child, offered)) }
        for offset in 0..<count { graph.stackScratch.sizes[mark + offset] = sizes[offset] }
        answers.removeAll { $0.offer == key }
        // Added up now, while every answer is at hand anyway.
        answers.append(Answers(offer: key, sizes: sizes, isCurrent: true, sums: Sums(sizes, axis: axis)))
    }
}
