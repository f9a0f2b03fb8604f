import FormLayout
import FormModel
import Foundation

/// One tab's contribution to the tab bar preference: its tag and the view
/// the content area shows when the tag is selected (seed 000's
/// `TabBarItemData`).
public struct TabBarItemData {
    /// A page key, or `FormDefinition.moreSelection` for the More list.
    public var tag: String
    /// What the content area shows for `tag`.
    public var content: AnyView

    /// An item as given.
    public init(tag: String, content: AnyView) {
        self.tag = tag
        self.content = content
    }
}

/// What the tab bar's views report upwards (seed 000's
/// `TabBarPreferenceData`): the bar's bounds in the `customTabBar` space,
/// set by one view only, and every item's tag and content.
public struct TabBarPreferenceData {
    /// The bar's bounds in the `customTabBar` coordinate space.
    public var tabBarBounds: CGRect?
    /// Every item, in the order the bar lists them.
    public var items: [TabBarItemData]

    /// Data as given; both empty by default.
    public init(tabBarBounds: CGRect? = nil, items: [TabBarItemData] = []) {
        self.tabBarBounds = tabBarBounds
        self.items = items
    }
}

/// The tab bar's preference key: `reduce` appends the items and keeps the
/// one bound that the bar's overlay sets (seed 000).
public enum TabBarPreferenceKey: PreferenceKey {
    public static var defaultValue: TabBarPreferenceData { TabBarPreferenceData() }

    public static func reduce(value: inout TabBarPreferenceData, nextValue: () -> TabBarPreferenceData) {
        let next = nextValue()
        if let bounds = next.tabBarBounds { value.tabBarBounds = bounds }
        value.items.append(contentsOf: next.items)
    }

    /// The name of the coordinate space the bar's bounds are measured in.
    public static let coordinateSpace = "customTabBar"
}
