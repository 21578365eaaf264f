import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file that a text recording's columns are written into while it is parsed, then memory-mapped and
/// served as a native recording (``NativeRecordingFile``): the samples of a long text recording never sit in memory
/// whole.
///
/// The file is created in the temporary directory (`TMPDIR`, else `/tmp`) and unlinked at once, so only its
/// descriptor keeps it: it disappears when the mapping is dropped or the process ends in any way (error, signal,
/// crash), and nothing is left behind to clean up. Each column gets a region sized for an upper bound of its rows
/// (from the text's size); regions are sparse, so only the bytes written take disk. Columns start on page
/// boundaries: `<f8` and `<f4` arrays are read in place, and releasing one column's pages never touches another's.
final class TextSpill {
    /// A column's place in the file.
    struct Region {
        var offset: Int
        var elementSize: Int
        var capacity: Int
        var count = 0
        /// The array's dtype, or `nil` for a column that is no array of the recording (source lines).
        var dtype: NpyArrayInfo.DType?
        /// Bytes from `offset` on whose disk space was given back (``release(_:rowsBelow:)``).
        var releasedBytes = 0
    }

    /// The text recording's path, for messages.
    let path: String
    private(set) var regions: [String: Region] = [:]
    private var descriptor: Int32
    /// Size of the file so far: the end of the last region reserved.
    private var size = 0

    /// Creates the unlinked temporary file in `directory` (the temporary directory when `nil`).
    init(for path: String, directory: String? = nil) throws(RecordingError) {
        self.path = path
        descriptor = try Self.unlinkedTemporaryFile(in: directory)
    }

