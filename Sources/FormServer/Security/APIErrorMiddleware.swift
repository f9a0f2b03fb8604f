import Hummingbird

/// Answers every error thrown inside it (by the Host, token and Origin
/// checks, a route, or the router's "no such route": 404 `notFound`) with
/// the API's JSON body and its status (`APIError(answering:)`). The header
/// middleware sit outside it, so that an error's answer carries their
/// headers as any other does: Hummingbird's middleware only add headers to
/// an answer, and let a thrown error pass them by.
struct APIErrorMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try APIError(answering: error).response(from: request, context: context)
        }
    }
}
