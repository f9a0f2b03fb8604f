import FormStore
import Foundation

extension StoredForm {
    /// Sets every value of `values` in one write transaction (`formctl
    /// values --load`), as `set` would one by one, hidden fields and values
    /// that break a rule too, but with one layout for all of them and one
    /// history row per value that changed. Values already stored are not
    /// written; when none changes, nothing is written at all.
    ///
    /// A key that names no field is refused before anything is written
    /// (`unknownField` with the nearest key, exit 64); so is a value the
    /// store refuses (`invalidValue`, 65).
    public func loadValues(_ values: FormValues) throws(FormKitError) -> ValuesUpdate {
        let form = values.origins.isEmpty ? nil : try definition()
        if let form, !form.groups.isEmpty {
            return try loadValues(values, withInstancesOf: form)
        }
        // The fields' types read the file's values first (a number for an
        // integer, text for a date…), and refuse what is not theirs.
        let typed = if let form { try values.typed(for: form) } else { values }
        let checked = try typed.checked()
        return try writing { db throws(FormStoreError) in try db.setValues(checked) }
    }

    /// `loadValues(_:)` for a form with repeats: each repeat the file lists
    /// (an array of objects, a list's array) gets as many instances as the
    /// file lists, made or removed in the same transaction that writes the
    /// values. More than a repeat's `max_count` is refused (exit 64), and
    /// so is a key that names no field once the instances are made.
    private func loadValues(_ values: FormValues, withInstancesOf form: FormDefinition) throws(FormKitError) -> ValuesUpdate {
        let counts = values.instanceCounts(in: form)
        func target(over current: FormDefinition, values typed: FormValues?) throws(FormStoreError) -> FormDefinition {
            try Self.expanded(current, counts: counts, values: typed)
        }
        let probe: FormDefinition
        do throws(FormStoreError) {
            probe = try target(over: form, values: nil)
        } catch {
            throw .store(error)
        }
        let typed = try values.typed(for: probe)
        let checked = try typed.checked()
        let given = FormValues(entries: checked.map { ($0.key, $0.value.text) })
        var before: [String: String] = [:]
        var after: [Field] = []
        try writing { db throws(FormStoreError) in
            try db.replaceStructure(prune: true, valuesFromTarget: true) { current throws(FormStoreError) in
                for field in current.fields { before[field.key] = field.value }
                let wanted = try target(over: current, values: given)
                after = wanted.fields
                return wanted
            }
        }
        var byKey: [String: Field] = [:]
        for field in after { byKey[field.key] = field }
        var update = ValuesUpdate(changed: [], unchanged: [])
        for (key, value) in given.entries {
            if let old = before[key], old.isScalarEqual(to: value) {
                update.unchanged.append(key)
            } else if var field = byKey[key] {
                field.value = value
                update.changed.append(field)
            }
        }
        return update
    }

    /// `form` expanded with `counts` instances of the repeats a values file
    /// lists, holding `values` (nil: its own): what `values --load` writes
    /// and `submit --from` stores. More instances than a repeat's
    /// `max_count` is `instancesRefused` (64); a count for no repeat, or a
    /// value for no field of the expanded form, `unknownField` (64).
    static func expanded(_ form: FormDefinition, counts: [String: Int], values typed: FormValues?) throws(FormStoreError) -> FormDefinition {
        var expansion = Self.expansion(of: form)
        for (path, count) in counts { expansion.counts[path] = count }
        for (key, value) in typed?.entries ?? [] { expansion.values[key] = value }
        let target = ApplyPlan.target(of: FormSpec(definition: form), expansion, over: form)
        for (path, count) in counts {
            guard let group = target.group(path), group.kind == .repeat, let rules = group.repeatRules else {
                throw .unknownField(path, among: target.groups.filter { $0.kind == .repeat }.map(\.path))
            }
            if count > rules.upperCount {
                throw .instancesRefused(path: path, reason: "the file lists \(count) instances; the repeat holds at most \(rules.upperCount)")
            }
        }
        if let typed {
            let keys = Set(target.fields.map(\.key))
            for (key, _) in typed.entries where !keys.contains(key) {
                throw .unknownField(key, among: target.fields.map(\.key))
            }
        }
        return target
    }

    /// Reads a values file's `bytes` (see `FormValues.init(parsing:format:file:)`)
    /// and loads them (`loadValues(_:)`): a file that does not parse is
    /// refused before the database is opened.
    public func loadValues(from bytes: some Collection<UInt8>, format: FormValues.Format, file: String) throws(FormKitError) -> ValuesUpdate {
        try loadValues(try FormValues(parsing: bytes, format: format, file: file))
    }

    /// Reads the values file at `path` in `format` (nil: the one its name
    /// says, `.json` or `.csv`) and loads it. A file that cannot be read is
    /// `badFile` (65), naming the reason.
    public func loadValues(fromFile path: String, format: FormValues.Format?) throws(FormKitError) -> ValuesUpdate {
        guard let format = format ?? FormValues.Format(fileName: path) else {
            throw .badFile([FileProblem(file: path, message: "cannot tell whether this is JSON or CSV from its name; name it .json or .csv, or give --format json or --format csv")])
        }
        return try loadValues(from: try Self.contents(ofValuesFile: path), format: format, file: path)
    }

    /// The bytes of the file at `path`, or `badFile` with the system's reason.
    static func contents(ofValuesFile path: String) throws(FormKitError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path, errno: errno)
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    private static func unreadable(_ path: String, errno code: Int32) -> FormKitError {
        .badFile([FileProblem(file: path, message: "cannot be read: \(String(cString: strerror(code)))")])
    }
}

extension FormValues {
    /// The entries, each value checked as the store requires (no NUL:
    /// `invalidValue`, 65), before any database is opened.
    func checked() throws(FormKitError) -> [(key: String, value: CheckedValue)] {
        var checked: [(key: String, value: CheckedValue)] = []
        checked.reserveCapacity(entries.count)
        for (key, value) in entries {
            do {
                checked.append((key, try FieldInput.checked(value, key: key)))
            } catch {
                throw .store(error)
            }
        }
        return checked
    }
}
