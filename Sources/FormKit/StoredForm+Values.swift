import FormStore

extension StoredForm {
    /// Every field's value, key → value in form order (`formctl values`).
    public func values() throws(FormKitError) -> FormValues {
        FormValues(form: try definition())
    }
}

extension StoredForm {
    /// Stores many `set`s at once, in one write transaction with one layout
    /// (a server's writes that came in together), and returns each one's
    /// outcome in order: the field as that `set` left it (its own value,
    /// even when a later one in `writes` changed it again; the last one is
    /// stored) and whether it is shown after all of them; or why that one
    /// alone was refused (text with a NUL, a key that names no field, a
    /// read-only field, which `set` refuses without `--force`). An
    /// error of the write itself (a busy, full or read-only database) is
    /// every one's.
    public func set(each writes: [(key: String, value: String)]) -> [Result<(field: Field, isShown: Bool), FormKitError>] {
        var outcomes = [Result<(field: Field, isShown: Bool), FormKitError>?](repeating: nil, count: writes.count)
        var checked: [(index: Int, key: String, value: CheckedValue)] = []
        for (index, write) in writes.enumerated() {
            do throws(FormStoreError) {
                checked.append((index, write.key, try FieldInput.checked(write.value, key: write.key)))
            } catch {
                outcomes[index] = .failure(.store(error))
            }
        }
        // A key that names no field, or a read-only one, fails its own
        // writes; the rest are tried again without them (at most once per
        // such key).
        var after: FormDefinition?
        while !checked.isEmpty {
            do throws(FormKitError) {
                after = try writing { db throws(FormStoreError) in
                    try db.setValuesKeepingForm(checked.map { ($0.key, $0.value) }, refusingReadOnly: true)
                }.form
                break
            } catch .store(.unknownField(let key, let suggestion)) {
                for write in checked where write.key == key {
                    outcomes[write.index] = .failure(.fieldNotFound(key: key, suggestion: suggestion))
                }
                checked.removeAll { $0.key == key }
            } catch .store(.readOnlyField(let key)) {
                for write in checked where write.key == key { outcomes[write.index] = .failure(.store(.readOnlyField(key: key))) }
                checked.removeAll { $0.key == key }
            } catch {
                for write in checked { outcomes[write.index] = .failure(error) }
                checked = []
            }
        }
        if !checked.isEmpty {
            do throws(FormKitError) {
                let form: FormDefinition
                if let after { form = after } else { form = try definition() }
                var positions: [String: Int] = [:]
                for (position, field) in form.fields.enumerated() { positions[field.key] = position }
                for write in checked {
                    guard let position = positions[write.key] else {
                        // Removed by someone else since: as `get` words it.
                        outcomes[write.index] = .failure(.fieldNotFound(key: write.key, suggestion: nil))
                        continue
                    }
                    var field = form.fields[position]
                    field.value = field.rules.storedText(forInput: write.value.text)
                    outcomes[write.index] = .success((field, form.shownFlags[position]))
                }
            } catch {
                for write in checked { outcomes[write.index] = .failure(error) }
            }
        }
        return outcomes.map { $0 ?? .failure(.store(.busy(path: path))) }
    }
}
