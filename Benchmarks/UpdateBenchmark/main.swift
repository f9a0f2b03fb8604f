// What one change costs on a form kept between changes (`RetainedFormPicture`,
// issues 23 and 49), next to a full layout of the same form measured in the
// same run: a new value in a field the title does not show, a new value in
// one it shows, a hidden field shown, a shown field hidden, and an instance
// added after the last of a repeat of 50-field instances, on forms of 100 to
// 100,000 fields.
//
//   swift run -c release UpdateBenchmark [--sizes 100,1000,10000,100000]
//   UpdateBenchmark --profile KIND FIELDS COUNT    (for callgrind: see Benchmarks/update.sh)
//
// The full layout is `FormPicture.minimapRects(of:)`: the page built, laid
// out, its preferences collected, its display list drawn and the minimap
// computed, what the editor did at every keystroke before.
import FormLayout
import FormModel
import FormScreens
import Foundation

/// The changes measured.
enum Kind: String, CaseIterable {
    /// A new value in a field the title does not show (the goals apply to this one).
    case value
    /// A new value in a field the title shows: the title's width changes.
    case titleValue = "title-value"
    /// A hidden field shown (`update(to:changedFields:)`): it goes into its row.
    case show
    /// A shown field hidden: it leaves its row.
    case hide
    /// The reference: the changed form laid out from scratch.
    case full
    /// `set`'s shortcut for the same value as `value`: the stored minimap
    /// recoloured without a layout (`FormDefinition.minimapRects(afterValueOf:changedFrom:rects:)`),
    /// what a one-shot `formctl set` does, having no layout kept from before.
    case setShortcut = "set-shortcut"
    /// An instance added after the last of a repeat of 50 fields
    /// (`update(to:addingInstance:)`), on a form that is that repeat, with
    /// FIELDS / 50 instances: what `repeat add` lays out. Its ratio is to
    /// the flat form's full layout (the repeat's costs about 4% more).
    case addInstance = "add-instance"

    var label: String {
        switch self {
        case .value: "value, not in the title"
        case .titleValue: "value the title shows"
        case .show: "hidden field shown"
        case .hide: "shown field hidden"
        case .full: "full layout"
        case .setShortcut: "set's shortcut, same value"
        case .addInstance: "instance added"
        }
    }
}

/// A form of `count` fields in rows of three, 540 wide, a third of them
/// filled; the title shows the first three; the field after the middle one is hidden.
func makeForm(fields count: Int) -> FormDefinition {
    let rowCount = (count + 2) / 3
    let rows = (1...rowCount).map { FormRow(number: $0, width: 540, minWidth: 360, maxWidth: 540) }
    let fields = (0..<count).map { index in
        Field(key: "f\(index)", label: "Field \(index)", value: index % 3 == 0 ? "" : String(repeating: "x", count: index % 5),
              row: index / 3 + 1, position: index + 1, isVisible: index != count / 2 + 1)
    }
    return FormDefinition(titleTemplate: "Hello {f0} {f1} {f2}", rows: rows, fields: fields)
}

/// Fields per instance of `makeRepeatForm`'s repeat, in rows of ten.
let instanceFields = 50

/// A form that is one repeat, `items`, of `count / 50` instances of 50
/// fields in rows of ten, 540 wide; the title shows the first instance's
/// first field.
func makeRepeatForm(fields count: Int) -> FormDefinition {
    var form = FormDefinition(titleTemplate: "Items {items.1.f0}", rows: [], fields: [],
                              groups: [FormGroup(path: "items", kind: .repeat, page: FormPage.mainKey, firstRow: 1, title: "Items",
                                                 repeatRules: RepeatRules(body: "{}"))])
    for _ in 0..<max(1, count / instanceFields) { appendInstance(to: &form) }
    return form
}

/// `form` (a `makeRepeatForm`) with one more instance at the end, as
/// `formctl repeat add items` makes it; returns its path.
@discardableResult
func appendInstance(to form: inout FormDefinition) -> String {
    let number = form.groups.count
    let path = "items.\(number)"
    let firstRow = form.rows.count + 1
    form.groups.append(FormGroup(path: path, kind: .instance, page: FormPage.mainKey, firstRow: firstRow))
    for row in 0..<(instanceFields / 10) {
        form.rows.append(FormRow(number: firstRow + row, width: 540, minWidth: 540, maxWidth: 540, group: path))
        for column in 0..<10 {
            form.fields.append(Field(key: "\(path).f\(row * 10 + column)", label: "Field \(row * 10 + column)",
                                     row: firstRow + row, position: form.fields.count + 1))
        }
    }
    return path
}

/// Prepared changes of one kind on one form: `apply(n)` makes the n-th
/// change (each one undoes the one before, so every change is real).
struct Changes {
    let picture: RetainedFormPicture
    private var form: FormDefinition
    let kind: Kind

    /// The stored minimap `set`'s shortcut starts from.
    private var rects: [MinimapRect]

    init(kind: Kind, fields: Int) {
        self.kind = kind
        form = kind == .addInstance ? makeRepeatForm(fields: fields) : makeForm(fields: fields)
        picture = RetainedFormPicture(form: form)
        rects = picture.minimapRects
    }

    private var key: String {
        switch kind {
        case .value, .full, .setShortcut: "f\(form.fields.count / 2)"
        case .titleValue: "f1"
        case .show, .hide: "f\(form.fields.count / 2 + 1)"
        case .addInstance: "f0"
        }
    }

