#if canImport(Glibc)
import Glibc
#endif

/// Large arrays in huge pages. A fresh process takes a page fault for each
/// 4 KiB page it writes for the first time, and for a layout of a hundred
/// thousand fields that is a hundred thousand faults, a quarter of the
/// time. Linux backs memory with 2 MiB pages where a program asks for them
/// (`madvise(MADV_HUGEPAGE)`, transparent huge pages in their default
/// "madvise" mode): one fault, and one TLB entry, per 2 MiB instead. The
/// memory is zeroed all the same, so only room the engine is about to fill
/// is advised: the arrays it reserves with an estimate of what they will
/// hold. Elsewhere (or with huge pages off) this is `reserveCapacity`.
enum HugePages {
    /// A huge page's size on x86-64 and arm64 Linux.
    static let size = 2 << 20
    /// `MADV_COLLAPSE` (Linux 6.1), which this glibc's headers predate.
    private static let collapse: Int32 = 25

    /// What glibc and Swift add to an array's elements in a large block:
    /// glibc's chunk header and size rounding, Swift's object header.
    static let bookkeeping = 96

    /// Asks the kernel to back the memory of `buffer` with huge pages; a
    /// hint that changes no byte, ignored where it does not apply. Whole
    /// pages from the one `buffer` starts in to the one it ends in: the
    /// bookkeeping before and after the elements lies on those pages, and
    /// without them the first and last huge pages of an aligned block would
    /// not be wholly advised.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress else { return }
        let pageMask = UInt(max(sysconf(Int32(_SC_PAGESIZE)), 1)) - 1
        let start = UInt(bitPattern: base) & ~pageMask
        let end = (UInt(bitPattern: base) + UInt(buffer.count) + pageMask) & ~pageMask
        guard end >= start + UInt(size), let pages = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pages, Int(end - start), MADV_HUGEPAGE)
        // The block's first page already holds its bookkeeping, written by
        // malloc before the advice, and a huge page is only made on a fault
        // where none of its small pages exist yet: the first huge page of
        // an aligned block is collapsed into one now instead (Linux 6.1's
        // MADV_COLLAPSE; an older kernel refuses it, and that page stays small).
        if start % UInt(size) == 0 {
            _ = madvise(pages, size, collapse)
        }
        #endif
    }

    /// The capacity at or above `minimumCapacity` whose block is a whole
    /// number of huge pages, or nil when that is not worth it (under half
    /// a huge page: zeroing a whole huge page then costs more than the
    /// small pages' faults) or not representable. glibc maps a request of k × 2 MiB
    /// less its bookkeeping as exactly k × 2 MiB, and Linux puts a mapping
    /// of whole huge pages on a huge-page boundary: then every huge page of
    /// the block can be one, where a block at any other address loses up
    /// to one huge page at each end to ordinary pages.
    static func capacity(atLeast minimumCapacity: Int, stride: Int) -> Int? {
        guard stride > 0 else { return nil }
        let (elementBytes, overflow) = minimumCapacity.multipliedReportingOverflow(by: stride)
        guard !overflow, elementBytes <= Int.max / 2, elementBytes + bookkeeping >= size / 2 else { return nil }
        let blockBytes = (elementBytes + bookkeeping + size - 1) / size * size
        return (blockBytes - bookkeeping) / stride
    }
}

extension Array {
    /// `reserveCapacity(minimumCapacity)`, rounded up to whole huge pages
    /// when the room is half a huge page or more, and that room advised to be
    /// backed by huge pages before anything is written to it (the elements
    /// already held are copied in after).
    package mutating func reserveCapacityInHugePages(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        guard let rounded = HugePages.capacity(atLeast: minimumCapacity, stride: MemoryLayout<Element>.stride) else {
            reserveCapacity(minimumCapacity)
            return
        }
        var grown = [Element](unsafeUninitializedCapacity: rounded) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            initialized = 0
        }
        grown.append(contentsOf: self)
        self = grown
    }
}
