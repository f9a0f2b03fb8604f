/// The choices a random form and its changes are made of, read one at a
/// time off random numbers; past the end every choice is 0.
final class Tape {
    let values: [Int]
    var index = 0
    init(_ values: [Int]) { self.values = values }
    func next(_ count: Int) -> Int {
        guard index < values.count else { return 0 }
        defer { index += 1 }
        return abs(values[index]) % count
    }
}
