// Helpers shared by the FormLayout test files: laying a view out in a
// window, comparing floating-point geometry with a small tolerance, and a
// reference-type log for closures that run inside the engine.
import Foundation
import Testing
import FormLayout

/// Tolerance for values that go through divisions (the minimap scale factor).
let tolerance: CGFloat = 1e-9

/// Lays `view` out in a window of `width`×`height`.
func layout<V: View>(_ view: V, width: CGFloat = 400, height: CGFloat = 300) -> LayoutResult {
    ViewHost(view, windowSize: CGSize(width: width, height: height)).layout()
}

func isClose(_ a: CGFloat, _ b: CGFloat, within limit: CGFloat = tolerance) -> Bool {
    abs(a - b) <= limit
}

func isClose(_ a: CGPoint, _ b: CGPoint, within limit: CGFloat = tolerance) -> Bool {
    isClose(a.x, b.x, within: limit) && isClose(a.y, b.y, within: limit)
}

func isClose(_ a: CGSize, _ b: CGSize, within limit: CGFloat = tolerance) -> Bool {
    isClose(a.width, b.width, within: limit) && isClose(a.height, b.height, within: limit)
}

func isClose(_ a: CGRect, _ b: CGRect, within limit: CGFloat = tolerance) -> Bool {
    isClose(a.origin, b.origin, within: limit) && isClose(a.size, b.size, within: limit)
}

/// `inner` lies inside `outer`, allowing for rounding at the edges.
func contains(_ outer: CGRect, _ inner: CGRect, within limit: CGFloat = tolerance) -> Bool {
    inner.minX >= outer.minX - limit && inner.minY >= outer.minY - limit
        && inner.maxX <= outer.maxX + limit && inner.maxY <= outer.maxY + limit
}

/// The frame of the view tagged `identifier`; records a failure (and
/// returns `.null`) when no view carries the tag.
func frame(_ result: LayoutResult, _ identifier: String, sourceLocation: SourceLocation = #_sourceLocation) -> CGRect {
    guard let frame = result.frame(of: identifier) else {
        Issue.record("no view tagged \(identifier)", sourceLocation: sourceLocation)
        return .null
    }
    return frame
}

/// The drawn items tagged `identifier`, back to front.
func items(_ result: LayoutResult, _ identifier: String) -> [DisplayItem] {
    result.displayList.items.filter { $0.identifier == identifier }
}

/// The width of `string` on one line in `font`, as the default measurer sees it.
func naturalWidth(_ string: String, _ font: Font = .body) -> CGFloat {
    SystemTextMeasurer().width(of: Substring(string), font: font)
}

/// A log that closures running inside the engine append to; a class so
/// that every closure of one test shares it and no test shares another's.
final class CallLog {
    var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
}

/// A box for values captured while the engine lays out (geometry readers).
final class Captured<Value> {
    var value: Value?
}
