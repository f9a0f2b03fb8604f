/// A read-write reference to a value owned elsewhere, as SwiftUI's
/// `Binding`. The headless engine only reads it; ported code passes
/// `.constant(value)` or its own getter and setter.
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    /// A binding that reads through `get` and writes through `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The current value; assigning calls the setter, which the engine itself never does.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
