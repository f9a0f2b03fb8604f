/// Something wrong in a file a user gave formctl (a form file, a JSON
/// Schema, a values file), and where: reported as `file:line:column:
/// message`, as compilers do, so that an editor can jump to it.
public struct FileProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it (`-` for standard input).
    public var file: String
    /// The line, from 1; nil when the problem is the whole file (it is empty,
    /// or not UTF-8).
    public var line: Int?
    /// The column, from 1, in Unicode scalars (as libyaml counts).
    public var column: Int?
    /// Where in the document, as a JSON pointer (`/properties/age/enum`),
    /// when that says more than the line (JSON Schema keywords).
    public var pointer: String?
    /// What is wrong and, where it helps, what to write instead.
    public var message: String

    /// A problem as given.
    public init(file: String, line: Int? = nil, column: Int? = nil, pointer: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
        self.message = message
    }

    /// `file:line:column: message`, with the pointer after the place when known.
    public var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        if let pointer { place += " (\(pointer.isEmpty ? "/" : pointer))" }
        return "\(place): \(message)"
    }
}
