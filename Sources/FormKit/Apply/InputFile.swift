import Foundation

/// The bytes of a file a user names on the command line (`formctl apply
/// FILE`), `-` for standard input. A file that cannot be read is a bad file
/// (exit 65), named with the system's reason.
public enum InputFile {
    /// Reads `name` whole; `-` reads standard input to its end.
    public static func bytes(_ name: String) throws(FormKitError) -> [UInt8] {
        if name == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        let descriptor = open(name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw problem(name, errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw problem(name, errno)
            }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    private static func problem(_ name: String, _ code: Int32) -> FormKitError {
        .badFile([FileProblem(file: name, message: "cannot read the file: \(String(cString: strerror(code)))")])
    }
}
