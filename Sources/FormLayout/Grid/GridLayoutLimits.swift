/// Bounds that keep a grid's layout finite whatever its cells ask for.
enum GridLayoutLimits {
    /// The most columns one cell spans. A span past the grid's other cells
    /// only adds empty columns; without a bound, `gridCellColumns(.max)`
    /// would overflow the column count and a span of a billion would lay
    /// out a billion columns. SwiftUI documents no limit; no real form
    /// comes near this one.
    static let largestCellSpan = 1024
}
