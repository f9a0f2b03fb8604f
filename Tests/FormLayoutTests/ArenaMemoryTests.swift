@testable import FormLayout
import Foundation
import Testing

/// The room the engine makes ahead in its arrays: `ForEach` estimates from
/// its first element, and large reservations come in whole huge pages.
@Suite("Arena memory")
struct ArenaMemoryTests {
    @Test func smallReservationsAreNotRounded() {
        #expect(HugePages.capacity(atLeast: 1000, stride: 24) == nil)
        #expect(HugePages.capacity(atLeast: 40_000, stride: 24) == nil)   // 960 KB
        #expect(HugePages.capacity(atLeast: 50_000, stride: 24) == (HugePages.size - HugePages.bookkeeping) / 24)
        #expect(HugePages.capacity(atLeast: 10, stride: 0) == nil)
        #expect(HugePages.capacity(atLeast: Int.max / 2, stride: 24) == nil)
    }

    @Test func largeReservationsFillWholeHugePagesLessBookkeeping() throws {
        for (count, stride) in [(100_000, 24), (146_699, 32), (1_000_000, 96), (87_382, 24)] {
            let capacity = try #require(HugePages.capacity(atLeast: count, stride: stride))
            let pages = (count * stride + HugePages.bookkeeping + HugePages.size - 1) / HugePages.size
            #expect(capacity >= count)
            // As many elements as fit in those huge pages with the bookkeeping, and no more.
            #expect(capacity * stride + HugePages.bookkeeping <= pages * HugePages.size)
            #expect((capacity + 1) * stride + HugePages.bookkeeping > pages * HugePages.size)
        }
    }

    @Test func reservingKeepsTheElements() {
        var nodes = Array(0..<1_000)
        nodes.reserveCapacityInHugePages(400_000)
        #expect(nodes == Array(0..<1_000))
        #expect(nodes.capacity >= 400_000)
        nodes.reserve(forMore: 10, each: 3)
        #expect(nodes.capacity >= 400_000)
        var small = [1, 2, 3]
        small.reserve(forMore: 1_000, each: 2)
        #expect(small == [1, 2, 3] && small.capacity >= 2_003)
    }

    @Test func estimatesNeverCopyOnEachSmallGrowth() {
        // Many estimates of a little more each: the capacity at least doubles.
        var array = [Int]()
        var grown = 0
        var capacity = array.capacity
        for _ in 0..<10_000 {
            array.reserve(forMore: 1, each: 1)
            array.append(0)
            if array.capacity != capacity { grown += 1; capacity = array.capacity }
        }
        #expect(grown < 20)
    }

    @Test func aForEachWhoseElementsDifferInSizeLaysOutEveryOne() {
        // Elements of different sizes: the estimate made from the first is
        // wrong for the others, which only changes how the arrays grow.
        let result = ViewHost(VStack(spacing: 0) {
            ForEach(0..<300) { index in
                if index % 7 == 0 {
                    HStack { Text("wide \(index)"); Text("row"); Color.red.frame(width: 3, height: 3) }
                } else {
                    Text("row \(index)")
                }
            }
        }, windowSize: CGSize(width: 400, height: 300), growsToFit: true).layout()
        let items = result.displayList.items
        // 43 wide rows of two texts and a colour, 257 rows of one text.
        #expect(items.count == 43 * 3 + 257)
        let texts = items.filter { if case .text = $0.shape { true } else { false } }
        let rowTops = texts.map(\.frame.minY).reduce(into: [CGFloat]()) { if $0.last != $1 { $0.append($1) } }
        #expect(rowTops.count == 300)
        #expect(zip(rowTops, rowTops.dropFirst()).allSatisfy { $0 < $1 })
    }
}
