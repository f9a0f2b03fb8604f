import Foundation

/// Subviews side by side, left to right, wrapping onto a new line when the
/// next one would not fit: a form's fields on a narrow screen. Written on
/// the public ``Layout`` protocol only, as an example of one.
///
/// Each subview is asked for its ideal size (its `frame` or its text); a
/// line is as tall as its tallest subview, and subviews sit at the top of
/// their line.
public struct FlowLayout: Layout {
    /// Space between subviews on a line.
    public var horizontalSpacing: CGFloat
    /// Space between lines.
    public var verticalSpacing: CGFloat

    /// A flow with `spacing` between subviews and between lines.
    public init(spacing: CGFloat = SwiftUIConstants.defaultStackSpacing) {
        self.init(horizontalSpacing: spacing, verticalSpacing: spacing)
    }

    /// A flow with its own spacing across and down.
    public init(horizontalSpacing: CGFloat, verticalSpacing: CGFloat) {
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }

    /// Subviews placed line by line within `maxWidth` (infinite: one line).
    struct Arrangement {
        var frames: [CGRect] = []
        var size: CGSize = .zero
    }

    func arrange(_ sizes: [CGSize], maxWidth: CGFloat) -> Arrangement {
        var arrangement = Arrangement()
        var x: CGFloat = 0, y: CGFloat = 0, lineHeight: CGFloat = 0, widest: CGFloat = 0
        for size in sizes {
            if x > 0 && x + size.width > maxWidth {
                // The next subview does not fit: start a line below.
                y += lineHeight + verticalSpacing
                x = 0
                lineHeight = 0
            }
            arrangement.frames.append(CGRect(x: x, y: y, width: size.width, height: size.height))
            widest = max(widest, x + size.width)
            lineHeight = max(lineHeight, size.height)
            x += size.width + horizontalSpacing
        }
        arrangement.size = CGSize(width: widest, height: sizes.isEmpty ? 0 : y + lineHeight)
        return arrangement
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return arrange(sizes, maxWidth: proposal.width ?? .infinity).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let arrangement = arrange(sizes, maxWidth: bounds.width)
        for (subview, frame) in zip(subviews, arrangement.frames) {
            subview.place(at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
                          anchor: .topLeading, proposal: ProposedViewSize(frame.size))
        }
    }
}
