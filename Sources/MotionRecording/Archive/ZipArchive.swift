import Foundation

/// A read-only view of a zip archive held in memory (memory-mapped): the central directory, and each member's
/// bytes — in place for STORED members, inflated for DEFLATE ones. Enough zip for `.npz` files (numpy writes
/// STORED, with ZIP64 extras for large members) and Sensor Logger exports (DEFLATE). No encryption, no spanning.
struct ZipArchive {
    struct Entry {
        var name: String
        /// 0 = stored, 8 = deflate.
        var method: UInt16
        var compressedSize: Int
        var uncompressedSize: Int
        var crc32: UInt32
        var localHeaderOffset: Int
    }

    let data: Data
    let file: String
    private(set) var entries: [Entry] = []

    init(_ url: URL) throws(RecordingError) {
        try FileKind.requireReadableFile(url.path)
        do { data = try Data(contentsOf: url, options: .alwaysMapped) } catch {
            throw .unreadable(file: url.path, reason: describeFileError(error))
        }
        file = url.path
        entries = try withBytes(data) { bytes throws(RecordingError) in try Self.readDirectory(bytes, file: url.path) }
    }

    init(data: Data, file: String) throws(RecordingError) {
        self.data = data
        self.file = file
        entries = try withBytes(data) { bytes throws(RecordingError) in try Self.readDirectory(bytes, file: file) }
    }

