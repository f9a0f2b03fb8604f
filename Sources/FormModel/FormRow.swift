/// A horizontal row of fields with a width the user may change within a
/// range (seed 002: row 1 is 540 wide, row 2 follows the slider, 360…540).
public struct FormRow: Hashable, Codable, Sendable {
    /// Numbered from 1, top to bottom.
    public var number: Int
    /// The row's width in points.
    public var width: Double
    /// The narrowest width the row accepts.
    public var minWidth: Double
    /// The widest width the row accepts.
    public var maxWidth: Double
    /// The key of the page the row is on (`FormPage.key`).
    public var page: String
    /// The path of the group or instance the row is in (`FormGroup.path`);
    /// nil for a row at the top of its page.
    public var group: String?

    /// A row as given; `width` is not clamped to `minWidth...maxWidth`.
    public init(number: Int, width: Double, minWidth: Double, maxWidth: Double, page: String = FormPage.mainKey,
                group: String? = nil) {
        self.number = number
        self.width = width
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.page = page
        self.group = group
    }

    /// The widest row formctl accepts, in points: every width (and range
    /// bound) is more than 0 and at most this (the store's `CHECK`s say the
    /// same).
    public static let widestWidth = 100_000.0

    /// The accepted widths.
    public var widthRange: ClosedRange<Double> { minWidth...maxWidth }
}