    /// Makes the `step`-th change and returns how long the measured part
    /// took (for `show` and `hide`, the field is first put back, unmeasured).
    @discardableResult
    mutating func apply(_ step: Int) -> Duration {
        guard let index = Int(key.dropFirst()) else { return .zero }
        let key = self.key
        switch kind {
        case .value, .titleValue:
            // Alternates a valid and an empty (required-free: still valid,
            // but of another length) value, and an email-shaped one.
            form.fields[index].value = step % 2 == 0 ? "typed \(step % 7)" : ""
            let form = self.form
            return measuredChanges { picture.update(to: form, changedValueOf: key) }
        case .show, .hide:
            let shows = kind == .show
            if form.fields[index].isVisible == shows {
                form.fields[index].isVisible = !shows
                picture.update(to: form, changedFields: [key])
            }
            form.fields[index].isVisible = shows
            let form = self.form
            return measuredChanges { picture.update(to: form, changedFields: [key]) }
        case .full:
            form.fields[index].value = step % 2 == 0 ? "typed \(step % 7)" : ""
            let form = self.form
            return measuredChanges { _ = FormPicture.minimapRects(of: form) }
        case .addInstance:
            let path = appendInstance(to: &form)
            let form = self.form
            return measuredChanges { picture.update(to: form, addingInstance: path) }
        case .setShortcut:
            let before = form
            form.fields[index].value = step % 2 == 0 ? "typed \(step % 7)" : ""
            let form = self.form
            var rects = self.rects
            let duration = measuredChanges {
                rects = form.minimapRects(afterValueOf: key, changedFrom: before, rects: rects) ?? FormPicture.minimapRects(of: form)
            }
            self.rects = rects
            return duration
        }
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Whether `measuredChanges` runs the changes it is given; false while
/// warming up, so that a profiler counts the measured changes alone.
nonisolated(unsafe) var isWarmingUp = false

/// `body`, timed; the changes a profiler counts
/// (`--toggle-collect='*countedChanges*'`), unless warming up.
func measuredChanges(_ body: () -> Void) -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    if isWarmingUp { body() } else { countedChanges(body) }
    return clock.now - start
}

@inline(never)
func countedChanges(_ body: () -> Void) {
    body()
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--profile" {
    guard arguments.count == 4, let kind = Kind(rawValue: arguments[1]), let fields = Int(arguments[2]), let count = Int(arguments[3]),
          fields >= 3, count >= 1 else {
        FileHandle.standardError.write(Data("usage: UpdateBenchmark --profile value|title-value|show|hide|add-instance|set-shortcut|full FIELDS COUNT\n".utf8))
        exit(64)
    }
    var changes = Changes(kind: kind, fields: fields)
    // One change first, as in the timed runs: the first new value copies
    // the form's fields once, into the picture's own (`RetainedFormPicture`).
    isWarmingUp = true
    changes.apply(count + 1)
    isWarmingUp = false
    for step in 0..<count { changes.apply(step) }
    let picture = changes.picture
    print("\(kind.rawValue) \(fields) fields: \(count) changes, \(picture.counts.inPlace) in place, \(picture.resizedCount) resized, \(picture.counts.relaidOut) laid out")
    exit(0)
}

var sizes = [100, 1_000, 10_000, 100_000]
if arguments.count == 2, arguments[0] == "--sizes" {
    sizes = arguments[1].split(separator: ",").compactMap { Int($0) }.filter { $0 >= 3 }
} else if !arguments.isEmpty {
    FileHandle.standardError.write(Data("usage: UpdateBenchmark [--sizes 100,1000,10000,100000] | --profile KIND FIELDS COUNT\n".utf8))
    exit(64)
}

let clock = ContinuousClock()
print("Time per change, median of N in one process (release build); ratio = the change / a full layout of the same form")
/// `text` padded with spaces to `width` characters (`String(format:)`'s `%-26@` does not pad on Linux).
func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
print(pad("fields", 9) + pad("change", 27) + pad("median µs", 13) + pad("runs", 7) + pad("ratio", 11) + "in place / changes")
var valueTimes: [Int: Double] = [:]
for size in sizes {
    var fullTime = 0.0
    for kind in [Kind.full, .value, .titleValue, .show, .hide, .addInstance, .setShortcut] {
        var changes = Changes(kind: kind, fields: size)
        // Fewer runs where each is a layout of a large form.
        // An instance added each run: fewer, so that the form grows by 5% at most.
        let runs = kind == .full ? max(3, min(100, 300_000 / size)) : kind == .addInstance ? max(3, min(300, size / instanceFields / 20)) : 300
        changes.apply(runs) // warm-up: code and memory
        var times: [Double] = []
        for step in 0..<runs { times.append(seconds(changes.apply(step))) }
        let median = times.sorted()[times.count / 2]
        if kind == .full { fullTime = median }
        if kind == .value { valueTimes[size] = median }
        let counts = changes.picture.counts
        print(pad("\(size)", 9) + pad(kind.label, 27) + pad(String(format: "%.1f", median * 1e6), 13) + pad("\(runs)", 7)
              + pad(String(format: "%.3f%%", 100 * median / fullTime), 11)
              + (kind == .full || kind == .setShortcut ? "-"
                 : "\(counts.inPlace + changes.picture.resizedCount) / \(counts.inPlace + changes.picture.resizedCount + counts.relaidOut - 1)"))
    }
}
if let small = valueTimes[1_000], let large = valueTimes[100_000] {
    print(String(format: "a new value (not in the title): 100,000 fields / 1,000 fields = %.2f× the time (goal: flat, about 1×)", large / small))
}
print("goals (issues 23, 49): a new value, a value the title shows, a field shown and a field hidden each ≤ 1% of a full layout")
print("  at 10,000 and 100,000 fields, and flat from 1,000 to 100,000 fields;")
print("  instruction counts: Benchmarks/update.sh --callgrind")
