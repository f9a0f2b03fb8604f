import FormModel

/// Values of every validation state under the rules below: empty, short,
/// valid, an email and not, long, text a condition may wait for, and
/// values of the typed fields (a yes, a choice, a selection, two lines).
let randomValues = ["", "A", "Ad", "Ada", "ada@example.com", "no-at-sign", "yes", String(repeating: "x", count: 40), "Ünïcødé 名前",
                    "true", "olives", #"["cheese","olives"]"#, "two\nlines"]

/// The choices of the random select fields.
let randomChoices = [FieldChoice(value: "cheese", label: "Extra cheese"), FieldChoice(value: "olives")]

/// A field `f<index>` made of `tape`'s next choices: its rules, maybe a
/// `show_if` on an earlier field (never on itself), a value, one of
/// `rowCount` rows, and whether it is visible.
func randomField(_ tape: Tape, index: Int, rowCount: Int) -> Field {
    // The typed fields are drawn as other controls (a switch, a picker,
    // a switch per choice, a text editor), which a new value must update.
    let rules: FieldRules = switch tape.next(8) {
    case 0: .none
    case 1: FieldRules(required: true, minLength: 3)
    case 2: FieldRules(email: true)
    case 3: FieldRules(maxLength: 10)
    case 4: FieldRules(shortBelow: 0, type: .boolean)
    case 5: FieldRules(shortBelow: 0, type: .selectOne, choices: randomChoices)
    case 6: FieldRules(shortBelow: 0, type: .selectMultiple, choices: randomChoices)
    default: FieldRules(type: .longText)
    }
    let showIf: ShowCondition? = index > 0 && tape.next(4) == 0
        ? (tape.next(2) == 0 ? .filled(field: "f\(tape.next(index))") : .equals(field: "f\(tape.next(index))", value: "yes"))
        : nil
    return Field(key: "f\(index)", label: "Field \(index)", value: randomValues[tape.next(randomValues.count)],
                 row: 1 + tape.next(rowCount), position: index, isVisible: tape.next(5) != 0, rules: rules, showIf: showIf)
}
