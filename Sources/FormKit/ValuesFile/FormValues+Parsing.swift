extension FormValues {
    /// Reads a values file (`formctl values --load`): in `json`, one object
    /// of key → string; in `csv`, a header row of keys and one row of
    /// values (RFC 4180); either as `formctl values` writes it, any Unicode
    /// kept exactly. `file` names it in messages (`-` for standard input).
    ///
    /// A file that does not parse, a value that is no JSON value formctl
    /// takes (an object, an array of other than strings), a key given twice, a second row, a row and header of different lengths,
    /// bytes that are not UTF-8 and NUL are refused with `badFile`, each
    /// with its line and column. Whether the keys name fields is not
    /// checked here (see `StoredForm.loadValues`).
    public init(parsing bytes: some Collection<UInt8>, format: Format, file: String) throws(FormKitError) {
        let text = try ValuesText(bytes, file: file)
        let read = switch format {
        case .json: try JSONValuesReader.entries(of: text)
        case .csv: try CSVValuesReader.entries(of: text)
        }
        self.init(entries: read.map { ($0.key, $0.value) })
        func origin(_ entry: ValuesFileEntry) -> ValueOrigin {
            let place = ValuesText.place(of: entry.start, in: text.scalars)
            return ValueOrigin(kind: entry.kind, file: file, line: place.line, column: place.column,
                               items: entry.items.map { ListItem(key: $0.key, value: $0.value, origin: origin($0)) })
        }
        origins = read.map(origin)
    }
}

extension FormValues.Format {
    /// The format a values file's name says: `.json` or `.csv`, in any
    /// case; nil for any other name (and for `-`, standard input).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        default: return nil
        }
    }
}
