import Foundation

/// Reads `formctl responses` exports back with Python's `csv` and `json`
/// modules, the readers scripts use, so that a round-trip test does not
/// trust formctl's own parsers (or Foundation's) to agree with its writer.
enum ExportReader {
    /// One response as Python read it.
    struct Response: Equatable, CustomStringConvertible {
        var id: Int
        var status: String
        var submittedAt: String
        /// Field key (CSV: its header) → value; JSON's `null` is nil.
        var values: [String: String?]

        var description: String { "#\(id) \(status) \(submittedAt) \(values)" }
    }

    /// What Python read: the CSV header (empty for JSON) and the responses.
    struct Export {
        var header: [String]
        var responses: [Response]
    }

    // The script prints ASCII JSON (`ensure_ascii`), so nothing depends on
    // the locale's encoding; CSV is read as RFC 4180 (`newline=''` keeps
    // the line ends inside quoted cells as they are; `strict` refuses bad
    // quoting) and JSON Lines line by line.
    private static let script = """
        import csv, io, json, sys
        fmt = sys.argv[1]
        data = sys.stdin.buffer.read()
        text = data.decode('utf-8', errors='strict')
        if fmt == 'csv':
            rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))
            header = rows[0]
            meta = ['id', 'submitted_at', 'status']
            out = {'header': header, 'responses': [
                {'id': int(r[0]), 'submitted_at': r[1], 'status': r[2],
                 'values': dict(zip(header[3:], r[3:])), 'cells': len(r)} for r in rows[1:]]}
        elif fmt == 'json':
            out = {'header': [], 'responses': json.loads(text)}
        else:
            lines = text.split('\\n')
            assert lines[-1] == '', 'JSON Lines end with a line break'
            out = {'header': [], 'responses': [json.loads(line) for line in lines[:-1]]}
        sys.stdout.write(json.dumps(out, ensure_ascii=True))
        """

    /// Parses `bytes`, an export in `format` (`csv`, `json` or `jsonl`),
    /// with python3; throws if Python refuses it or a CSV row has a cell
    /// count other than the header's.
    static func read(_ bytes: Data, format: String) throws -> Export {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, format],
                                          stdin: bytes, environment: childEnvironment(), timeout: 60)
        guard result.succeeded,
              let object = try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
              let header = object["header"] as? [String], let rows = object["responses"] as? [[String: Any]] else {
            throw TestFailure("python3 could not read the \(format) export:\n\(result)")
        }
        var responses: [Response] = []
        for row in rows {
            guard let id = row["id"] as? Int, let status = row["status"] as? String,
                  let submittedAt = row["submitted_at"] as? String, let values = row["values"] as? [String: Any] else {
                throw TestFailure("a response without id, status, submitted_at or values: \(row)")
            }
            if let cells = row["cells"] as? Int, cells != header.count {
                throw TestFailure("CSV row of response \(id) has \(cells) cells, the header \(header.count)")
            }
            responses.append(Response(id: id, status: status, submittedAt: submittedAt,
                                      values: values.mapValues { $0 as? String }))
        }
        return Export(header: header, responses: responses)
    }
}
