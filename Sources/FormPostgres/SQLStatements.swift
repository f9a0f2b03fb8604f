/// Splits a migration's text into its statements.
///
/// postgres-nio speaks only PostgreSQL's extended query protocol, which
/// takes one statement per query, where `psql` sends a whole file at once.
/// A `;` ends a statement unless it is inside a quoted string or name, a
/// comment or a dollar-quoted body (`$$ … $$`, `$tag$ … $tag$`).
enum SQLStatements {
    /// The statements of `sql`, each without its `;`, leaving out those
    /// that hold only comments and white space.
    static func split(_ sql: String) -> [String] {
        let scalars = Array(sql.unicodeScalars)
        var statements: [String] = []
        var current = String.UnicodeScalarView()
        var hasCode = false
        var index = 0
        func finish() {
            if hasCode { statements.append(String(current).trimmingWhitespace) }
            current = String.UnicodeScalarView()
            hasCode = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "-" where next == "-":
                // A line comment: kept out of the statement.
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            case "/" where next == "*":
                var depth = 0
                while index < scalars.count {
                    if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                        depth += 1
                        index += 2
                    } else if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        index += 1
                    }
                }
                continue
            case "'", "\"":
                hasCode = true
                current.append(scalar)
                index += 1
                while index < scalars.count {
                    current.append(scalars[index])
                    index += 1
                    if scalars[index - 1] == scalar {
                        // A doubled quote is one quote inside the string.
                        if index < scalars.count, scalars[index] == scalar {
                            current.append(scalars[index])
                            index += 1
                        } else {
                            break
                        }
                    }
                }
                continue
            case "$":
                if let tag = dollarTag(scalars, at: index) {
                    hasCode = true
                    current.append(contentsOf: tag)
                    index += tag.count
                    while index < scalars.count {
                        if scalars[index] == "$", Array(scalars[index..<min(scalars.count, index + tag.count)]) == tag {
                            current.append(contentsOf: tag)
                            index += tag.count
                            break
                        }
                        current.append(scalars[index])
                        index += 1
                    }
                    continue
                }
            case ";":
                finish()
                index += 1
                continue
            default:
                break
            }
            if !scalar.properties.isWhitespace { hasCode = true }
            current.append(scalar)
            index += 1
        }
        finish()
        return statements
    }

    /// The dollar-quote tag (`$$` or `$name$`) starting at `index`, if any.
    private static func dollarTag(_ scalars: [Unicode.Scalar], at index: Int) -> [Unicode.Scalar]? {
        var end = index + 1
        while end < scalars.count, scalars[end] == "_" || scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]) {
            end += 1
        }
        guard end < scalars.count, scalars[end] == "$" else { return nil }
        // `$1` is a parameter, not a tag.
        if end > index + 1, ("0"..."9").contains(scalars[index + 1]) { return nil }
        return Array(scalars[index...end])
    }
}

extension String {
    /// The text without leading and trailing white space.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
