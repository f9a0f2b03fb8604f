/// The views named with `id(_:)`, recorded so that a `RetainedLayout` can
/// build one again where it was (`ViewGraph+InPlaceUpdate.swift`).
extension _ViewGraph {
    /// What a view was built in, besides its own value: the state building
    /// carries down the tree. A view built again in place is built in it.
    @usableFromInline
    struct BuildContext {
        let environment: EnvironmentValues
        let axis: AxisContext
        let isGridContent: Bool
        /// False inside a `ViewModifier`'s body, whose `content` stands for
        /// a view built elsewhere: such a view is not built again alone.
        let isRebuildable: Bool
    }

    /// A named view: the nodes it put into the tree, and what it was built in.
    struct IdentityRecord {
        /// The first node, and the others of a view of several (a group):
        /// a form names thousands of views of one node each, and an array
        /// each would be as many allocations.
        var first: NodeID
        var others: [NodeID]
        let context: BuildContext

        var nodes: [NodeID] { first < 0 ? [] : [first] + others }
    }

    @usableFromInline
    var buildContext: BuildContext {
        BuildContext(environment: environment, axis: axisContext, isGridContent: isBuildingGridContent,
                     isRebuildable: modifiedContents.isEmpty)
    }

    /// Records that the view named `id` built `output[mark...]` in `context`.
    @usableFromInline
    func recordIdentity(_ id: IdentityKey, context: BuildContext, builtFrom mark: Int) {
        let first = mark < output.count ? output[mark] : -1
        let others = mark + 1 < output.count ? output.elements(from: mark + 1) : []
        let record = IdentityRecord(first: first, others: others, context: context)
        if rebuiltIdentities != nil {
            rebuiltIdentities?[id] = record
        } else {
            namedViews.append(id, record)
        }
    }

    /// The view named `id`; nil when no view, or more than one, has it, or
    /// when the view was taken out of the tree (`ViewGraph+Resize.swift`).
    func namedView(_ id: AnyHashable) -> IdentityRecord? {
        namedView(IdentityKey(id))
    }

    /// `namedView(_:)` by key.
    func namedView(_ key: IdentityKey) -> IdentityRecord? {
        guard let record = namedViews.record(key), record.first >= 0, isAttached(record.first) else { return nil }
        return record
    }

    /// Whether `id` is still in the tree: no ancestor of it (nor itself)
    /// was taken out by an incremental change, which marks the top of
    /// what it takes out with the parent `detachedParent`.
    func isAttached(_ id: NodeID) -> Bool {
        var current = id
        while true {
            let parent = nodes[Int(current)].parent
            if parent == Self.detachedParent { return false }
            if parent < 0 { return true }
            current = parent
        }
    }

    /// The parent of a view taken out of the tree.
    static let detachedParent: NodeID = -2

    /// Builds `view` as it was built in `context`, pushing its nodes to `output`.
    func make<V: View>(_ view: V, in context: BuildContext) {
        let saved = (environment, axisContext, isBuildingGridContent)
        (environment, axisContext, isBuildingGridContent) = (context.environment, context.axis, context.isGridContent)
        make(view)
        (environment, axisContext, isBuildingGridContent) = saved
    }
}

/// An id given with `id(_:)`. Strings, the usual ids, are kept as they
/// are: boxing each in an `AnyHashable` looked the box's generic type up at
/// run time, a quarter of what naming a form's fields cost.
@usableFromInline
enum IdentityKey: Hashable {
    case string(String)
    case other(AnyHashable)

    /// Written out: the synthesised comparison copied both keys into a
    /// pair first (each string retained and released), for every entry a
    /// lookup in the names index probes.
    @usableFromInline static func == (a: IdentityKey, b: IdentityKey) -> Bool {
        switch a {
        case .string(let x):
            guard case .string(let y) = b else { return false }
            return x == y
        case .other(let x):
            guard case .other(let y) = b else { return false }
            return x == y
        }
    }

    /// As the synthesised one (the case, then its value), to go with `==`.
    @usableFromInline func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let string):
            hasher.combine(0)
            hasher.combine(string)
        case .other(let other):
            hasher.combine(1)
            hasher.combine(other)
        }
    }

    /// The id as it was given (a string as a string).
    var value: AnyHashable {
        switch self {
        case .string(let string): AnyHashable(string)
        case .other(let other): other
        }
    }

    @inlinable
    init<ID: Hashable>(_ id: ID) {
        if let string = id as? String {
            self = .string(string)
        } else if let any = id as? AnyHashable {
            self = (any.base as? String).map(IdentityKey.string) ?? .other(any)
        } else {
            self = .other(AnyHashable(id))
        }
    }
}

