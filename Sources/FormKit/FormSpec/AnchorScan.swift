/// Finds YAML anchors (`&name`) in a form file's text before it is parsed.
///
/// A form file has no use for anchors and aliases, and they are dangerous:
/// a kilobyte of nested aliases ("billion laughs") stands for billions of
/// nodes, and Yams hashes a mapping's keys while it composes the document,
/// so an aliased collection used as a key would take that long before the
/// reader ever sees the tree. Aliases need an anchor, so refusing every
/// anchor before composing leaves only undefined aliases, which the parser
/// refuses itself.
///
/// The scan is lexical and errs on the side of refusing: it never misses an
/// anchor libyaml would read (an anchor starts a node, so it follows a line
/// start, white space, a flow indicator `[`, `{`, `,`, or the `:` of a JSON
/// key), but it also flags text such as `" &x"` inside quotes or comments.
/// The message says how to write that text instead (`\u0026`).
enum AnchorScan {
    /// Line and column (from 1, in Unicode scalars, as libyaml counts) of
    /// the first `&` that could be an anchor, or nil.
    static func firstAnchor(in text: String) -> (line: Int, column: Int)? {
        var line = 1, column = 0
        var previous: Unicode.Scalar? = nil
        var pendingAmpersand: (line: Int, column: Int)? = nil
        for scalar in text.unicodeScalars {
            column += 1
            if let place = pendingAmpersand {
                // `&` then a character that can begin a name: an anchor.
                if !isSpaceOrBreak(scalar) { return place }
                pendingAmpersand = nil
            }
            if scalar == "&", previous.map(startsNodeAfter) ?? true {
                pendingAmpersand = (line, column)
            }
            if LineBreaks.isBreak(scalar) {
                // CR LF is one break: the line moved on at the CR.
                if !(scalar == "\n" && previous == "\r") { line += 1 }
                column = 0
                previous = scalar
                continue
            }
            previous = scalar
        }
        return nil
    }

    /// Whether a node may start right after `scalar`.
    private static func startsNodeAfter(_ scalar: Unicode.Scalar) -> Bool {
        isSpaceOrBreak(scalar) || scalar == "[" || scalar == "{" || scalar == "," || scalar == ":" || scalar == "\u{FEFF}"
    }

    private static func isSpaceOrBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || LineBreaks.isBreak(scalar)
    }
}
