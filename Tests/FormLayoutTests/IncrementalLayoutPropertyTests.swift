// Incremental layout (issue 49): random trees of stacks, texts, frames and
// paddings, every view named, and random changes that resize (a text that
// grows or shrinks or wraps, a view inserted into a stack or removed from
// one, a container replaced by another); after each change the retained
// layout must equal a new layout of the changed root, node for node and
// bit for bit in every frame, display item and reported anchor. Some stacks
// are long (16 children or more), so that sizing them again from their
// children's kept answers (`ClimbedStack`) is compared too.
//
// CI runs 200 trees of 8 changes each; INCREMENTAL_PROPERTY_TREES=1000
// runs more by hand.
import Foundation
import Testing
import FormLayout

/// Every reporting view's name with its bounds, in code order.
private struct BoundsKey: PreferenceKey {
    static var defaultValue: [Reported] = []
    static func reduce(value: inout [Reported], nextValue: () -> [Reported]) { value.append(contentsOf: nextValue()) }
}

private struct Reported {
    let name: Int
    let bounds: Anchor<CGRect>
}

/// One view of a random tree, as data.
private struct Model {
    enum Kind {
        case text(String)
        case field(String)
        case swatch(width: CGFloat, height: CGFloat)
        case hStack(spacing: CGFloat?)
        case vStack(alignment: Int, spacing: CGFloat?)
        case zStack
    }

    var name: Int
    var kind: Kind
    var children: [Model] = []
    var padding: CGFloat = 0
    var fixedWidth: CGFloat? = nil
    var fillsWidth = false
    var hasBackground = false

    var isContainer: Bool {
        switch kind {
        case .hStack, .vStack, .zStack: true
        default: false
        }
    }
}

/// The view a model stands for; every child named by its model's name.
private struct ModelView: View {
    let model: Model

    var body: some View {
        decorated(content)
    }

    private var content: AnyView {
        switch model.kind {
        case .text(let string):
            AnyView(Text(string).anchorPreference(key: BoundsKey.self, value: .bounds) { [name = model.name] in [Reported(name: name, bounds: $0)] })
        case .field(let text):
            AnyView(TextField("", text: text))
        case .swatch(let width, let height):
            AnyView(Color.gray.frame(width: width, height: height))
        case .hStack(let spacing):
            AnyView(HStack(spacing: spacing) { children })
        case .vStack(let alignment, let spacing):
            AnyView(VStack(alignment: [HorizontalAlignment.leading, .center, .trailing][alignment % 3], spacing: spacing) { children })
        case .zStack:
            AnyView(ZStack { children })
        }
    }

    private var children: some View {
        ForEach(model.children.indices, id: \.self) { index in
            ModelView(model: model.children[index]).id(model.children[index].name)
        }
    }

    private func decorated(_ view: AnyView) -> AnyView {
        var view = view
        if model.padding > 0 { view = AnyView(view.padding(model.padding)) }
        if let width = model.fixedWidth { view = AnyView(view.frame(width: width)) }
        if model.fillsWidth { view = AnyView(view.frame(maxWidth: .infinity)) }
        if model.hasBackground { view = AnyView(view.background(Color(white: 0.9))) }
        if model.isContainer {
            view = AnyView(view.transformAnchorPreference(key: BoundsKey.self, value: .bounds) { [name = model.name] in
                $0.append(Reported(name: name, bounds: $1))
            })
        }
        return view
    }
}

/// The root: the tree, with a summary drawn over it from its reports (as
/// formctl's minimap is), in a window that may grow to fit it.
private struct Root: View {
    let model: Model

    var body: some View {
        ModelView(model: model)
            .overlayPreferenceValue(BoundsKey.self) { reports in
                GeometryReader { proxy in
                    ForEach(reports.indices, id: \.self) { index in
                        Color.black.frame(width: 2, height: 2)
                            .position(x: proxy[reports[index].bounds].midX, y: proxy[reports[index].bounds].midY)
                    }
                }
            }
    }
}

/// A small fast generator with a seed, so that a failure can be replayed.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private let words = ["Hello", "first", "middle", "last", "a", "longer phrase that wraps", "Ünïcödé", "東京", "", "x"]

private struct TreeMaker {
    var random: SplitMix
    var nextName = 1

    mutating func name() -> Int {
        defer { nextName += 1 }
        return nextName
    }

    mutating func text() -> String {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
    }

