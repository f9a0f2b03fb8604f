/// A preference written by one node. `replaces` writers start from the key's
/// default and hide what their subtree produced (`preference`,
/// `anchorPreference`); the others start from the subtree's value and edit
/// it (`transformPreference`, `transformAnchorPreference`).
class AnyPreferenceWriter {
    let keyID: ObjectIdentifier
    let replaces: Bool
    init(keyID: ObjectIdentifier, replaces: Bool) {
        self.keyID = keyID
        self.replaces = replaces
    }
}

final class PreferenceWriter<Key: PreferenceKey>: AnyPreferenceWriter {
    /// Writes into `value`, given the writer's frame in the window.
    let write: (inout Key.Value, CGRect) -> Void
    init(replaces: Bool, write: @escaping (inout Key.Value, CGRect) -> Void) {
        self.write = write
        super.init(keyID: ObjectIdentifier(Key.self), replaces: replaces)
    }
}

/// Writes a key's value: behind `preference`, `anchorPreference` and their transform forms.
package struct PreferenceWriterModifier<Key: PreferenceKey>: UnaryNodeModifier {
    let writer: PreferenceWriter<Key>
    var kind: NodeKind { .preferenceWriter }
    func addPayload(to graph: _ViewGraph) -> Int { graph.writers.appendIndex(writer) }
}

/// Calls an action with a key's value once the tree is laid out.
class AnyPreferenceObserver {
    func notify(graph: _ViewGraph, node: NodeID) {}
}

final class PreferenceObserver<Key: PreferenceKey>: AnyPreferenceObserver where Key.Value: Equatable {
    let action: (Key.Value) -> Void
    init(action: @escaping (Key.Value) -> Void) { self.action = action }
    override func notify(graph: _ViewGraph, node: NodeID) {
        action(graph.preferenceValue(Key.self, of: graph.firstChild(of: node)) ?? Key.defaultValue)
    }
}

/// Behind `onPreferenceChange`.
package struct PreferenceObserverModifier<Key: PreferenceKey>: UnaryNodeModifier where Key.Value: Equatable {
    let observer: PreferenceObserver<Key>
    var kind: NodeKind { .preferenceObserver }
    func addPayload(to graph: _ViewGraph) -> Int { graph.changeObservers.appendIndex(observer) }
}

/// Builds a view from a key's value over (or behind) its host.
class AnyPreferenceView {
    func makeView(graph: _ViewGraph, host: NodeID) -> NodeID { fatalError("abstract") }
}

final class PreferenceView<Key: PreferenceKey, Content: View>: AnyPreferenceView {
    /// Reads the host's value; made where the modifier is applied, so that
    /// the walk is compiled for the concrete key rather than generically.
    let read: (_ViewGraph, NodeID) -> Key.Value?
    let transform: (Key.Value) -> Content
    init(read: @escaping (_ViewGraph, NodeID) -> Key.Value?, transform: @escaping (Key.Value) -> Content) {
        self.read = read
        self.transform = transform
    }
    override func makeView(graph: _ViewGraph, host: NodeID) -> NodeID {
        let computed = read(graph, host)
        graph.preferenceMemo[host] = PreferenceMemo<Key>(computed)
        let value = computed ?? Key.defaultValue
        return graph.makeImplicitZStack(transform(value), alignment: .center)
    }
}

/// Behind `overlayPreferenceValue` and `backgroundPreferenceValue`.
package struct PreferenceViewModifier<Key: PreferenceKey, Content: View>: UnaryNodeModifier {
    let kind: NodeKind
    let view: PreferenceView<Key, Content>
    func addPayload(to graph: _ViewGraph) -> Int { graph.preferenceViews.appendIndex(view) }
}

extension View {
    /// Sets `key` to `value`, replacing what the view's subtree produced for it.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        modified(PreferenceWriterModifier(writer: PreferenceWriter<K>(replaces: true) { stored, _ in stored = value }))
    }

    /// Edits the subtree's value of `key` (the default when it wrote none).
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        modified(PreferenceWriterModifier(writer: PreferenceWriter<K>(replaces: false) { stored, _ in callback(&stored) }))
    }

    /// Sets `key` from an anchor of this view, replacing what its subtree produced.
    public func anchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        modified(PreferenceWriterModifier(writer: PreferenceWriter<K>(replaces: true) { stored, frame in
            stored = transform(value.anchor(in: frame))
        }))
    }

    /// Edits the subtree's value of `key` with an anchor of this view.
    public func transformAnchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> some View {
        modified(PreferenceWriterModifier(writer: PreferenceWriter<K>(replaces: false) { stored, frame in
            transform(&stored, value.anchor(in: frame))
        }))
    }

    /// Calls `action` with the subtree's value of `key` after layout, and
    /// again after each later layout in which the value changed.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void) -> some View where K.Value: Equatable {
        modified(PreferenceObserverModifier(observer: PreferenceObserver<K>(action: action)))
    }

    /// Draws the view built from the subtree's value of `key` over the view,
    /// offered the view's size and centred on it.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modified(PreferenceViewModifier(kind: .preferenceOverlay, view: PreferenceView<K, V>(
            read: { graph, host in graph.preferenceValue(K.self, of: host) }, transform: transform)))
    }

    /// Draws the view built from the subtree's value of `key` behind the view.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modified(PreferenceViewModifier(kind: .preferenceBackground, view: PreferenceView<K, V>(
            read: { graph, host in graph.preferenceValue(K.self, of: host) }, transform: transform)))
    }
}
