import Foundation
import MemoryPages
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A memory mapping of a whole file (read-only and private; or shared and writable, for a temporary file this
/// process repairs in place), unmapped on deinit. Pages are read from the file on first
/// touch; ``release(_:)`` hands pages back to the kernel (they are re-read from the file if touched again), which
/// keeps the resident memory of a long streamed recording flat.
final class MappedFile: @unchecked Sendable {
    /// Start of the mapping (`nil` for an empty file).
    let base: UnsafeRawPointer?
    let count: Int
    let path: String
    /// False for an in-memory copy (``init(copying:path:)``), whose pages are never released.
    let isMapped: Bool
    /// True for a shared, writable mapping (``init(descriptor:count:path:writable:)``).
    let isWritable: Bool
    /// The open file behind the mapping (-1 for an in-memory copy), kept to ask its size with `fstat`.
    private let descriptor: Int32
    /// Size in bytes the file was found to have shrunk to (-1 while it still covers the mapping): sticky.
    private let shrunkTo = Atomic<Int>(-1)
    /// Set by ``discardReleasedPages()``: ``release(_:)`` frees the disk blocks behind the pages too.
    private let discardsReleased = Atomic<Bool>(false)
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// For text rewritten from a spreadsheet's layout (``SpreadsheetText``): the finding that reports it. Set once,
    /// before the mapping is shared.
    var layoutFinding: HygieneFinding?

    /// An in-memory copy of `bytes` with the same interface (for bytes that did not come from a file).
    init(copying bytes: UnsafeRawBufferPointer, path: String) {
        self.path = path
        isMapped = false
        isWritable = false
        descriptor = -1
        count = bytes.count
        if count == 0 {
            base = nil
            return
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        memory.copyMemory(from: bytes.baseAddress!, byteCount: count)
        base = UnsafeRawPointer(memory)
    }

    convenience init(_ url: URL) throws(RecordingError) {
        try FileKind.requireReadableFile(url.path)
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(file: url.path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(file: url.path, reason: reason)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .unreadable(file: url.path, reason: "not a regular file")
        }
        try self.init(descriptor: descriptor, count: Int(status.st_size), path: url.path)
    }

    /// Maps the first `count` bytes of the regular file open as `descriptor`, which the mapping then owns (closed on
    /// deinit, or here on failure); `path` names it in messages. For a file already open, such as an unlinked
    /// temporary file that only its descriptor keeps alive. A `writable` mapping is shared: what is written through
    /// ``mutableBase`` goes to the file, so pages released after writing (``release(_:)``) keep their new contents.
    init(descriptor: Int32, count: Int, path: String, writable: Bool = false) throws(RecordingError) {
        self.path = path
        isMapped = true
        self.count = count
        if count == 0 {
            close(descriptor)
            self.descriptor = -1
            isWritable = writable
            base = nil
            return
        }
        let pointer = mmap(
            nil, count, writable ? PROT_READ | PROT_WRITE : PROT_READ, writable ? MAP_SHARED : MAP_PRIVATE, descriptor, 0)
        guard let pointer, pointer != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(file: path, reason: "mmap failed: \(reason)")
        }
        self.descriptor = descriptor
        isWritable = writable
        // Pages this mapping reads from disk then arrive mostly as 2 MiB folios (mmap readahead at PMD order), which
        // later mappings of the file map with one page-table entry each: cheaper to touch and to unmap.
        if !writable { HugePages.adviseMapping(pointer, byteCount: count) }
        base = UnsafeRawPointer(pointer)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        guard let base else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// True while the file still holds every mapped byte. Reading a page of the mapping past the file's end raises
    /// SIGBUS, which would end the process: readers ask before each batch (one `fstat`), and stop reading once the
    /// file has shrunk (``truncation``). Sticky: once shrunk, always false.
    func isWhole() -> Bool {
        guard descriptor >= 0 else { return true }
        if shrunkTo.load(ordering: .relaxed) >= 0 { return false }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return true }
        guard Int(status.st_size) < count else { return true }
        shrunkTo.store(Int(status.st_size), ordering: .relaxed)
        return false
    }

    /// The disk space the file behind the mapping takes now (its allocated blocks), bytes; `nil` for an in-memory
    /// copy.
    var diskBytes: Int? {
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else { return nil }
        return Int(status.st_blocks) * 512
    }

    /// Why reading stopped early: the file shrank while it was being read; `nil` while it is whole.
    var truncation: RecordingError? {
        let size = shrunkTo.load(ordering: .relaxed)
        guard size >= 0 else { return nil }
        return .unreadable(
            file: path,
            reason: "file shrank from \(count) to \(size) bytes while it was being read (truncated or rewritten during the analysis); its results are discarded")
    }

    /// The mapped bytes (empty for an empty file), valid while this object lives.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Start of a writable mapping, to change the file in place (`nil` for a read-only or empty one).
    var mutableBase: UnsafeMutableRawPointer? {
        isWritable ? base.map { UnsafeMutableRawPointer(mutating: $0) } : nil
    }

    /// The mapping as `Data` without copying (valid while this object lives).
    var data: Data {
        guard let base else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: count, deallocator: .none)
    }

    /// Whether ``release(_:)`` discards what it releases (``discardReleasedPages()``): such pages cannot be read
    /// again, so a pass that reads the text ahead of its parse must keep them.
    var discardsReleasedPages: Bool { discardsReleased.load(ordering: .relaxed) }

    /// Releases the whole pages inside byte range `range` (MADV_DONTNEED: dropped now, re-read on next touch;
    /// after ``discardReleasedPages()``, MADV_REMOVE: dropped with their disk blocks, read as zeros after).
    func release(_ range: Range<Int>) {
        guard isMapped, let base else { return }
        let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = min(range.upperBound, count) / Self.pageSize * Self.pageSize
        guard end > start else { return }
        var advice = Int32(MADV_DONTNEED)
        #if os(Linux)
            // MADV_REMOVE (Linux ≥ 2.6.16; not exported by Glibc's Swift overlay) punches the range out of the file
            // as `fallocate(FALLOC_FL_PUNCH_HOLE)` does.
            if discardsReleased.load(ordering: .relaxed) { advice = 9 }
        #endif
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, advice)
    }

    /// From now on, ``release(_:)`` gives the disk space of the pages it releases back to the file system as well
    /// (Linux; elsewhere the pages are only dropped from memory): for a shared, writable mapping of a temporary file
    /// that is read once, front to back, such as a zip member inflated to be parsed, so that the text already
    /// parsed does not take the disk beside what was parsed from it. Released bytes read as zeros after.
    func discardReleasedPages() {
        precondition(isWritable, "MappedFile: only a shared, writable mapping of a temporary file may discard pages")
        discardsReleased.store(true, ordering: .relaxed)
    }
}
