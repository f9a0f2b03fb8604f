import FormKit
import Hummingbird

/// A repeat's instances through the API (docs/serve.md): `GET
/// /api/repeats/{path}` lists them (`formctl repeat list --json`), `POST`
/// adds one at the end (`formctl repeat add`: 201 `{"path": "children.3"}`),
/// `DELETE /api/repeats/{path}.{n}` removes one (`formctl repeat remove`;
/// later ones move up a number) and answers the repeat's instances after
/// it. A path that names no repeat (or no instance, for `DELETE`) is 404
/// `unknownName`, as an unknown field or page is; a change the repeat's
/// `min_count` or `max_count` refuses is 409 `conflict`, nothing written.
/// The writes pass the token and `Origin` checks as every write does.
struct RepeatRoutes: Sendable {
    let form: StoredForm

    /// `POST /api/repeats/{path}`'s answer: the new instance's path.
    struct Added: Encodable { let path: String }

    func add(to router: some RouterMethods<ServerContext>) {
        let api = router.group("api")
        api.get("repeats/:path") { _, context in
            let path = try context.parameters.require("path")
            return try await answer(path, names: .repeat) { () throws(FormKitError) in try JSONText.encode(try form.instances(of: path)) }
        }
        api.post("repeats/:path") { _, context in
            let path = try context.parameters.require("path")
            var response = try await answer(path, names: .repeat) { () throws(FormKitError) in
                try JSONText.encode(Added(path: try form.addInstance(to: path)))
            }
            response.status = .created
            return response
        }
        api.delete("repeats/:path") { _, context in
            let path = try context.parameters.require("path")
            return try await answer(path, names: .instance) { () throws(FormKitError) in
                try form.removeInstance(path)
                return try JSONText.encode(try form.instances(of: FieldPath.parent(of: path) ?? path))
            }
        }
    }

    /// `body`'s JSON text as a 200 answer; its refusal as the API answers
    /// it, where a `path` that names no group of kind `kind` is 404.
    private func answer(_ path: String, names kind: FormGroup.Kind,
                        _ body: @escaping @Sendable () throws(FormKitError) -> String) async throws(APIError) -> Response {
        let form = self.form
        let text = try await DatabaseWork.run { () throws(APIError) -> String in
            do throws(FormKitError) {
                return try body()
            } catch {
                if case .store(.instancesRefused) = error, (try? form.editableForm().group(path)?.kind) != kind {
                    throw APIError(error, answeredAs: .unknownName)
                }
                throw APIError(error)
            }
        }
        return textResponse(text, contentType: "application/json; charset=utf-8")
    }
}
