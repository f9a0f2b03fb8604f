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
        let others = mark + 1 < output.count ? Array(output[(mark + 1)...]) : []
        let record = IdentityRecord(first: first, others: others, context: context)
        if rebuiltIdentities != nil {
            rebuiltIdentities?[id] = record
        } else {
            namedViews.append(id, record)
        }
    }

    /// The view named `id`; nil when no view, or more than one, has it.
    func namedView(_ id: AnyHashable) -> IdentityRecord? {
        namedViews.record(IdentityKey(id))
    }

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
    /// Each id's place in `records`, or -1 when two views have it.
    private var index: [IdentityKey: Int]?

    mutating func append(_ key: IdentityKey, _ record: _ViewGraph.IdentityRecord) {
        index = nil
        keys.append(key)
        records.append(record)
    }

    /// Replaces the record of `key` (a view built again in place).
    mutating func replace(_ key: IdentityKey, with record: _ViewGraph.IdentityRecord) {
        guard let position = lookUp(key) else { return }
        records[position] = record
    }

    mutating func record(_ key: IdentityKey) -> _ViewGraph.IdentityRecord? {
        lookUp(key).map { records[$0] }
    }

    private mutating func lookUp(_ key: IdentityKey) -> Int? {
        if index == nil {
            var made: [IdentityKey: Int] = [:]
            made.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() {
                made[key] = made[key] == nil ? position : -1
            }
            index = made
        }
        guard let position = index?[key], position >= 0 else { return nil }
        return position
    }
}
