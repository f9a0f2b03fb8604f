import Hummingbird
import Synchronization

/// The routes the server serves, each path with the methods it takes, as
/// they were added to the router (`RecordingRouter`): what a `405 Method
/// Not Allowed` names in `Allow` (RFC 9110 §15.5.6), and what a test holds
/// `/openapi.json` to. `HEAD` is taken wherever `GET` is (the router makes
/// it, as RFC 9110 §9.3.2 asks).
final class RouteTable: Sendable {
    private let routes = Mutex<[(path: RouterPath, methods: Set<HTTPRequest.Method>)]>([])

    /// Notes that `path` takes `method`.
    func record(_ path: RouterPath, _ method: HTTPRequest.Method) {
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.path == path }) {
                routes[index].methods.insert(method)
            } else {
                routes.append((path, [method]))
            }
        }
    }

    /// The methods a request for `path` may use, in the order RFC 9110
    /// lists them: those of every route whose path matches it, with `HEAD`
    /// beside `GET`; nil when no route's path matches (a 404).
    ///
    /// A path matches as Hummingbird's router matches it: segment by
    /// segment, empty segments left out, a `:name` segment taking any one.
    func methods(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matched = routes.withLock { routes in
            routes.filter { route in
                route.path.components.count == segments.count && zip(route.path.components, segments).allSatisfy { $0 ~= $1 }
            }
        }
        guard !matched.isEmpty else { return nil }
        var methods = matched.reduce(into: Set<HTTPRequest.Method>()) { $0.formUnion($1.methods) }
        if methods.contains(.get) { methods.insert(.head) }
        let order: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch]
        return order.filter(methods.contains) + methods.subtracting(order).sorted { $0.rawValue < $1.rawValue }
    }

    /// Every route: its path as the OpenAPI document writes it
    /// (`/api/fields/{key}`), and its methods, lowercased, `HEAD` left out.
    var documentedForm: [String: Set<String>] {
        routes.withLock { routes in
            routes.reduce(into: [:]) { table, route in
                // Hummingbird writes a capture `{name}`, as OpenAPI does.
                let path = "/" + route.path.components.map(\.description).joined(separator: "/")
                table[path, default: []].formUnion(route.methods.map { $0.rawValue.lowercased() })
            }
        }
    }
}
