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
        var nodes: [NodeID]
        let context: BuildContext
        /// True when two views had the id: then it names neither.
        var isAmbiguous = false
    }

    @usableFromInline
    var buildContext: BuildContext {
        BuildContext(environment: environment, axis: axisContext, isGridContent: isBuildingGridContent,
                     isRebuildable: modifiedContents.isEmpty)
    }

    /// Records that the view named `id` built `output[mark...]` in `context`.
    @usableFromInline
    func recordIdentity(_ id: AnyHashable, context: BuildContext, builtFrom mark: Int) {
        let record = IdentityRecord(nodes: Array(output[mark...]), context: context)
        if rebuiltIdentities != nil {
            rebuiltIdentities?[id] = record
        } else if identities[id] != nil {
            identities[id]?.isAmbiguous = true
        } else {
            identities[id] = record
        }
    }

    /// Builds `view` as it was built in `context`, pushing its nodes to `output`.
    func make<V: View>(_ view: V, in context: BuildContext) {
        let saved = (environment, axisContext, isBuildingGridContent)
        (environment, axisContext, isBuildingGridContent) = (context.environment, context.axis, context.isGridContent)
        make(view)
        (environment, axisContext, isBuildingGridContent) = saved
    }
}
