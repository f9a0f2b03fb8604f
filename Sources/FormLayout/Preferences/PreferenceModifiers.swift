import Foundation

/// Writes a key's value: behind `preference`, `anchorPreference` and their transform forms.
@usableFromInline
package struct PreferenceWriterModifier<Key: PreferenceKey>: UnaryNodeModifier {
    let write: PreferenceWrite<Key>

    /// `preference(key:value:)`.
    @usableFromInline
    init(value: Key.Value) {
        write = .value { value }
    }

    /// `transformPreference(_:_:)`.
    @usableFromInline
    init(transform: @escaping (inout Key.Value) -> Void) {
        write = .transform(transform)
    }

    /// `anchorPreference(key:value:transform:)`.
    @usableFromInline
    init<A>(anchor: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> Key.Value) {
        write = .anchor(anchor, transform)
    }

    /// `transformAnchorPreference(key:value:transform:)`.
    @usableFromInline
    init<A>(anchor: Anchor<A>.Source, transformInPlace transform: @escaping (inout Key.Value, Anchor<A>) -> Void) {
        write = .anchorTransform(anchor, transform)
    }

    /// `anchorPreference(key:value:transform:)` with a rectangle anchor.
    @usableFromInline
    init(rectAnchor anchor: Anchor<CGRect>.Source, transform: @escaping (Anchor<CGRect>) -> Key.Value) {
        write = .rectAnchor(anchor, transform)
    }

    /// `transformAnchorPreference(key:value:transform:)` with a rectangle anchor.
    @usableFromInline
    init(rectAnchor anchor: Anchor<CGRect>.Source, transformInPlace transform: @escaping (inout Key.Value, Anchor<CGRect>) -> Void) {
        write = .rectAnchorTransform(anchor, transform)
    }

    @usableFromInline var kind: NodeKind { .preferenceWriter }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.addWrite(write) }
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
@usableFromInline
package struct PreferenceObserverModifier<Key: PreferenceKey>: UnaryNodeModifier where Key.Value: Equatable {
    let observer: PreferenceObserver<Key>

    @usableFromInline
    init(action: @escaping (Key.Value) -> Void) { observer = PreferenceObserver<Key>(action: action) }

    @usableFromInline var kind: NodeKind { .preferenceObserver }
    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int { graph.changeObservers.appendIndex(observer) }
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
@usableFromInline
package struct PreferenceViewModifier<Key: PreferenceKey, Content: View>: UnaryNodeModifier {
    @usableFromInline let kind: NodeKind
    let view: PreferenceView<Key, Content>

    @usableFromInline
    init(kind: NodeKind, transform: @escaping (Key.Value) -> Content) {
        self.kind = kind
        view = PreferenceView<Key, Content>(read: { graph, host in graph.preferenceValue(Key.self, of: host) }, transform: transform)
    }

    @usableFromInline func addPayload(to graph: _ViewGraph) -> Int {
        graph.preferenceViewDirections.append(graph.environment.layoutDirection)
        return graph.preferenceViews.appendIndex(view)
    }
}

extension View {
    /// Sets `key` to `value`, replacing what the view's subtree produced for it.
    @inlinable
    public consuming func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        modified(PreferenceWriterModifier<K>(value: value))
    }

    /// Edits the subtree's value of `key` (the default when it wrote none).
    @inlinable
    public consuming func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        modified(PreferenceWriterModifier<K>(transform: callback))
    }

    /// Sets `key` from an anchor of this view, replacing what its subtree produced.
    @inlinable
    public consuming func anchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        modified(PreferenceWriterModifier<K>(anchor: value, transform: transform))
    }

    /// Edits the subtree's value of `key` with an anchor of this view.
    @inlinable
    public consuming func transformAnchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> some View {
        modified(PreferenceWriterModifier<K>(anchor: value, transformInPlace: transform))
    }

    /// Sets `key` from a rectangle anchor of this view (`.bounds`, `.rect`),
    /// replacing what its subtree produced. The same as the generic form;
    /// chosen for rectangles, it writes without generic metadata lookups.
    @inlinable
    public consuming func anchorPreference<K: PreferenceKey>(key: K.Type = K.self, value: Anchor<CGRect>.Source, transform: @escaping (Anchor<CGRect>) -> K.Value) -> some View {
        modified(PreferenceWriterModifier<K>(rectAnchor: value, transform: transform))
    }

    /// Edits the subtree's value of `key` with a rectangle anchor of this
    /// view; the same as the generic form (see `anchorPreference`).
    @inlinable
    public consuming func transformAnchorPreference<K: PreferenceKey>(key: K.Type = K.self, value: Anchor<CGRect>.Source, transform: @escaping (inout K.Value, Anchor<CGRect>) -> Void) -> some View {
        modified(PreferenceWriterModifier<K>(rectAnchor: value, transformInPlace: transform))
    }

    /// Calls `action` with the subtree's value of `key` after layout, and
    /// again after each later layout in which the value changed.
    @inlinable
    public consuming func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void) -> some View where K.Value: Equatable {
        modified(PreferenceObserverModifier<K>(action: action))
    }

    /// Draws the view built from the subtree's value of `key` over the view,
    /// offered the view's size and centred on it.
    @inlinable
    public consuming func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modified(PreferenceViewModifier<K, V>(kind: .preferenceOverlay, transform: transform))
    }

    /// Draws the view built from the subtree's value of `key` behind the view.
    @inlinable
    public consuming func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modified(PreferenceViewModifier<K, V>(kind: .preferenceBackground, transform: transform))
    }
}