    /// A new temporary file in `directory` (the temporary directory when `nil`), unlinked at once: its descriptor.
    static func unlinkedTemporaryFile(in directory: String?) throws(RecordingError) -> Int32 {
        let folder = directory ?? FileManager.default.temporaryDirectory.path
        var template = Array((folder + "/batchedmotion-spill-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotWrite(file: folder, reason: "cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Writes all of `bytes` to the open file `descriptor` at byte `offset` (`file`: the text recording, for the
    /// message).
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int, file: String)
        throws(RecordingError)
    {
        var written = 0
        while written < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(offset + written))
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw .cannotWrite(
                    file: file, reason: "cannot write its temporary copy: \(String(cString: strerror(errno)))")
            }
            written += result
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reserves room for `capacity` elements of each column (`name`, element size in bytes, dtype or `nil`).
    func reserve(_ columns: [(name: String, elementSize: Int, dtype: NpyArrayInfo.DType?)], capacity: Int) {
        for column in columns {
            let page = MappedFile.pageSize
            regions[column.name] = Region(
                offset: size, elementSize: column.elementSize, capacity: capacity, dtype: column.dtype)
            size += (capacity * column.elementSize + page - 1) / page * page
        }
    }

    /// Appends the elements in `bytes` to the column `name` (reserved, with room left: misuse otherwise).
    func append(_ name: String, _ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        guard var region = regions[name] else { preconditionFailure("TextSpill: column \(name) was not reserved") }
        let elements = bytes.count / region.elementSize
        precondition(region.count + elements <= region.capacity, "TextSpill: more than \(region.capacity) rows in \(name)")
        try Self.write(bytes, to: descriptor, at: region.offset + region.count * region.elementSize, file: path)
        region.count += elements
        regions[name] = region
    }

    /// Appends the elements of `values` to the column `name`.
    func append<Element>(_ name: String, _ values: [Element]) throws(RecordingError) {
        let outcome = values.withUnsafeBytes { bytes in
            Result { () throws(RecordingError) in try append(name, bytes) }
        }
        try outcome.get()
    }

    /// Adds whole arrays (small ones, such as the slower streams'), each in a region of its own.
    func append(members: [(String, NpyArray)]) throws(RecordingError) {
        for (name, array) in members {
            guard let dtype = NpyArrayInfo.DType(rawValue: array.descr) else { continue }
            reserve([(name, dtype.size, dtype)], capacity: array.count)
            try array.withBytes { bytes throws(RecordingError) in try append(name, bytes) }
        }
    }

    /// Sets the row count of the column `name` to `count` (no more than it holds): rows a repair dropped in place.
    func truncate(_ name: String, to count: Int) {
        guard let region = regions[name] else { return }
        precondition(count <= region.count, "TextSpill: cannot grow \(name) from \(region.count) to \(count) rows")
        regions[name]!.count = count
    }

    /// Forgets the column `name` (written, then found to be no array of the recording); its bytes stay unread.
    func discard(_ name: String) {
        regions.removeValue(forKey: name)
    }

    /// Gives the column `from` the name `to` (a column whose meaning is known only once it is parsed).
    func rename(_ from: String, to: String) {
        guard let region = regions.removeValue(forKey: from) else { return }
        regions[to] = region
    }

    /// Gives the disk space of the column `name`'s rows below `row` back to the file system: a column parsed from
    /// the text that no later step reads, released as the columns made from it are written, so that the two do not
    /// take the disk at once. Whole pages only (all of the column's once `row` reaches its count); the rows read as
    /// zeros after. No append may follow. A file system that cannot punch holes keeps the space.
    func release(_ name: String, rowsBelow row: Int) {
        guard var region = regions[name] else { return }
        let page = MappedFile.pageSize
        let bytes = Swift.min(row, region.count) * region.elementSize
        let end = row >= region.count ? (bytes + page - 1) / page * page : bytes / page * page
        guard end > region.releasedBytes else { return }
        punchHole(offset: region.offset + region.releasedBytes, count: end - region.releasedBytes)
        region.releasedBytes = end
        regions[name] = region
    }

    /// Frees the disk blocks of bytes `offset..<offset + count` (page-aligned) of the file, within its size: a hole
    /// (`MADV_REMOVE` on a shared mapping of them, which punches it as `fallocate(FALLOC_FL_PUNCH_HOLE)` does).
    private func punchHole(offset: Int, count: Int) {
        #if os(Linux)
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return }
            let count = Swift.min(count, Int(status.st_size) - offset)
            guard count > 0, let address = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset)),
                address != MAP_FAILED
            else { return }
            _ = madvise(address, count, 9)  // MADV_REMOVE (Linux ≥ 2.6.16; not exported by Glibc's Swift overlay)
            munmap(address, count)
        #endif
    }

    /// The element at `index` of the column `name` (written, not yet mapped): read back from the file.
    func element<Element: BitwiseCopyable>(_ name: String, at index: Int, as type: Element.Type) throws(RecordingError) -> Element {
        guard let region = regions[name], index < region.count, MemoryLayout<Element>.size == region.elementSize
        else { preconditionFailure("TextSpill: no element \(index) of \(name) as \(type)") }
        var value: UInt64 = 0  // room for any column's element (at most 8 bytes)
        let read = withUnsafeMutableBytes(of: &value) {
            pread(descriptor, $0.baseAddress!, region.elementSize, off_t(region.offset + index * region.elementSize))
        }
        guard read == region.elementSize else {
            throw .cannotWrite(file: path, reason: "cannot read its temporary copy: \(String(cString: strerror(errno)))")
        }
        return withUnsafeBytes(of: value) { $0.loadUnaligned(as: Element.self) }
    }

    /// The elements `range` of the column `name` (written, not yet mapped): read back from the file.
    func elements<Element: BitwiseCopyable>(_ name: String, in range: Range<Int>, as type: Element.Type)
        throws(RecordingError) -> [Element]
    {
        guard let region = regions[name], range.upperBound <= region.count, MemoryLayout<Element>.size == region.elementSize
        else { preconditionFailure("TextSpill: no elements \(range) of \(name) as \(type)") }
        var values = [Element](unsafeUninitializedCapacity: range.count) { _, count in count = range.count }
        var done = 0
        let total = range.count * region.elementSize
        while done < total {
            let result = values.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, total - done, off_t(region.offset + range.lowerBound * region.elementSize + done))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw .cannotWrite(file: path, reason: "cannot read its temporary copy: \(String(cString: strerror(errno)))")
            }
            done += result
        }
        return values
    }

    /// The arrays written so far, as a native file describes its arrays.
    var arrays: [String: NpyArrayInfo] {
        regions.reduce(into: [:]) { arrays, entry in
            guard let dtype = entry.value.dtype else { return }
            arrays[entry.key] = NpyArrayInfo(name: entry.key, dtype: dtype, count: entry.value.count, offset: entry.value.offset)
        }
    }

    /// Maps the file, shared and writable (hygiene repairs change it in place), which the mapping then owns (this
    /// spill takes no more appends).
    func mapped() throws(RecordingError) -> MappedFile {
        precondition(descriptor >= 0, "TextSpill: already mapped")
        guard ftruncate(descriptor, off_t(size)) == 0 else {
            throw .cannotWrite(file: path, reason: "cannot size its temporary copy: \(String(cString: strerror(errno)))")
        }
        let owned = descriptor
        descriptor = -1
        return try MappedFile(descriptor: owned, count: size, path: path, writable: true)
    }
}
