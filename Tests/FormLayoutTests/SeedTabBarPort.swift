// Seed 000 (betterprogramming.pub, "Diving deep into SwiftUI", part 2): the
// custom tab bar built on view preferences, ported with mechanical changes
// only: `@Binding`/`$selection` became a plain `Binding<Int>` passed in,
// `Image(systemName:)` (which the engine lacks) became a 25×25 rectangle,
// `Color(UIColor.system…)` became the nearest engine colour, gestures and
// `contentShape` were dropped (nothing is interactive headlessly), and the
// content area carries an `accessibilityIdentifier` so tests can find it.
import FormLayout
import Foundation

struct TabBarItemData {
    var tag: Int
    var content: AnyView
}

struct TabBarPreferenceData {
    var tabBarBounds: CGRect? = nil
    var tabBarItemData: [TabBarItemData] = []
}

struct TabBarPreferenceKey: PreferenceKey {
    typealias Value = TabBarPreferenceData

    static var defaultValue: TabBarPreferenceData = TabBarPreferenceData()

    static func reduce(value: inout TabBarPreferenceData, nextValue: () -> TabBarPreferenceData) {
        if let tabBarBounds = nextValue().tabBarBounds {
            value.tabBarBounds = tabBarBounds
        }
        value.tabBarItemData.append(contentsOf: nextValue().tabBarItemData)
    }
}

struct CustomTabBarItem<Content: View>: View {
    let iconName: String
    let label: String
    let selection: Binding<Int>
    let tag: Int
    let content: () -> Content

    init(iconName: String,
         label: String,
         selection: Binding<Int>,
         tag: Int,
         @ViewBuilder _ content: @escaping () -> Content) {
        self.iconName = iconName
        self.label = label
        self.selection = selection
        self.tag = tag
        self.content = content
    }

    var body: some View {
        VStack(alignment: .center) {
            Rectangle() // Image(systemName: iconName)
                .frame(width: 25, height: 25)
            Text(label)
                .font(.caption)
        }
        .padding([.top, .bottom], 5)
        .foregroundColor(fgColor())
        .frame(maxWidth: .infinity)
        .preference(key: TabBarPreferenceKey.self,
                    value: TabBarPreferenceData(
                        tabBarItemData: [TabBarItemData(tag: tag,
                                                        content: AnyView(self.content())
                        )]
                    )
        )
    }

    private func fgColor() -> Color {
        return selection.wrappedValue == tag ? Color.blue : Color.gray
    }
}

struct TabBarContentView: View {
    let selection: Binding<Int>

    init(selection: Int) { self.selection = .constant(selection) }

    var body: some View {
        VStack(alignment: .center, spacing: 0) {
            HStack(alignment: .lastTextBaseline) {
                CustomTabBarItem(iconName: "star.fill",
                                 label: "Favorites",
                                 selection: selection,
                                 tag: 0)
                {
                    Text("Favorites Content")
                }
                CustomTabBarItem(iconName: "clock.fill",
                                 label: "Recents",
                                 selection: selection,
                                 tag: 1)
                {
                    Text("Recents Content")
                }
                CustomTabBarItem(iconName: "person.crop.circle",
                                 label: "Contacts",
                                 selection: selection,
                                 tag: 2)
                {
                    Text("Contacts Content")
                }
                CustomTabBarItem(iconName: "circle.grid.3x3.fill",
                                 label: "Keypad",
                                 selection: selection,
                                 tag: 3)
                {
                    Text("Keypad Content")
                }
                CustomTabBarItem(iconName: "recordingtape",
                                 label: "Voicemail",
                                 selection: selection,
                                 tag: 4)
                {
                    Text("Voicemail Content")
                }
            }
            .background(
                GeometryReader { parentGeometry in
                    Rectangle()
                        .fill(Color(white: 0.68)) // systemGray2
                        .frame(width: parentGeometry.size.width, height: 0.5)
                        .position(x: parentGeometry.size.width / 2, y: 0)
                }
            )
            .background(Color(white: 0.95)) // systemGray6
            .overlay(
                GeometryReader { geometry in
                    Rectangle()
                        .fill(Color.clear)
                        .preference(key: TabBarPreferenceKey.self,
                                    value: TabBarPreferenceData(tabBarBounds: geometry.frame(in: .named("customTabBar")))
                        )
                }
            )
        }
        .frame(maxHeight: .infinity, alignment: .bottom)
        .overlayPreferenceValue(TabBarPreferenceKey.self) { (preferences: TabBarPreferenceData) in
            return GeometryReader { geometry in
                self.createTabBarContentOverlay(geometry, preferences)
            }
        }
        .coordinateSpace(name: "customTabBar")
    }

    private func createTabBarContentOverlay(_ geometry: GeometryProxy,
                                            _ preferences: TabBarPreferenceData) -> some View {
        let tabBarBounds = preferences.tabBarBounds != nil ? preferences.tabBarBounds! : .zero
        let contentToDisplay = preferences.tabBarItemData.first(where: { $0.tag == self.selection.wrappedValue })

        return ZStack {
            if contentToDisplay == nil {
                Text("Empty View")
            } else {
                contentToDisplay!.content
            }
        }
        .frame(width: geometry.size.width,
               height: geometry.size.height - tabBarBounds.size.height,
               alignment: .center)
        .accessibilityIdentifier("contentArea")
        .position(x: geometry.size.width / 2,
                  y: (geometry.size.height - tabBarBounds.size.height) / 2)
    }
}