    private static func fail(_ file: String, _ reason: String) -> RecordingError {
        .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "invalid zip archive: \(reason)")
    }

    static func readDirectory(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(RecordingError) -> [Entry] {
        let reader = ByteReader(bytes)
        // End of central directory: the last 0x06054b50 within 64 KiB + 22 bytes of the end.
        guard bytes.count >= 22 else { throw fail(file, "too short (\(bytes.count) bytes)") }
        var eocd = -1
        var position = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65535)
        while position >= lowest {
            if reader.u32(position) == 0x0605_4B50 {
                eocd = position
                break
            }
            position -= 1
        }
        guard eocd >= 0 else {
            // The directory is written last: an archive that starts with a member but lacks it was cut short.
            let startsWithMember = reader.u32(0) == 0x0403_4B50
            throw fail(
                file,
                startsWithMember
                    ? "no end-of-central-directory record: the file is cut short (\(bytes.count) bytes; the archive's directory is written last)"
                    : "no end-of-central-directory record")
        }
        var entryCount = Int(reader.u16(eocd + 10))
        var directorySize = Int(reader.u32(eocd + 12))
        var directoryOffset = Int(reader.u32(eocd + 16))
        // ZIP64 end of central directory locator just before.
        if eocd >= 20, reader.u32(eocd - 20) == 0x0706_4B50 {
            let zip64Offset = Int(truncatingIfNeeded: reader.u64(eocd - 12))
            guard zip64Offset >= 0, zip64Offset <= bytes.count - 56, reader.u32(zip64Offset) == 0x0606_4B50 else {
                throw fail(file, "bad ZIP64 end-of-central-directory record")
            }
            entryCount = Int(truncatingIfNeeded: reader.u64(zip64Offset + 32))
            directorySize = Int(truncatingIfNeeded: reader.u64(zip64Offset + 40))
            directoryOffset = Int(truncatingIfNeeded: reader.u64(zip64Offset + 48))
        }
        guard directoryOffset >= 0, directorySize >= 0, directoryOffset <= bytes.count,
            directorySize <= bytes.count - directoryOffset,
            entryCount >= 0, entryCount <= directorySize / 46 + 1
        else { throw fail(file, "central directory out of bounds") }
        var entries: [Entry] = []
        var offset = directoryOffset
        for _ in 0..<entryCount {
            guard offset + 46 <= bytes.count, reader.u32(offset) == 0x0201_4B50 else {
                throw fail(file, "bad central directory entry at byte \(offset)")
            }
            let method = reader.u16(offset + 10)
            let crc = reader.u32(offset + 16)
            var compressed = Int(reader.u32(offset + 20))
            var uncompressed = Int(reader.u32(offset + 24))
            let nameLength = Int(reader.u16(offset + 28))
            let extraLength = Int(reader.u16(offset + 30))
            let commentLength = Int(reader.u16(offset + 32))
            var localOffset = Int(reader.u32(offset + 42))
            let nameStart = offset + 46
            guard nameStart + nameLength + extraLength + commentLength <= bytes.count else {
                throw fail(file, "central directory entry runs past the end")
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<(nameStart + nameLength)]), as: UTF8.self)
            // ZIP64 extended information: the fields that are 0xFFFFFFFF, in order.
            var extra = nameStart + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = reader.u16(extra)
                let size = Int(reader.u16(extra + 2))
                if id == 0x0001 {
                    var field = extra + 4
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= extraEnd {
                        uncompressed = Int(truncatingIfNeeded: reader.u64(field))
                        field += 8
                    }
                    if compressed == 0xFFFF_FFFF, field + 8 <= extraEnd {
                        compressed = Int(truncatingIfNeeded: reader.u64(field))
                        field += 8
                    }
                    if localOffset == 0xFFFF_FFFF, field + 8 <= extraEnd {
                        localOffset = Int(truncatingIfNeeded: reader.u64(field))
                    }
                }
                extra += 4 + size
            }
            guard compressed >= 0, uncompressed >= 0, localOffset >= 0 else { throw fail(file, "negative sizes in \(name)") }
            entries.append(Entry(
                name: name, method: method, compressedSize: compressed, uncompressedSize: uncompressed, crc32: crc,
                localHeaderOffset: localOffset))
            offset = extraEnd + commentLength
        }
        return entries
    }

    /// Byte range of a member's (possibly compressed) data in the archive.
    func dataRange(of entry: Entry) throws(RecordingError) -> Range<Int> {
        let file = self.file
        return try withBytes(data) { bytes throws(RecordingError) in
            let reader = ByteReader(bytes)
            let local = entry.localHeaderOffset
            guard local >= 0, local <= bytes.count - 30, reader.u32(local) == 0x0403_4B50 else {
                throw Self.fail(file, "bad local header for \(entry.name)")
            }
            let start = local + 30 + Int(reader.u16(local + 26)) + Int(reader.u16(local + 28))
            guard entry.compressedSize >= 0, entry.compressedSize <= bytes.count - start else {
                throw Self.fail(file, "\(entry.name) runs past the end of the archive (truncated?)")
            }
            return start..<(start + entry.compressedSize)
        }
    }

    /// The uncompressed contents of a member (a slice of the mapped archive when stored).
    func contents(of entry: Entry) throws(RecordingError) -> Data {
        try decoded(entry, storedBytes: .max) { input throws(Inflate.Failure) in
            try Inflate.inflate(input, expectedSize: entry.uncompressedSize)
        }
    }

    /// The first `count` bytes of a member's uncompressed contents (all of them when it is shorter), inflating no
    /// further: what lies beyond is neither decoded nor checked.
    func head(of entry: Entry, count: Int) throws(RecordingError) -> Data {
        try decoded(entry, storedBytes: max(count, 0)) { input throws(Inflate.Failure) in
            Data(try Inflate.prefix(input, count: count, declaredSize: entry.uncompressedSize))
        }
    }

    /// A member's bytes: the first `storedBytes` of a stored one, or what `inflate` makes of a DEFLATE one's data.
    private func decoded(
        _ entry: Entry, storedBytes: Int, inflate: (UnsafeBufferPointer<UInt8>) throws(Inflate.Failure) -> Data
    ) throws(RecordingError) -> Data {
        let range = try dataRange(of: entry)
        switch entry.method {
        case 0:
            return data.subdata(in: range.lowerBound..<(range.lowerBound + min(storedBytes, range.count)))
        case 8:
            let file = self.file
            return try withBytes(data) { bytes throws(RecordingError) in
                do throws(Inflate.Failure) {
                    return try inflate(UnsafeBufferPointer(rebasing: bytes[range]))
                } catch {
                    throw Self.fail(file, "\(entry.name): \(error.reason)")
                }
            }
        default:
            throw Self.fail(file, "\(entry.name) uses unsupported compression method \(entry.method)")
        }
    }

    func entry(named name: String) -> Entry? { entries.first { $0.name == name } }
}

/// Little-endian reads at byte offsets (callers check bounds).
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func u16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
    func u32(_ offset: Int) -> UInt32 { UInt32(u16(offset)) | UInt32(u16(offset + 2)) << 16 }
    func u64(_ offset: Int) -> UInt64 { UInt64(u32(offset)) | UInt64(u32(offset + 4)) << 32 }
}
