@testable import FormLayout
import Foundation
import Testing

/// `UniqueArray`, the storage of layout's per-node state, against an
/// array given the same operations.
@Suite("Unique array")
struct UniqueArrayTests {
    /// Its elements, in order.
    private func elements(_ array: borrowing UniqueArray<Int>) -> [Int] {
        array.elements(from: 0)
    }

    @Test func emptyArraysAnswerWithoutStorage() {
        var array = UniqueArray<Int>()
        #expect(array.isEmpty && array.count == 0 && array.capacity == 0)
        array.removeSubrange(0...)
        array.append(repeating: 7, count: 0)
        array.sort(0..<0, by: <)
        #expect(elements(array) == [])
        #expect(array.elements(from: 0) == [])
    }

    @Test func operationsMatchAnArray() {
        var array = UniqueArray<Int>()
        var expected: [Int] = []
        // Deterministic, and enough to move the storage several times.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<5_000 {
            switch next(7) {
            case 0, 1:
                let value = next(1_000)
                array.append(value)
                expected.append(value)
            case 2:
                let value = next(1_000), times = next(40)
                array.append(repeating: value, count: times)
                expected.append(contentsOf: repeatElement(value, count: times))
            case 3 where !expected.isEmpty:
                let index = next(expected.count), value = next(1_000)
                array[index] = value
                expected[index] = value
                #expect(array[index] == value)
            case 4 where !expected.isEmpty:
                #expect(array.removeLast() == expected.removeLast())
            case 5:
                let start = next(expected.count + 1)
                array.removeSubrange(start...)
                expected.removeSubrange(start...)
            case 6 where !expected.isEmpty:
                let start = next(expected.count), end = start + next(expected.count - start + 1)
                array.sort(start..<end, by: >)
                expected[start..<end].sort(by: >)
            default:
                break
            }
            #expect(array.count == expected.count)
            #expect(array.capacity >= array.count)
        }
        #expect(elements(array) == expected)
        #expect(array.elements(from: expected.count / 2) == Array(expected[(expected.count / 2)...]))
    }

    @Test func reservingKeepsTheElementsAndMakesRoom() {
        var array = UniqueArray<Int>()
        for value in 0..<1_000 { array.append(value) }
        array.reserveCapacityInHugePages(400_000)
        #expect(array.capacity >= 400_000)
        #expect(elements(array) == Array(0..<1_000))
        // An estimate that fits changes nothing; a larger one at least doubles.
        let capacity = array.capacity
        array.reserve(forMore: 10, each: 3)
        #expect(array.capacity == capacity)
        array.reserve(forMore: capacity, each: 1)
        #expect(array.capacity >= 2 * capacity)
        #expect(elements(array) == Array(0..<1_000))
    }
}
