// `FormElement.backToFront` against its definition written plainly: the
// boxes kept open by key, as it was first written. Random lists of
// elements, valid preference orders or not, must give the same order.
import Foundation
@testable import FormLayout
@testable import FormScreens
import FormModel
import Testing

@Suite("FormElement.backToFront against its plain definition")
struct BackToFrontTests {
    /// The order by the definition: each box, when it comes, goes before
    /// the open trees it holds (a field's container before its field, a
    /// group's box before what lies within its path).
    static func definition(_ elements: [FormElement]) -> [Int] {
        var order: [Int] = []
        var open: [(key: String?, isField: Bool, start: Int)] = []
        for index in elements.indices where elements[index].isShownInMinimap {
            var start = order.count
            var key: String?
            var isField = false
            switch elements[index].kind {
            case .field(let fieldKey, _):
                (key, isField) = (fieldKey, true)
            case .fieldContainer(let fieldKey):
                key = fieldKey
                if let last = open.last, last.isField, last.key == fieldKey {
                    start = last.start
                    open.removeLast()
                }
            case .group(let path):
                key = path
                while let last = open.last, let inner = last.key, FieldPath.isWithin(inner, path) {
                    start = last.start
                    open.removeLast()
                }
            default:
                key = nil
            }
            order.insert(index, at: start)
            open.append((key, isField, start))
        }
        return order
    }

    static let keys = ["a", "b", "g", "g.a", "g.h", "g.h.a", "r", "r.1", "r.1.a", "r.2", "r.2.a", "r.10", "r.10.a", "é", "é.a"]

    static func randomElement(using random: inout some RandomNumberGenerator) -> FormElement {
        let key = keys.randomElement(using: &random) ?? "a"
        let kind: FormElement.Kind = switch Int.random(in: 0..<10, using: &random) {
        case 0...2: .field(key: key, state: .valid)
        case 3...5: .fieldContainer(key: key)
        case 6...7: .group(path: key)
        case 8: .title
        default: Bool.random(using: &random) ? .formContainer : .miniMapArea
        }
        return FormElement(kind: kind, bounds: Anchor(globalValue: CGRect(x: 0, y: 0, width: 1, height: 1)))
    }

    @Test("random lists give the definition's order")
    func randomLists() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let elements = (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.randomElement(using: &random) }
            let order = FormElement.backToFront(elements)
            #expect(order == Self.definition(elements), "\(elements.map(\.kind))")
        }
    }

    @Test("a form's own order: fields under their containers, boxes under what they hold")
    func aFormsOrder() {
        let anchor = Anchor(globalValue: CGRect.zero)
        let elements = [
            FormElement(kind: .miniMapArea, bounds: anchor), FormElement(kind: .title, bounds: anchor),
            FormElement(kind: .field(key: "a", state: .empty), bounds: anchor), FormElement(kind: .fieldContainer(key: "a"), bounds: anchor),
            FormElement(kind: .field(key: "r.1.a", state: .empty), bounds: anchor), FormElement(kind: .fieldContainer(key: "r.1.a"), bounds: anchor),
            FormElement(kind: .group(path: "r.1"), bounds: anchor), FormElement(kind: .formContainer, bounds: anchor),
        ]
        #expect(FormElement.backToFront(elements) == [1, 3, 2, 6, 5, 4])
    }
}