    mutating func leaf() -> Model {
        var model: Model
        switch Int.random(in: 0..<3, using: &random) {
        case 0: model = Model(name: name(), kind: .text(text()))
        case 1: model = Model(name: name(), kind: .field(text()))
        default: model = Model(name: name(), kind: .swatch(width: CGFloat(Int.random(in: 1...80, using: &random)), height: height()))
        }
        decorate(&model)
        return model
    }

    /// A swatch's height: in halves of a point, or now and then in tenths,
    /// which no double holds exactly (a long stack then adds its children
    /// up again rather than keep their sum, `ClimbedStack.keptSums`).
    mutating func height() -> CGFloat {
        CGFloat(Int.random(in: 1...40, using: &random)) / (Int.random(in: 0..<4, using: &random) == 0 ? 10 : 2)
    }

    mutating func tree(depth: Int) -> Model {
        guard depth > 0, Int.random(in: 0..<4, using: &random) > 0 else { return leaf() }
        let kind: Model.Kind
        let spacing: CGFloat? = Bool.random(using: &random) ? nil : CGFloat(Int.random(in: 0...12, using: &random))
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: kind = .vStack(alignment: Int.random(in: 0..<3, using: &random), spacing: spacing)
        case 2, 3: kind = .hStack(spacing: spacing)
        default: kind = .zStack
        }
        var model = Model(name: name(), kind: kind)
        // Now and then a long stack, whose children's answers are kept
        // between changes (16 children or more: `ClimbedStack`).
        let count = Int.random(in: 0..<6, using: &random) == 0 ? Int.random(in: 16...24, using: &random) : Int.random(in: 0...4, using: &random)
        model.children = (0..<count).map { _ in tree(depth: count > 4 ? min(depth - 1, 1) : depth - 1) }
        decorate(&model)
        return model
    }

    mutating func decorate(_ model: inout Model) {
        if Int.random(in: 0..<4, using: &random) == 0 { model.padding = CGFloat(Int.random(in: 1...15, using: &random)) / 2 }
        if Int.random(in: 0..<6, using: &random) == 0 { model.fixedWidth = CGFloat(Int.random(in: 40...300, using: &random)) }
        if Int.random(in: 0..<6, using: &random) == 0 { model.fillsWidth = true }
        if Int.random(in: 0..<5, using: &random) == 0 { model.hasBackground = true }
    }
}

/// The paths (child indices from the root) of every view but the root.
private func paths(in model: Model, at path: [Int] = []) -> [[Int]] {
    model.children.indices.flatMap { [path + [$0]] + paths(in: model.children[$0], at: path + [$0]) }
}

private func model(_ root: Model, at path: [Int]) -> Model {
    path.reduce(root) { $0.children[$1] }
}

private func modify(_ root: inout Model, at path: [Int], _ change: (inout Model) -> Void) {
    guard let first = path.first else { return change(&root) }
    modify(&root.children[first], at: Array(path.dropFirst()), change)
}

/// Whether two trees have the same kinds, labels and frames, to the bit.
private func sameTree(_ a: LayoutTree, _ b: LayoutTree) -> Bool {
    func bits(_ r: CGRect) -> [UInt] { [r.origin.x.bitPattern, r.origin.y.bitPattern, r.size.width.bitPattern, r.size.height.bitPattern] }
    guard a.kind == b.kind, a.label == b.label, bits(a.frame) == bits(b.frame), a.children.count == b.children.count else { return false }
    return zip(a.children, b.children).allSatisfy(sameTree)
}

private func reports(_ result: LayoutResult) -> [String] {
    result.preference(BoundsKey.self).map {
        let r = result.resolve($0.bounds)
        return "\($0.name) \(r.origin.x.bitPattern) \(r.origin.y.bitPattern) \(r.size.width.bitPattern) \(r.size.height.bitPattern)"
    }
}

@Suite("Incremental layout: random changes that resize equal a new layout")
struct IncrementalLayoutPropertyTests {
    static var treeCount: Int {
        ProcessInfo.processInfo.environment["INCREMENTAL_PROPERTY_TREES"].flatMap(Int.init) ?? 200
    }

