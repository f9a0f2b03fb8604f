// Seed 002 (swiftui-lab, "view tree part 3"): the minimap example, ported
// with mechanical changes only: `@State`/`@Binding` became plain values
// passed in, `$value` became `.constant(value)`, and `ContentView` gained
// an initialiser so tests can set its state.
import FormLayout
import Foundation

enum MyViewType: Equatable {
    case formContainer // main container
    case fieldContainer // contains a text field and its label
    case field(Int) // text field, with its content length
    case title // form title
    case miniMapArea // view behind the minimap
}

struct MyPreferenceData: Identifiable {
    let id = UUID() // needed by ForEach
    let vtype: MyViewType
    let bounds: Anchor<CGRect>

    func getColor() -> Color {
        switch vtype {
        case .field(let length):
            return length == 0 ? .red : (length < 3 ? .yellow : .green)
        case .title:
            return .purple
        default:
            return .gray
        }
    }

    func show() -> Bool {
        switch vtype {
        case .field:
            return true
        case .title:
            return true
        case .fieldContainer:
            return true
        default:
            return false
        }
    }
}

struct MyPreferenceKey: PreferenceKey {
    typealias Value = [MyPreferenceData]

    static var defaultValue: [MyPreferenceData] = []

    static func reduce(value: inout [MyPreferenceData], nextValue: () -> [MyPreferenceData]) {
        value.append(contentsOf: nextValue())
    }
}

struct MyFormField: View {
    var fieldValue: String
    let label: String

    var body: some View {
        VStack(alignment: .leading) {
            Text(label)
            TextField("", text: .constant(fieldValue))
                .textFieldStyle(RoundedBorderTextFieldStyle())
                .anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                    return [MyPreferenceData(vtype: .field(self.fieldValue.count), bounds: $0)]
                }
        }
        .padding(15)
        .background(RoundedRectangle(cornerRadius: 15).fill(Color(white: 0.9)))
        .transformAnchorPreference(key: MyPreferenceKey.self, value: .bounds) {
            $0.append(MyPreferenceData(vtype: .fieldContainer, bounds: $1))
        }
    }
}

struct ContentView: View {
    var fieldValues = Array<String>(repeating: "", count: 5)
    var length: Float = 360
    var twitterFieldPreset = false

    var body: some View {

        VStack {
            Spacer()

            HStack(alignment: .center) {

                // The view behind the minimap: its size and position place
                // the minimap's elements.
                Color(white: 0.7)
                    .frame(width: 200)
                    .anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                        return [MyPreferenceData(vtype: .miniMapArea, bounds: $0)]
                    }
                    .padding(.horizontal, 30)

                // The form container
                VStack(alignment: .leading) {
                    // Title
                    VStack {
                        Text("Hello \(fieldValues[0]) \(fieldValues[1]) \(fieldValues[2])")
                            .font(.title).fontWeight(.bold)
                            .anchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                                return [MyPreferenceData.init(vtype: .title, bounds: $0)]
                        }
                        Divider()
                    }

                    // Switch and slider
                    HStack {
                        Toggle(isOn: .constant(twitterFieldPreset)) { Text("") }

                        Slider(value: .constant(length), in: 360...540).layoutPriority(1)
                    }.padding(.bottom, 5)

                    // First row of text fields
                    HStack {
                        MyFormField(fieldValue: fieldValues[0], label: "First Name")
                        MyFormField(fieldValue: fieldValues[1], label: "Middle Name")
                        MyFormField(fieldValue: fieldValues[2], label: "Last Name")
                    }.frame(width: 540)

                    // Second row of text fields
                    HStack {
                        MyFormField(fieldValue: fieldValues[3], label: "Email")

                        if twitterFieldPreset {
                            MyFormField(fieldValue: fieldValues[4], label: "Twitter")
                        }


                    }.frame(width: CGFloat(length))

                }.transformAnchorPreference(key: MyPreferenceKey.self, value: .bounds) {
                    $0.append(MyPreferenceData(vtype: .formContainer, bounds: $1))
                }

                Spacer()

            }
            .overlayPreferenceValue(MyPreferenceKey.self) { preferences in
                GeometryReader { geometry in
                    MiniMap(geometry: geometry, preferences: preferences)
                }
            }

            Spacer()
        }.background(Color(white: 0.8)).edgesIgnoringSafeArea(.all)
    }
}

struct MiniMap: View {
    let geometry: GeometryProxy
    let preferences: [MyPreferenceData]

    var body: some View {
        // The form container's preference
        guard let formContainerAnchor = preferences.first(where: { $0.vtype == .formContainer })?.bounds else { return AnyView(EmptyView()) }

        // The minimap area's preference
        guard let miniMapAreaAnchor = preferences.first(where: { $0.vtype == .miniMapArea })?.bounds else { return AnyView(EmptyView()) }

        // How much the form is scaled down to fit the minimap
        let factor = geometry[formContainerAnchor].size.width / (geometry[miniMapAreaAnchor].size.width - 10.0)

        // Where the form is
        let containerPosition = CGPoint(x: geometry[formContainerAnchor].minX, y: geometry[formContainerAnchor].minY)

        // Where the minimap is
        let miniMapPosition = CGPoint(x: geometry[miniMapAreaAnchor].minX, y: geometry[miniMapAreaAnchor].minY)

        return AnyView(miniMapView(factor, containerPosition, miniMapPosition))
    }

    func miniMapView(_ factor: CGFloat, _ containerPosition: CGPoint, _ miniMapPosition: CGPoint) -> some View {
        ZStack(alignment: .topLeading) {
            // Preferences are walked in reverse so that parents are drawn
            // before (under) their children.
            ForEach(preferences.reversed()) { pref in
                if pref.show() { // some views are not drawn
                    self.rectangleView(pref, factor, containerPosition, miniMapPosition)
                }
            }
        }.padding(5)
    }

    func rectangleView(_ pref: MyPreferenceData, _ factor: CGFloat, _ containerPosition: CGPoint, _ miniMapPosition: CGPoint) -> some View {
        Rectangle()
        .fill(pref.getColor())
        .frame(width: self.geometry[pref.bounds].size.width / factor,
               height: self.geometry[pref.bounds].size.height / factor)
        .offset(x: (self.geometry[pref.bounds].minX - containerPosition.x) / factor + miniMapPosition.x,
                y: (self.geometry[pref.bounds].minY - containerPosition.y) / factor + miniMapPosition.y)
    }

}