/// The named views of a layout, in the order they were built. The index
/// by id is made at the first lookup: a layout made again after each
/// change (a new title, a field shown) is never looked up in.
struct NamedViews {
    private var keys: [IdentityKey] = []
    private var records: [_ViewGraph.IdentityRecord] = []
    /// Each id's place in `records`, or -1 when two views have it; made
    /// at the first lookup (`isIndexed`).
    private var index: [IdentityKey: Int] = [:]
    private var isIndexed = false

    mutating func append(_ key: IdentityKey, _ record: _ViewGraph.IdentityRecord) {
        (index, isIndexed) = ([:], false)
        byNode = nil
        keys.append(key)
        records.append(record)
    }

    /// Replaces the record of `key` (a view built again in place).
    mutating func replace(_ key: IdentityKey, with record: _ViewGraph.IdentityRecord) {
        guard let position = lookUp(key) else { return }
        forgetNodes(of: position)
        records[position] = record
        rememberNodes(of: position)
    }

    /// Replaces the record of `key`, or adds it when no view had the name
    /// (a view built by an incremental change, which may be new); a name
    /// two views have stays ambiguous.
    mutating func upsert(_ key: IdentityKey, _ record: _ViewGraph.IdentityRecord) {
        makeIndex()
        // One access that finds the name or makes its entry: hashing a key
        // is most of what naming an added instance's fields costs.
        let newPosition = records.count
        var found: Int?
        Self.update(&index[key, default: Int.min]) { slot in
            if slot == Int.min { slot = newPosition } else { found = slot }
        }
        switch found {
        case let position? where position >= 0:
            forgetNodes(of: position)
            records[position] = record
            rememberNodes(of: position)
        case nil:
            keys.append(key)
            records.append(record)
            rememberNodes(of: newPosition)
        default:
            break
        }
    }

    /// Runs `body` on `value` in place (a dictionary's entry, found or made
    /// with one hash).
    private static func update<Value>(_ value: inout Value, _ body: (inout Value) -> Void) { body(&value) }

    /// Appends to `names` the names whose view starts with node `id`
    /// (usually none or one). Appended rather than returned: it is asked of
    /// every node a change placed again, and nearly all have none.
    mutating func appendNames(at id: NodeID, to names: inout [IdentityKey]) {
        if byNode == nil {
            byNode = []
            for position in records.indices { rememberNodes(of: position) }
        }
        guard let position = name(at: id) else { return }
        if position >= 0 {
            names.append(keys[position])
        } else {
            for shared in sharedNodes[id, default: []] { names.append(keys[shared]) }
        }
    }

    /// Each top node of a named view, by node id, with the name's place in
    /// `records` (-1 when several names start at the node: `sharedNodes`
    /// has them; `noName` for none); made when first asked
    /// (`appendNames(at:to:)`), kept up to date after. An array rather
    /// than a dictionary: it is read for every node a change places again,
    /// a few hundred per instance added.
    private var byNode: [Int32]?
    private static let noName = Int32.min
    private var sharedNodes: [NodeID: [Int]] = [:]

    /// The place in `records` of the name starting at `node` (-1: several), or nil.
    private func name(at node: NodeID) -> Int? {
        guard node >= 0, let byNode, Int(node) < byNode.count, byNode[Int(node)] != Self.noName else { return nil }
        return Int(byNode[Int(node)])
    }

    /// Records `position` (nil: none) as the name starting at `node`.
    private mutating func setName(_ position: Int?, at node: NodeID) {
        guard node >= 0, let count = byNode?.count else { return }
        let index = Int(node)
        if index >= count {
            guard position != nil else { return }
            byNode?.append(contentsOf: repeatElement(Self.noName, count: index + 1 - count))
        }
        byNode?[index] = position.map { Int32($0) } ?? Self.noName
    }

    private mutating func rememberNodes(of position: Int) {
        guard byNode != nil else { return }
        for node in records[position].nodes {
            if let existing = name(at: node), existing != position {
                if existing >= 0 { sharedNodes[node] = [existing] }
                sharedNodes[node, default: []].append(position)
                setName(-1, at: node)
            } else {
                setName(position, at: node)
            }
        }
    }

    private mutating func forgetNodes(of position: Int) {
        guard byNode != nil else { return }
        for node in records[position].nodes {
            if name(at: node) == position {
                setName(nil, at: node)
            } else if var shared = sharedNodes[node] {
                shared.removeAll { $0 == position }
                sharedNodes[node] = shared
            }
        }
    }

    mutating func record(_ key: IdentityKey) -> _ViewGraph.IdentityRecord? {
        lookUp(key).map { records[$0] }
    }

    private mutating func lookUp(_ key: IdentityKey) -> Int? {
        makeIndex()
        guard let position = index[key], position >= 0 else { return nil }
        return position
    }

    /// Makes `index` when it is not made yet.
    private mutating func makeIndex() {
        guard !isIndexed else { return }
        var made: [IdentityKey: Int] = [:]
        made.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            made[key] = made[key] == nil ? position : -1
        }
        (index, isIndexed) = (made, true)
    }
}
