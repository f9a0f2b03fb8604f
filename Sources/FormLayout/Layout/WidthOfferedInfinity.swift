import Foundation

/// A node's width for an infinite offer of width, known without asking it
/// (`Node.widthOfferedInfinity`).
///
/// An `HStack` sharing out a finite width asks each child its size for an
/// infinite width, to know how flexible it is (`distribute`). A form's
/// field answers that by sizing its whole subtree once more (its padding,
/// its stack, its label and its text field), a sixth of a layout's sizing,
/// and its answer is already decided by its kinds: a text field takes all
/// the width it is offered, and what wraps it passes that on. Each node
/// gets its answer when it is built, from its kind and its children's
/// answers, exactly where the size rules give it for any proposal and
/// whatever else the children are:
///
/// - a text field: infinite (`TextFieldNode.size`);
/// - a modifier that sizes as its child: its child's answer;
/// - padding with finite insets: its child's (infinity or NaN plus the
///   insets);
/// - a `VStack` lining its children up at a built-in fraction, with a
///   child of infinite width: the widest child is infinite whatever the
///   others are (`max` passes NaN by), and the stack's width is what
///   `extent(widest:fraction:)` makes of it: infinite at the centre, NaN at
///   a leading or trailing edge (`−0 × ∞`). Used only while no view sets
///   an explicit guide (`hasExplicitGuides`), as `crossExtent` does.
///
/// Anything else is not known, and is asked. An incremental change keeps
/// these answers true: a splice that would change its parent's answer is
/// refused (`splice`), and a view rebuilt in place must answer alike
/// (`laysOutAlike`).
extension _ViewGraph {
    /// The answer of a node of `kind` with `payload` over `children`, all
    /// of them built.
    func widthOfferedInfinity(_ kind: NodeKind, payload: Int, children: some Collection<NodeID>) -> KnownWidth {
        if kind == .textField { return .infinity }
        guard let first = children.first else { return .unknown }
        if kind.sizesAsItsChild { return nodes[Int(first)].widthOfferedInfinity }
        switch kind {
        case .padding:
            return insets[payload].horizontal.isFinite ? nodes[Int(first)].widthOfferedInfinity : .unknown
        case .vStack:
            guard let fraction = stacks[payload].crossAlignment.fraction,
                  children.contains(where: { nodes[Int($0)].widthOfferedInfinity == .infinity }) else { return .unknown }
            let (low, high) = Self.extent(widest: .infinity, fraction: fraction)
            let width = high - low
            return width.isNaN ? .notANumber : width == .infinity ? .infinity : .unknown
        default:
            return .unknown
        }
    }

    /// Child `child`'s width for an infinite offer of width, when known
    /// and usable now (see the extension's documentation).
    @inline(__always)
    func knownWidthOfferedInfinity(_ child: NodeID) -> CGFloat? {
        hasExplicitGuides ? nil : nodes[Int(child)].widthOfferedInfinity.width
    }
}
