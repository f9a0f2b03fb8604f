import Hummingbird

/// The server's router, noting each route in a `RouteTable` as it is
/// added, so that the table is the routes themselves and cannot drift from
/// them. Groups made from it (`group("api")`) add through it too.
struct RecordingRouter: RouterMethods {
    typealias Context = ServerContext

    let router: Router<ServerContext>
    let table: RouteTable

    @discardableResult
    func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method,
                                      responder: Responder) -> RecordingRouter where Responder.Context == ServerContext {
        table.record(path, method)
        router.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult
    func add(middleware: any MiddlewareProtocol<Request, Response, ServerContext>) -> RecordingRouter {
        router.add(middleware: middleware)
        return self
    }
}
