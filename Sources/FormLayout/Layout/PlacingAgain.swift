import Foundation

/// The proposal a node was placed with, kept by a `RetainedLayout` so that
/// a part of the tree can be placed again as its parent placed it. Kept as
/// bit patterns (nil as NaN, as `SizeCache` keys proposals), so that two
/// records are equal exactly when the proposals are the same to the bit.
struct PlacedProposal: Equatable {
    var width: UInt
    var height: UInt

    /// What a node not placed yet holds: a NaN no proposal has, so that
    /// placing it again never takes it for placed already.
    static let never = PlacedProposal(width: 0x7FF8_DEAD_BEEF_0002, height: 0x7FF8_DEAD_BEEF_0002)

    @inline(__always)
    init(width: UInt, height: UInt) {
        self.width = width
        self.height = height
    }

    @inline(__always)
    init(_ proposal: ProposedViewSize) {
        width = (proposal.width ?? .nan).bitPattern
        height = (proposal.height ?? .nan).bitPattern
    }

    /// The proposal recorded (`never` reads as an ideal-size proposal).
    var proposal: ProposedViewSize {
        let none = CGFloat.nan.bitPattern
        return ProposedViewSize(width: width == none || self == .never ? nil : CGFloat(bitPattern: width),
                                height: height == none || self == .never ? nil : CGFloat(bitPattern: height))
    }
}

/// The state of placing a part of a laid-out tree again after some of its
/// sizes changed (`ViewGraph+Resize.swift`): what the placement found
/// moved. The nodes whose size was computed again (the changed views'
/// ancestors up to where a size stayed the same, `isOnResizedPath`) are
/// always placed.
///
/// A node off that path keeps its frame when its parent places it where it
/// was, at the same size, for the same proposal: nothing under it changed,
/// so nothing under it is placed. Anything else is placed as a first layout
/// places it. A subtree that only moved is placed, not shifted: frames are
/// sums of floating-point lengths, and adding the offset to each old frame
/// does not always give the bits that adding the lengths to the new origin
/// gives, which a full layout does.
final class PlacingAgain {
    /// Nodes off the path that were placed again (their whole subtree),
    /// each the first such node below a node of the path.
    var placedSubtrees: [NodeID] = []
    /// Nodes of the path whose frame changed.
    var movedPathNodes: [NodeID] = []
    /// The last node of the path placed where and as it was (the same
    /// frame and proposal, to the bit), -1 before any: a long stack that
    /// is can leave its unchanged children where they are
    /// (`placeOnlyChangedChild`).
    var lastStayingPathNode: NodeID = -1
}

extension _ViewGraph {
    /// Records `proposal` as the one `id` is placed with; while placing
    /// again, returns false, leaving the node as it is, when it is off the
    /// path and placed exactly where and as it was.
    @inline(__always)
    func recordPlacement(_ id: NodeID, in frame: CGRect, proposal: ProposedViewSize) -> Bool {
        let placed = PlacedProposal(proposal)
        if let again = placingAgain, !noteReplacement(id, in: frame, placed, again) { return false }
        placedProposals[Int(id)] = placed
        return true
    }

    @inline(never)
    private func noteReplacement(_ id: NodeID, in frame: CGRect, _ placed: PlacedProposal, _ again: PlacingAgain) -> Bool {
        let old = frames[Int(id)]
        let same = Self.sameBits(old, frame)
        if isOnResizedPath[Int(id)] {
            if !same { again.movedPathNodes.append(id) } else if placedProposals[Int(id)] == placed { again.lastStayingPathNode = id }
            return true
        }
        if same && placedProposals[Int(id)] == placed { return false }
        let parent = nodes[Int(id)].parent
        if parent >= 0 && isOnResizedPath[Int(parent)] { again.placedSubtrees.append(id) }
        return true
    }

    /// Whether two rectangles are the same to the bit.
    @inline(__always)
    static func sameBits(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x.bitPattern == b.origin.x.bitPattern && a.origin.y.bitPattern == b.origin.y.bitPattern
            && a.size.width.bitPattern == b.size.width.bitPattern && a.size.height.bitPattern == b.size.height.bitPattern
    }
}
