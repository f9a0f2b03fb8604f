import Hummingbird

/// The request context of `formctl serve`'s routes: Hummingbird's basic
/// one. A request's body is read only by routes that take one, each up to
/// the configuration's `bodyLimit` (`RequestBodyReader`).
public typealias ServerContext = BasicRequestContext
