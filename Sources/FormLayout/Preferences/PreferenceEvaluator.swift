/// Collects preference values up the tree once it is laid out.
extension _ViewGraph {
    /// The value of `Key` that the subtree at `id` produces, or nil when no
    /// view in it writes `Key`.
    ///
    /// Children are visited before their parents and siblings in code order,
    /// so closures run in that order (seed 002); the first value met is kept
    /// as it is and `reduce` folds in each later one (seed 000). A
    /// background's values come before its host's, an overlay's after.
    func preferenceValue<Key: PreferenceKey>(_ key: Key.Type, of id: NodeID) -> Key.Value? {
        let node = nodes[Int(id)]
        guard node.subtreeWrites else { return nil }
        switch node.kind.preferenceRole {
        case .writes:
            var below = childValue(key, of: firstChild(of: id))
            let slot = writers[Int(node.payload)]
            guard slot.keyID == ObjectIdentifier(Key.self) else { return below }
            return written(key, at: slot, below: &below, writer: id)
        case .secondaryFirst, .hostFirst:
            // Only a view built from preferences keeps its host's value
            // (`PreferenceView`): a form has a background per field, each
            // a dictionary lookup for nothing.
            let host = childIDs[Int(node.childStart)]
            var hostValue: Key.Value?
            if node.kind.buildsFromPreferences, let memo = preferenceMemo[host] as? PreferenceMemo<Key> {
                hostValue = memo.value
            } else {
                hostValue = childValue(key, of: host)
            }
            guard node.childCount == 2 else { return hostValue }
            let secondaryValue = childValue(key, of: childIDs[Int(node.childStart) + 1])
            // One value alone is what merging would give: a merge starts
            // from the key's default (retained, and released again).
            guard let secondaryValue else { return hostValue }
            guard let hostValue else { return secondaryValue }
            var merged = Merged<Key>(in: self, siblings: 2)
            if node.kind.preferenceRole == .secondaryFirst {
                merged.add(secondaryValue)
                merged.add(hostValue)
            } else {
                merged.add(hostValue)
                merged.add(secondaryValue)
            }
            return merged.result
        case .mergesChildren, .observes:
            let children = children(of: id)
            // An only child's value is the merge's (see above).
            if children.count == 1 { return childValue(key, of: children[children.startIndex]) }
            var merged = Merged<Key>(in: self, siblings: children.count)
            for index in children.indices { merged.add(childValue(key, of: children[index])) }
            return merged.result
        }
    }

    /// `preferenceValue` of a child, without a call for a subtree that
    /// writes nothing: most children are such (a field's label, its
    /// control, its background), and each call was a hundred instructions.
    @inline(__always)
    private func childValue<Key: PreferenceKey>(_ key: Key.Type, of id: NodeID) -> Key.Value? {
        nodes[Int(id)].subtreeWrites ? preferenceValue(key, of: id) : nil
    }

    /// Calls every `onPreferenceChange` action, children first.
    func notifyObservers(from id: NodeID) {
        for child in children(of: id) { notifyObservers(from: child) }
        let node = nodes[Int(id)]
        if node.kind.preferenceRole == .observes {
            changeObservers[Int(node.payload)].notify(graph: self, node: id)
        }
    }
}

/// A host's value of `Key`, kept from building a preference view so that
/// collecting the root's value does not walk the host's subtree again.
final class PreferenceMemo<Key: PreferenceKey> {
    let value: Key.Value?
    init(_ value: Key.Value?) { self.value = value }
}
