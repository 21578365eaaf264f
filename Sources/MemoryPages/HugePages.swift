#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Page-level memory advice for large buffers and file mappings (Linux only; a no-op elsewhere), shared by the DSP
/// and the recording readers. Transparent huge pages: first touch of a 2 MiB huge page costs one page fault where
/// 4 KiB pages cost 512 (numpy advises its arrays of 4 MiB and more the same way). Populating: one system call maps
/// every page of a buffer about to be read or written in full, instead of one fault per page.
public enum HugePages {
    /// Size of a transparent huge page on x86-64 and arm64 Linux, bytes (2 MiB).
    public static let size = 2 << 20
    /// Buffers from this size on are worth huge pages when allocated for a whole-recording computation, bytes
    /// (4 MiB, numpy's threshold).
    public static let largeBufferBytes = 4 << 20
    /// Buffers smaller than this are left to fault page by page (a system call costs about as much as a few
    /// faults), bytes (64 KiB).
    public static let populateThreshold = 64 << 10
    /// The system page size, bytes.
    public static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// `madvise` advice values of Linux (`<linux/mman.h>`; not all are exported by Glibc's Swift overlay).
    enum Advice {
        static let hugePage: Int32 = 14  // MADV_HUGEPAGE
        static let populateRead: Int32 = 22  // MADV_POPULATE_READ, Linux ≥ 5.14
        static let populateWrite: Int32 = 23  // MADV_POPULATE_WRITE, Linux ≥ 5.14
    }

    /// Advises the huge-page-aligned interior of `buffer` to use huge pages; call before the memory is first
    /// written. Buffers shorter than `minimumBytes` (at least one huge page), or without a whole aligned huge page
    /// inside, are left alone. No byte changes.
    public static func advise(_ buffer: UnsafeMutableRawBufferPointer, minimumBytes: Int = size) {
        #if os(Linux)
        guard let base = buffer.baseAddress, buffer.count >= Swift.max(minimumBytes, size) else { return }
        let address = UInt(bitPattern: base)
        let alignedStart = (address + UInt(size - 1)) & ~UInt(size - 1)
        let alignedEnd = (address + UInt(buffer.count)) & ~UInt(size - 1)
        guard alignedEnd > alignedStart, let start = UnsafeMutableRawPointer(bitPattern: alignedStart) else { return }
        _ = madvise(start, Int(alignedEnd - alignedStart), Advice.hugePage)
        #endif
    }

    /// Advises a whole read-only file mapping to use huge pages: pages it reads from disk then arrive mostly as
    /// 2 MiB folios, which later mappings of the file map with one page-table entry each (cheaper to touch and to
    /// unmap). Pages already cached stay as they are; a refusal (huge pages disabled) changes nothing.
    public static func adviseMapping(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        _ = madvise(start, byteCount, Advice.hugePage)
        #endif
    }

    /// Allocates `count` uninitialised values with `posix_memalign`: huge-page aligned and advised from
    /// ``largeBufferBytes`` on, 64-byte aligned otherwise. Free with `free(_:)` on the base address.
    public static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let byteCount = Swift.max(1, count * MemoryLayout<T>.stride)
        let alignment = byteCount >= largeBufferBytes ? size : Swift.max(64, MemoryLayout<T>.alignment)
        var raw: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&raw, alignment, byteCount) == 0, let raw else {
            fatalError("out of memory allocating \(byteCount) bytes")
        }
        advise(UnsafeMutableRawBufferPointer(start: raw, count: byteCount), minimumBytes: largeBufferBytes)
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: count), count: count)
    }

    /// Maps every page of `buffer` writable in one system call (`MADV_POPULATE_WRITE`; a no-op elsewhere or when
    /// the kernel refuses): one call instead of one page fault per 4 KiB page on first write. Only for memory that
    /// is about to be written in full (the pages become resident); no byte changes. Partial pages at the ends are
    /// included (populating never alters contents).
    public static func populate(_ buffer: UnsafeMutableRawBufferPointer) {
        populatePages(of: UnsafeRawBufferPointer(buffer), advice: Advice.populateWrite)
    }

    /// Maps every page of `bytes` readable in one system call (`MADV_POPULATE_READ`; a no-op elsewhere or when the
    /// kernel refuses), for a file mapping about to be read in full: one call instead of a fault per 64 KiB (the
    /// kernel's fault-around). No byte changes.
    public static func populateForReading(_ bytes: UnsafeRawBufferPointer) {
        populatePages(of: bytes, advice: Advice.populateRead)
    }

    /// `madvise(advice)` over the whole pages spanning `bytes`, when it holds at least ``populateThreshold`` bytes.
    private static func populatePages(of bytes: UnsafeRawBufferPointer, advice: Int32) {
        #if os(Linux)
        guard let base = bytes.baseAddress, bytes.count >= populateThreshold else { return }
        let page = UInt(pageSize)
        let start = UInt(bitPattern: base) & ~(page - 1)
        let end = (UInt(bitPattern: base) + UInt(bytes.count) + page - 1) & ~(page - 1)
        guard let startPointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(startPointer, Int(end - start), advice)
        #endif
    }
}
