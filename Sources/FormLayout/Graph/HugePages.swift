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

    /// Asks the kernel to back the whole pages inside `buffer` with huge
    /// pages; a hint that changes no byte, ignored where it does not apply.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress, buffer.count >= 2 * size else { return }
        let pageMask = UInt(max(sysconf(Int32(_SC_PAGESIZE)), 1)) - 1
        let start = (UInt(bitPattern: base) + pageMask) & ~pageMask
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~pageMask
        guard end > start, let pages = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pages, Int(end - start), MADV_HUGEPAGE)
        #endif
    }
}

extension Array {
    /// `reserveCapacity(minimumCapacity)`, with room of two huge pages or
    /// more advised to be backed by huge pages before anything is written
    /// to it (the elements already held are copied in after).
    package mutating func reserveCapacityInHugePages(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        guard MemoryLayout<Element>.stride * minimumCapacity >= 2 * HugePages.size else {
            reserveCapacity(minimumCapacity)
            return
        }
        var grown = [Element](unsafeUninitializedCapacity: minimumCapacity) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            initialized = 0
        }
        grown.append(contentsOf: self)
        self = grown
    }
}