    @Test("random trees, random changes: the same layout as from scratch, bit for bit")
    func randomChanges() {
        var incremental = 0, fallbacks = 0, resized = 0, keptAnswers = 0, keptPlacements = 0
        // INCREMENTAL_PROPERTY_SEED=N runs the tree a failure named alone.
        let seeds = ProcessInfo.processInfo.environment["INCREMENTAL_PROPERTY_SEED"].flatMap(UInt64.init).map { $0...$0 }
            ?? 0...UInt64(max(0, Self.treeCount - 1))
        for seed in seeds {
            var maker = TreeMaker(random: SplitMix(state: seed &* 7919 &+ 1))
            var root = Model(name: 0, kind: .vStack(alignment: Int(seed % 3), spacing: nil))
            root.children = (0..<Int.random(in: 1...5, using: &maker.random)).map { _ in maker.tree(depth: 3) }
            let grows = seed % 2 == 0
            let window = CGSize(width: CGFloat(Int.random(in: 120...500, using: &maker.random)), height: grows ? 100 : 400)
            let retained = RetainedLayout(Root(model: root), windowSize: window, growsToFit: grows)
            for step in 0..<8 {
                let all = paths(in: root)
                guard let path = all.randomElement(using: &maker.random) else { break }
                let target = model(root, at: path)
                var done = false
                switch Int.random(in: 0..<4, using: &maker.random) {
                case 0:
                    // Another text, field value or size: the view replaced.
                    var changed = target
                    switch target.kind {
                    case .text: changed.kind = .text(maker.text())
                    case .field: changed.kind = .field(maker.text())
                    case .swatch(let width, _): changed.kind = .swatch(width: width, height: maker.height())
                    default: changed.padding = CGFloat(Int.random(in: 0...8, using: &maker.random))
                    }
                    modify(&root, at: path) { $0 = changed }
                    done = retained.update(replacing: target.name, with: ModelView(model: changed), in: Root(model: root))
                    // Twice: the name names the view put in its place.
                    if done, Bool.random(using: &maker.random) {
                        done = retained.update(replacing: target.name, with: ModelView(model: changed), in: Root(model: root))
                    }
                case 1:
                    // A new view after it (in a container: its parent).
                    let new = maker.tree(depth: 1)
                    modify(&root, at: Array(path.dropLast())) { $0.children.insert(new, at: path.last! + 1) }
                    done = retained.insert(ModelView(model: new).id(new.name), after: target.name, in: Root(model: root))
                case 2:
                    let new = maker.tree(depth: 1)
                    modify(&root, at: Array(path.dropLast())) { $0.children.insert(new, at: path.last!) }
                    done = retained.insert(ModelView(model: new).id(new.name), before: target.name, in: Root(model: root))
                default:
                    modify(&root, at: Array(path.dropLast())) { $0.children.remove(at: path.last!) }
                    done = retained.remove(viewWithID: target.name, in: Root(model: root))
                }
                if done { incremental += 1 } else {
                    fallbacks += 1
                    keptAnswers += retained.stacksSizedFromKeptAnswers   // a new layout starts again from 0
                    keptPlacements += retained.stacksPlacedAroundTheirChange
                    retained.update(Root(model: root))
                }
                let fresh = ViewHost(Root(model: root), windowSize: window, growsToFit: grows).layout()
                let kept = retained.result
                // Compared first, so that a failure names the seed rather than printing both layouts.
                let (frames, drawn, reported) = (sameTree(kept.tree, fresh.tree), kept.displayList == fresh.displayList,
                                                 reports(kept) == reports(fresh))
                #expect(frames, "seed \(seed) step \(step): frames differ")
                if !frames, ProcessInfo.processInfo.environment["INCREMENTAL_PROPERTY_SEED"] != nil {
                    print("kept:\n\(kept.tree)\nnew:\n\(fresh.tree)")
                }
                #expect(drawn, "seed \(seed) step \(step): display lists differ")
                #expect(reported, "seed \(seed) step \(step): reports differ")
                if !(frames && drawn && reported) { return }
            }
            resized += retained.counts.resized
            keptAnswers += retained.stacksSizedFromKeptAnswers
            keptPlacements += retained.stacksPlacedAroundTheirChange
        }
        print("incremental layout property test: \(incremental) changes made incrementally (\(resized) resized), \(fallbacks) laid out from scratch,"
              + " \(keptAnswers) long stacks sized from their children's kept answers,"
              + " \(keptPlacements) placed again around their changed child alone")
        // Most changes are made incrementally; what is refused is laid out again.
        #expect(incremental > fallbacks, "incremental \(incremental), from scratch \(fallbacks)")
        #expect(resized > incremental / 2)
        // Long stacks were sized again from the answers kept (`ClimbedStack`), and still equalled a new layout.
        #expect(keptAnswers > 0)
        #expect(keptPlacements > 0)
    }
}
