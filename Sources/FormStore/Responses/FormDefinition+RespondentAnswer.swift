import FormModel

extension FormDefinition {
    /// Puts `value` in field `key` as a respondent answers it, checked and
    /// kept as `setValue` keeps a field's value (canonical text for the
    /// typed ones), and returns the answer a draft stores for it. Refused:
    /// a key the form lacks (`unknownField`, with the nearest), a
    /// read-only field (`readOnlyField`: a respondent has no `--force`,
    /// the field keeps its default) and a note, which holds no value.
    /// Every draft store checks an answer here, on the respondent's own
    /// form, inside the write that stores it.
    public mutating func answer(_ key: String, with value: CheckedValue) throws(FormStoreError) -> FormResponse.Answer {
        guard let index = fields.firstIndex(where: { $0.key == key }) else {
            throw FormStoreError.unknownField(key, among: fields.map(\.key))
        }
        if fields[index].isReadOnly { throw FormStoreError.readOnlyField(key: key) }
        if !fields[index].rules.type.holdsValue { throw FormDatabase.noteRefusal(key) }
        fields[index].value = fields[index].rules.storedText(forInput: value.text)
        return FormResponse.answers(of: self)[index]
    }

    /// The answers a response of this form stores: every field's but a
    /// note's, which holds no value.
    public var storedAnswers: [FormResponse.Answer] {
        FormResponse.answers(of: self).filter(\.type.holdsValue)
    }
}
