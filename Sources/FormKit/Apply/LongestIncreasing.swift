/// Which items of a sequence already stand in order: the indices of a
/// longest strictly increasing subsequence. `formctl apply` reports as
/// moved only the pages and fields outside it, so that one field inserted
/// at the front of a row is not reported as moving all the others.
enum LongestIncreasing {
    /// The indices into `values` of one longest strictly increasing
    /// subsequence (O(n log n)).
    static func indices(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = [] // index into `values` of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: Set<Int> = []
        var index = tails.last ?? -1
        while index >= 0 {
            result.insert(index)
            index = previous[index]
        }
        return result
    }
}
