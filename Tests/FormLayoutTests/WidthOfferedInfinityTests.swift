// A node's width for an infinite offer of width is known when it is built,
// where its kind and children decide it (`widthOfferedInfinity`), and
// stacks take it without asking. Each known answer must be what asking the
// node gives, to the bit class (infinite, or NaN), for any height offered.
import Foundation
import Testing
@testable import FormLayout

@Suite("Widths known for an infinite offer")
struct WidthOfferedInfinityTests {
    /// A field as a form draws it: label over text field, padded, on a
    /// background, writing a preference.
    private func field(_ index: Int, alignment: HorizontalAlignment) -> some View {
        VStack(alignment: alignment) {
            Text("Field \(index)")
            TextField("placeholder", text: String(repeating: "x", count: index % 4))
        }
        .padding(CGFloat(index % 3) * 7.5)
        .background(RoundedRectangle(cornerRadius: 15).fill(Color(white: 0.9)))
        .id("f\(index)")
    }

    /// Rows of fields at every built-in alignment, nested stacks, and
    /// views whose width is not known (text alone, a fixed frame, an
    /// `HStack`, infinite padding).
    private var screen: some View {
        VStack(alignment: .leading) {
            ForEach(0..<4, id: \.self) { row in
                HStack {
                    field(3 * row, alignment: .leading)
                    field(3 * row + 1, alignment: .center)
                    field(3 * row + 2, alignment: .trailing)
                }
                .frame(width: 540, height: 94)
            }
            HStack {
                VStack { VStack(alignment: .trailing) { TextField("a", text: "") } }
                VStack(alignment: .center) { Text("only text") }
                TextField("framed", text: "").frame(width: 80)
                HStack { TextField("in a row", text: "") }
                TextField("padded without end", text: "").padding(.horizontal, .infinity)
            }
        }
    }

    @Test("every known answer is the node's own")
    func knownAnswersAreTheNodes() throws {
        let result = ViewHost(screen, windowSize: CGSize(width: 1024, height: 768)).layout()
        let graph = result.graph
        var known: [KnownWidth: Int] = [:]
        for index in 0..<graph.nodes.count {
            let answer = graph.nodes[index].widthOfferedInfinity
            guard answer != .unknown else { continue }
            known[answer, default: 0] += 1
            for height in [nil, 0, 94, CGFloat.infinity] as [CGFloat?] {
                let width = graph.size(of: NodeID(index), ProposedViewSize(width: .infinity, height: height)).width
                switch answer {
                case .infinity: #expect(width == .infinity, "node \(index) (\(graph.nodes[index].kind)) answered \(width)")
                case .notANumber: #expect(width.isNaN, "node \(index) (\(graph.nodes[index].kind)) answered \(width)")
                case .unknown: break
                }
            }
        }
        // Both kinds of answer occur: leading and trailing stacks give NaN,
        // centred ones and bare text fields infinity.
        #expect(known[.infinity, default: 0] > 10 && known[.notANumber, default: 0] > 10)
    }

    @Test("views whose width is not decided by their kinds are asked")
    func undecidedViewsAreAsked() throws {
        let result = ViewHost(
            HStack {
                Text("only text")
                TextField("framed", text: "").frame(width: 80)
                HStack { TextField("in a row", text: "") }
                TextField("padded without end", text: "").padding(.horizontal, .infinity)
            },
            windowSize: CGSize(width: 600, height: 100)).layout()
        let graph = result.graph
        let stack = try #require((0..<graph.nodes.count).last { graph.nodes[$0].kind == .hStack }, "the outer row, built after the one inside it")
        let row = graph.children(of: NodeID(stack))
        #expect(row.count == 4)
        for child in row { #expect(graph.nodes[Int(child)].widthOfferedInfinity == .unknown, "\(graph.nodes[Int(child)].kind)") }
    }
}
