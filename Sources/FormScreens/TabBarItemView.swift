import FormLayout
import FormModel
import Foundation

/// One tab of the bar (seed 000's `CustomTabBarItem`): a small square
/// standing for the icon, above the title in the caption font, blue when
/// highlighted and gray otherwise. It draws nothing of its content: it
/// reports the content, with its tags, through `TabBarPreferenceKey`, and
/// the screen draws the selected one above the bar.
struct TabBarItemView: View {
    let title: String
    let isHighlighted: Bool
    let barHeight: Double
    let items: [TabBarItemData]

    /// Below this bar height the icon is left out, so the title still fits.
    static let heightForIcon = 46.0

    var body: some View {
        VStack(alignment: .center, spacing: 2) {
            if barHeight >= Self.heightForIcon {
                RoundedRectangle(cornerRadius: 4).frame(width: 18, height: 18)
            }
            Text(title).font(.caption)
        }
        .padding([.top, .bottom], 5)
        .foregroundColor(isHighlighted ? .blue : .gray)
        .frame(maxWidth: .infinity)
        .accessibilityIdentifier("tab:\(title)")
        .preference(key: TabBarPreferenceKey.self, value: TabBarPreferenceData(items: items))
    }
}
