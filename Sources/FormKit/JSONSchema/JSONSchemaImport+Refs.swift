import Foundation
import Yams

/// A property's keywords with each local `$ref` (`#/$defs/…`,
/// `#/definitions/…`, any JSON pointer into the document) replaced by the
/// keywords of the schema it names, as draft 2020-12 applies both: a
/// keyword given on both sides is refused unless both say the same (an
/// annotation, `title`, `description` or `default`, is taken from the
/// side that refers). A reference cycle is refused, naming it.
extension JSONSchemaImport {
    /// Keywords that say nothing about which values are valid: given on
    /// both sides of a `$ref` (or of an `anyOf` with null), the referring
    /// side's holds.
    static let annotationKeywords: Set<String> = [
        "title", "description", "default", "examples", "$comment", "$id", "$anchor", "$defs", "definitions", "deprecated", "writeOnly",
    ]

    /// One keyword of a schema: its name, its key's node (for the place
    /// of a problem), its value and its JSON pointer.
    struct Keyword {
        var name: String
        var key: Yams.Node
        var value: Yams.Node
        var pointer: String
    }

    /// The keyword's value as comparable text: the same JSON value gives
    /// the same text, whichever resolver or quoting wrote it.
    static func canonical(_ node: Yams.Node) -> String {
        switch node {
        case .scalar(let scalar): return "\(String(describing: JSONSchemaScalars.kind(node))):\(scalar.string)"
        case .sequence(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .mapping(let mapping): return "{" + mapping.map { canonical($0.key) + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        case .alias: return "*"
        }
    }
}

extension JSONSchemaImport.Reader {
    /// The keywords of `schema` (at `pointer`), `$ref`s followed; nil
    /// (with problems) when it is not a schema object or a reference
    /// cannot be followed. `following` is the chain of references that led
    /// here.
    mutating func keywords(_ schema: Yams.Node, _ pointer: String, following: [String] = []) -> [JSONSchemaImport.Keyword]? {
        var chain: [String] = []
        return keywords(schema, pointer, following: following, chain: &chain)
    }

    /// `keywords(_:_:following:)`, adding to `chain` the references
    /// followed (their JSON pointers, outer first): a group's properties
    /// are read with them among `following`, so a schema that holds
    /// itself through a nested object or an array's items is refused as a
    /// cycle, not unfolded until it is too deep.
    mutating func keywords(_ schema: Yams.Node, _ pointer: String, following: [String], chain: inout [String]) -> [JSONSchemaImport.Keyword]? {
        guard case .mapping(let mapping) = schema else {
            problem(schema, pointer, "a schema here must be an object, not \(JSONSchemaImport.string(schema).map { "\"\($0)\"" } ?? "this")")
            return nil
        }
        var local: [JSONSchemaImport.Keyword] = []
        var referenced: [JSONSchemaImport.Keyword] = []
        var target: String?
        for (keyNode, value) in mapping {
            guard let name = JSONSchemaImport.string(keyNode) ?? keyNode.scalar?.string else { continue }
            let here = pointer + "/" + JSONSchemaImport.pointerToken(name)
            guard name == "$ref" else {
                local.append(JSONSchemaImport.Keyword(name: name, key: keyNode, value: value, pointer: here))
                continue
            }
            guard let reference = JSONSchemaImport.string(value), reference.hasPrefix("#"),
                  let decoded = reference.dropFirst().removingPercentEncoding, decoded.isEmpty || decoded.hasPrefix("/") else {
                refuse(keyNode, here, name, "is followed only within the document (\"#/$defs/name\"): formctl reads one file")
                return nil
            }
            if let start = following.firstIndex(of: decoded) {
                let cycle = (following[start...] + [decoded]).map { "#" + $0 }.joined(separator: " → ")
                refuse(keyNode, here, name, "makes a cycle of references (\(cycle)): a schema must end, and a form cannot hold itself")
                return nil
            }
            guard let node = resolve(decoded) else {
                refuse(keyNode, here, name, "\"\(reference)\" names nothing in this document")
                return nil
            }
            chain.append(decoded)
            guard let named = keywords(node, decoded, following: following + [decoded], chain: &chain) else { return nil }
            referenced = named
            target = reference
        }
        guard let target else { return local }
        for keyword in referenced {
            guard let mine = local.first(where: { $0.name == keyword.name }) else {
                local.append(keyword)
                continue
            }
            if !JSONSchemaImport.annotationKeywords.contains(keyword.name) && JSONSchemaImport.canonical(mine.value) != JSONSchemaImport.canonical(keyword.value) {
                refuse(mine.key, mine.pointer, keyword.name,
                       "is given here and, differently, in the schema \"\(target)\" names (\(keyword.pointer)): formctl reads one")
                return nil
            }
        }
        return local
    }

    /// The node a JSON pointer (RFC 6901) names in the document.
    func resolve(_ pointer: String) -> Yams.Node? {
        guard var node = root else { return nil }
        guard !pointer.isEmpty else { return node }
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch node {
            case .mapping(let mapping):
                guard let next = mapping.first(where: { (JSONSchemaImport.string($0.key) ?? $0.key.scalar?.string) == name })?.value else {
                    return nil
                }
                node = next
            case .sequence(let items):
                guard let index = Int(name), items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }
}
