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
        switch node.kind {
        case .preferenceWriter:
            let below = preferenceValue(key, of: firstChild(of: id))
            let writer = writers[Int(node.payload)]
            guard writer.keyID == ObjectIdentifier(Key.self) else { return below }
            let typed = unsafeDowncast(writer, to: PreferenceWriter<Key>.self)
            var value = writer.replaces ? Key.defaultValue : (below ?? Key.defaultValue)
            typed.write(&value, frames[Int(id)])
            return value
        case .background, .preferenceBackground:
            let children = self.children(of: id)
            guard children.count == 2 else { return preferenceValue(key, of: children[children.startIndex]) }
            var merged: Key.Value? = nil
            merge(&merged, preferenceValue(key, of: children[children.startIndex + 1]), key)
            merge(&merged, preferenceValue(key, of: children[children.startIndex]), key)
            return merged
        default:
            var merged: Key.Value? = nil
            for child in children(of: id) {
                merge(&merged, preferenceValue(key, of: child), key)
            }
            return merged
        }
    }

    @inline(__always)
    private func merge<Key: PreferenceKey>(_ merged: inout Key.Value?, _ next: Key.Value?, _ key: Key.Type) {
        guard let next else { return }
        if merged == nil {
            merged = next
        } else {
            Key.reduce(value: &merged!) { next }
        }
    }

    /// Calls every `onPreferenceChange` action, children first.
    func notifyObservers(from id: NodeID) {
        for child in children(of: id) { notifyObservers(from: child) }
        let node = nodes[Int(id)]
        if node.kind == .preferenceObserver {
            changeObservers[Int(node.payload)].notify(graph: self, node: id)
        }
    }
}
