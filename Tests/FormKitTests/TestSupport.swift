import FormKit
import Foundation

/// A temporary folder with a form database path in it, removed when the
/// value goes.
final class TemporaryForm {
    let folder: URL
    let form: FormFile

    init(createsMissingFile: Bool = true) throws {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("formkit-tests.XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        folder = URL(fileURLWithPath: String(cString: created), isDirectory: true)
        form = FormFile(path: folder.appendingPathComponent("form.db").path, createsMissingFile: createsMissingFile)
    }

    deinit {
        chmod(folder.path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The error `body` throws, or nil.
func error(of body: () throws(FormKitError) -> Void) -> FormKitError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
