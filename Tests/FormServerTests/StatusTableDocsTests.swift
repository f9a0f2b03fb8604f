import FormKit
@testable import FormServer
import Foundation
import Hummingbird
import Testing

/// docs/serve.md's status table and `/openapi.json` follow the one table
/// (`HTTPStatusTable`), as docs/exit-codes.md follows `ExitStatus`.
@Suite struct StatusTableDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The error codes each status gives, from the code: FormKit's through
    /// `HTTPStatusTable.status(for:)`, and the server's own.
    static func statusesInCode() -> [Int: Set<String>] {
        var table: [Int: Set<String>] = [:]
        for code in FormKitError.Code.allCases { table[HTTPStatusTable.status(for: code).code, default: []].insert(code.rawValue) }
        for (code, status) in HTTPStatusTable.serverErrors { table[status.code, default: []].insert(code) }
        return table
    }

    /// Every `$ref` in `value`, at any depth.
    static func references(in value: Any) -> [String] {
        switch value {
        case let object as [String: Any]:
            ((object["$ref"] as? String).map { [$0] } ?? []) + object.values.flatMap(references(in:))
        case let array as [Any]:
            array.flatMap(references(in:))
        default:
            []
        }
    }

    /// docs/serve.md's "Statuses" table: `| 404 | when | `a`, `b` |`.
    static func statusesInDocs() throws -> [Int: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/serve.md"), encoding: .utf8)
        guard let start = text.range(of: "## Statuses"), let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex) else {
            Issue.record("docs/serve.md has no Statuses section")
            return [:]
        }
        var table: [Int: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let status = Int(cells[1]) else { continue }
            #expect(table[status] == nil, "\(status) is listed twice")
            table[status] = Set(cells[cells.count - 2].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            })
        }
        return table
    }

    @Test("docs/serve.md lists each status with exactly the error codes that give it")
    func docsFollowTheTable() throws {
        #expect(try Self.statusesInDocs() == Self.statusesInCode())
    }

    @Test("DECISIONS' statuses: 400 401 403 404 409 413 421 422 503 507, each with its codes")
    func decidedStatuses() {
        let table = Self.statusesInCode()
        #expect(table[400]?.contains("malformedJSON") == true)
        #expect(table[401] == ["unauthorized"])
        #expect(table[403]?.contains("foreignOrigin") == true)
        #expect(table[404]?.isSuperset(of: ["fieldNotFound", "unknownName", "notFound"]) == true)
        #expect(table[409]?.isSuperset(of: ["checkFailed", "alreadySubmitted"]) == true)
        #expect(table[413] == ["bodyTooLarge"])
        #expect(table[421] == ["unknownHost"])
        #expect(table[422]?.contains("invalidValue") == true)
        // unavailable: the responses' PostgreSQL down (DECISIONS, "Faults": 503).
        #expect(table[503] == ["busy", "tooManyDrafts", "unavailable"])
        #expect(table[507] == ["diskFull"])
    }

    @Test("the server's own refusals answer the status the table gives them")
    func ownErrorsFollowTheTable() {
        let thrown: [APIError] = [.malformedJSON("x"), .unauthorized, APIError(answering: HTTPError(.notFound))]
        for error in thrown {
            let listed = HTTPStatusTable.serverErrors.first { $0.code == error.code }
            #expect(listed?.status == error.status, "\(error.code)")
        }
    }

    @Test("/openapi.json is JSON of OpenAPI 3.2 and describes every route and every status the table gives, in each mode")
    func openAPIDocument() throws {
        var statuses: Set<Int> = []
        for (mode, routes) in [(OpenAPIDocument.Mode.shared, ["/", "/api/fields", "/api/fields/{key}", "/api/minimap", "/api/minimap.svg",
                                                              "/api/submit", "/api/events", "/openapi.json"]),
                               (.collect, ["/", "/owner", "/api/fields", "/api/respond/fields", "/api/respond/fields/{key}", "/api/respond/submit",
                                           "/api/respond/events", "/openapi.json"])] {
            let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json(mode).utf8)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.2.0")
            #expect(document["x-formctl-modes"] == nil, "the modes' overlay is not served")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            #expect(Set(paths.keys).isSuperset(of: routes), "\(mode) missing: \(Set(routes).subtracting(paths.keys).sorted())")
            #expect(paths["/api/fields/{key}"]?["put"] != nil)
            #expect(paths["/api/submit"]?["post"] != nil)
            for item in paths.values {
                for case let operation as [String: Any] in item.values {
                    let responses = operation["responses"] as? [String: Any] ?? [:]
                    statuses.formUnion(responses.keys.compactMap(Int.init))
                }
            }
            // Every $ref resolves.
            let references = Self.references(in: document).map { $0.dropFirst(2) }
            #expect(!references.isEmpty)
            let components = try #require(document["components"] as? [String: [String: Any]])
            for reference in references {
                let parts = reference.split(separator: "/").map(String.init)
                #expect(parts.count == 3 && components[parts[1]]?[parts[2]] != nil, "\(reference)")
            }
        }
        // Every status of the table but 500 (any route's, undocumented per
        // route) and 405 (a method no route of the path takes: not an
        // operation of the document).
        let expected = Set(Self.statusesInCode().keys).subtracting([500, 405])
        #expect(statuses.isSuperset(of: expected), "missing: \(expected.subtracting(statuses).sorted())")
    }

    @Test("GET /openapi.json serves the document")
    func openAPIRoute() async throws {
        let server = try TestServer()
        try await server.test { client in
            let response = try await client.executeRequest(uri: "/openapi.json", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == OpenAPIDocument.shared)
        }
    }
}
