import Testing
@testable import FormLayout

@Test func scratchPrint() {
    let result = ViewHost(ContentView(fieldValues: ["Jo", "", "Smith", "a@b.co", ""]), windowSize: CGSize(width: 1024, height: 768)).layout()
    print(result.tree)
    for item in result.displayList.items { print(item.z, item.frame, item.shape, item.fill) }
    print(result.preference(MyPreferenceKey.self).map { "\($0.vtype) \($0.bounds.globalValue)" })
}
