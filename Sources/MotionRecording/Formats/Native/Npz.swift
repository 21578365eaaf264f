import Foundation

/// One array to store in an `.npz`.
enum NpyArray {
    case float64([Double])
    case float32([Float])
    case int64([Int64])
    case uint8([UInt8])

    var descr: String {
        switch self {
        case .float64: "<f8"
        case .float32: "<f4"
        case .int64: "<i8"
        case .uint8: "|u1"
        }
    }

    var count: Int {
        switch self {
        case .float64(let a): a.count
        case .float32(let a): a.count
        case .int64(let a): a.count
        case .uint8(let a): a.count
        }
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(RecordingError) -> R) throws(RecordingError) -> R {
        let result: Result<R, RecordingError>
        func run(_ raw: UnsafeRawBufferPointer) -> Result<R, RecordingError> {
            do throws(RecordingError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        switch self {
        case .float64(let a): result = a.withUnsafeBytes(run)
        case .float32(let a): result = a.withUnsafeBytes(run)
        case .int64(let a): result = a.withUnsafeBytes(run)
        case .uint8(let a): result = a.withUnsafeBytes(run)
        }
        return try result.get()
    }

    /// The `.npy` v1.0 header, padded so that magic + header is a multiple of 64 bytes.
    func npyHeader() -> [UInt8] { Self.npyHeader(descr: descr, count: count) }

    /// The `.npy` v1.0 header of `count` elements of `descr`, padded so that magic + header is a multiple of 64 bytes.
    static func npyHeader(descr: String, count: Int) -> [UInt8] {
        var dictionary = "{'descr': '\(descr)', 'fortran_order': False, 'shape': (\(count),), }"
        let unpadded = 10 + dictionary.utf8.count + 1
        dictionary += String(repeating: " ", count: (NativeFormat.alignment - unpadded % NativeFormat.alignment) % NativeFormat.alignment)
        dictionary += "\n"
        let length = dictionary.utf8.count
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(length & 0xFF), UInt8(length >> 8)] + Array(dictionary.utf8)
    }
}

/// Writes a STORED zip of `.npy` members with every member's data 64-byte aligned (zip extra-field padding).
enum NpzWriter {
    static func write(_ members: [(String, NpyArray)], to url: URL) throws(RecordingError) {
        try write(members.map { ($0.0, NpzMember.array($0.1)) }, to: url)
    }

    /// Writes `members`, each an array in memory or one of a mapped native file read in chunks (two passes: the
    /// CRC-32 the local header needs, then the bytes), so a mapped recording is copied without being loaded.
    static func write(_ members: [(String, NpzMember)], to url: URL) throws(RecordingError) {
        let path = url.path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw .cannotWrite(file: path, reason: "cannot create file") }
        defer { try? handle.close() }
        func put(_ bytes: [UInt8]) throws(RecordingError) {
            do { try handle.write(contentsOf: bytes) } catch {
                throw .cannotWrite(file: path, reason: describeFileError(error))
            }
        }
        func put(_ raw: UnsafeRawBufferPointer) throws(RecordingError) {
            guard raw.count > 0 else { return }
            do { try handle.write(contentsOf: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: raw.baseAddress!), count: raw.count, deallocator: .none)) } catch {
                throw .cannotWrite(file: path, reason: describeFileError(error))
            }
        }
        var offset = 0
        var central: [UInt8] = []
        for (name, array) in members {
            let fileName = Array((name + ".npy").utf8)
            let header = array.npyHeader()
            var crc = header.withUnsafeBytes { CRC32.update(0, $0) }
            try array.forEachChunk { raw throws(RecordingError) in crc = CRC32.update(crc, raw) }
            let size = header.count + array.byteCount
            let base = offset + 30 + fileName.count
            var padding = (NativeFormat.alignment - base % NativeFormat.alignment) % NativeFormat.alignment
            if padding > 0 && padding < 4 { padding += NativeFormat.alignment }
            guard offset + 30 + fileName.count + padding + size < 0xFFFF_FFFF else {
                throw .cannotWrite(file: path, reason: "archive would exceed 4 GiB (ZIP64 writing is not supported)")
            }
            var local: [UInt8] = []
            local.append(le32: 0x0403_4B50)
            local.append(le16: 20)  // version needed
            local.append(le16: 0)  // flags
            local.append(le16: 0)  // stored
            local.append(le16: 0)  // time
            local.append(le16: 0x21)  // date 1980-01-01
            local.append(le32: crc)
            local.append(le32: UInt32(size))
            local.append(le32: UInt32(size))
            local.append(le16: UInt16(fileName.count))
            local.append(le16: UInt16(padding))
            local += fileName
            if padding > 0 {
                local.append(le16: 0xD935)  // alignment padding (as Android's zipalign)
                local.append(le16: UInt16(padding - 4))
                local += [UInt8](repeating: 0, count: padding - 4)
            }
            try put(local)
            try put(header)
            try array.forEachChunk { raw throws(RecordingError) in try put(raw) }

            central.append(le32: 0x0201_4B50)
            central.append(le16: 20)  // version made by
            central.append(le16: 20)
            central.append(le16: 0)
            central.append(le16: 0)
            central.append(le16: 0)
            central.append(le16: 0x21)
            central.append(le32: crc)
            central.append(le32: UInt32(size))
            central.append(le32: UInt32(size))
            central.append(le16: UInt16(fileName.count))
            central.append(le16: 0)  // extra
            central.append(le16: 0)  // comment
            central.append(le16: 0)  // disk
            central.append(le16: 0)  // internal attributes
            central.append(le32: 0)  // external attributes
            central.append(le32: UInt32(offset))
            central += fileName
            offset += local.count + size
        }
        guard offset + central.count < 0xFFFF_FFFF else {
            throw .cannotWrite(file: path, reason: "archive would exceed 4 GiB (ZIP64 writing is not supported)")
        }
        var end: [UInt8] = []
        end.append(le32: 0x0605_4B50)
        end.append(le16: 0)
        end.append(le16: 0)
        end.append(le16: UInt16(members.count))
        end.append(le16: UInt16(members.count))
        end.append(le32: UInt32(central.count))
        end.append(le32: UInt32(offset))
        end.append(le16: 0)
        try put(central + end)
    }
}

/// One member's data for ``NpzWriter``: an array in memory, or an array of a memory-mapped native file, read
/// ``NativeRecordingFile/releaseChunkBytes`` at a time with each chunk's pages released once read.
enum NpzMember {
    case array(NpyArray)
    /// An array of a mapped file, copied as stored.
    case mapped(NativeRecordingFile, NpyArrayInfo)
    /// A float array of a mapped file (`<f4` or `<f8`) written as the other float type, converted chunk by chunk
    /// (rounded to nearest, as loading it converts).
    case converted(NativeRecordingFile, NpyArrayInfo, to: NpyArrayInfo.DType)

    func npyHeader() -> [UInt8] {
        switch self {
        case .array(let array): array.npyHeader()
        case .mapped(_, let info): NpyArray.npyHeader(descr: info.dtype.rawValue, count: info.count)
        case .converted(_, let info, let dtype): NpyArray.npyHeader(descr: dtype.rawValue, count: info.count)
        }
    }

    var byteCount: Int {
        switch self {
        case .array(let array): array.withBytesCount
        case .mapped(_, let info): info.count * info.dtype.size
        case .converted(_, let info, let dtype): info.count * dtype.size
        }
    }

    /// Calls `body` with the member's bytes, in order: the whole array at once, or a mapped array chunk by chunk.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(RecordingError) -> Void) throws(RecordingError) {
        switch self {
        case .array(let array): try array.withBytes(body)
        case .mapped(let file, let info): try file.forEachChunk(of: info, body)
        case .converted(let file, let info, let dtype):
            // Each chunk holds whole elements (its size is a multiple of the stored element's); one buffer, the size
            // of the largest converted chunk, serves every chunk.
            let chunkElements = Swift.max(1, file.releaseChunkBytes / info.dtype.size)
            let buffer = UnsafeMutableRawBufferPointer.allocate(
                byteCount: chunkElements * dtype.size, alignment: MemoryLayout<Double>.alignment)
            defer { buffer.deallocate() }
            try file.forEachChunk(of: info) { (chunk) throws(RecordingError) in
                let count = chunk.count / info.dtype.size
                let (from, to) = (chunk.baseAddress!, buffer.baseAddress!)
                switch dtype {
                case .float32:
                    NativeRecordingFile.convert(
                        from, storedAs: info.dtype, count: count, into: to.bindMemory(to: Float.self, capacity: count))
                default:
                    NativeRecordingFile.convert(
                        from, storedAs: info.dtype, count: count, into: to.bindMemory(to: Double.self, capacity: count))
                }
                try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count * dtype.size]))
            }
        }
    }
}

extension NpyArray {
    var withBytesCount: Int {
        switch self {
        case .float64(let a): a.count * 8
        case .float32(let a): a.count * 4
        case .int64(let a): a.count * 8
        case .uint8(let a): a.count
        }
    }
}

extension [UInt8] {
    mutating func append(le16 value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func append(le32 value: UInt32) {
        append(le16: UInt16(value & 0xFFFF))
        append(le16: UInt16(value >> 16))
    }
}

/// Where one `.npy` member's data lies in the mapped archive.
struct NpyArrayInfo: Sendable {
    enum DType: String, Sendable {
        case float64 = "<f8"
        case float32 = "<f4"
        case int64 = "<i8"
        case uint8 = "|u1"

        var size: Int {
            switch self {
            case .float64, .int64: 8
            case .float32: 4
            case .uint8: 1
            }
        }
    }

    var name: String
    var dtype: DType
    var count: Int
    /// Byte offset of element 0 in the archive.
    var offset: Int

    /// Parses a `.npy` header at `range` of the archive.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, name: String, file: String
    ) throws(RecordingError) -> NpyArrayInfo {
        func fail(_ reason: String) -> RecordingError {
            .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "member \(name): \(reason)")
        }
        let reader = ByteReader(bytes)
        let start = range.lowerBound
        guard range.count >= 10, bytes[start] == 0x93,
            String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(start + 6)]), as: UTF8.self) == "NUMPY"
        else { throw fail("not a .npy array (bad magic)") }
        let major = bytes[start + 6]
        var headerLength: Int
        var headerStart: Int
        switch major {
        case 1:
            headerLength = Int(reader.u16(start + 8))
            headerStart = start + 10
        case 2, 3:
            guard range.count >= 12 else { throw fail("truncated header") }
            headerLength = Int(reader.u32(start + 8))
            headerStart = start + 12
        default:
            throw fail("unsupported .npy version \(major)")
        }
        guard headerLength <= range.upperBound - headerStart else { throw fail("truncated header") }
        let header = String(decoding: UnsafeBufferPointer(rebasing: bytes[headerStart..<(headerStart + headerLength)]), as: UTF8.self)
        guard let descr = Self.value(of: "descr", in: header).map({ Self.trimmed($0, removing: "'\" ") }),
            let dtype = DType(rawValue: descr == "<u1" ? "|u1" : String(descr))
        else { throw fail("unsupported dtype (expected <f8, <f4, <i8 or |u1) in \(header.prefix(80))") }
        guard let fortran = Self.value(of: "fortran_order", in: header), fortran == "False" || dtype == .uint8
        else { throw fail("fortran_order arrays are not supported") }
        guard let shapeText = Self.value(of: "shape", in: header) else { throw fail("no shape") }
        let dimensions = Self.trimmed(shapeText, removing: "() ")
            .split(separator: ",").map { Self.trimmed($0, removing: " \t") }.filter { !$0.isEmpty }
        let count: Int
        if dimensions.isEmpty {
            count = 1
        } else {
            guard dimensions.count == 1, let n = Int(dimensions[0]), n >= 0 else {
                throw fail("shape \(shapeText) is not one-dimensional")
            }
            count = n
        }
        let dataStart = headerStart + headerLength
        let (bytesNeeded, overflow) = count.multipliedReportingOverflow(by: dtype.size)
        guard !overflow, bytesNeeded <= range.upperBound - dataStart else {
            throw fail("data shorter than shape \(shapeText) says (truncated?)")
        }
        return NpyArrayInfo(name: name, dtype: dtype, count: count, offset: dataStart)
    }

    /// The text after `'key':` up to the next top-level comma (shape tuples kept whole), without the spaces around it.
    ///
    /// Plain `Substring` scanning, no Foundation: `range(of:)` and `trimmingCharacters(in:)` went through
    /// `NSString` and took about 0.5 ms for a recording's twenty headers, inside every analysis of a native file.
    static func value(of key: String, in header: String) -> Substring? {
        let pattern = "'\(key)':"
        var rest = header[...]
        while !rest.hasPrefix(pattern) {
            guard !rest.isEmpty else { return nil }
            rest = rest.dropFirst()
        }
        rest = rest.dropFirst(pattern.count)
        var depth = 0
        let end =
            rest.firstIndex { character in
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                return (character == "," && depth == 0) || character == "}"
            } ?? rest.endIndex
        return trimmed(rest[..<end], removing: " \t")
    }

    /// `text` without the leading and trailing characters that are in `characters`.
    static func trimmed(_ text: Substring, removing characters: String) -> Substring {
        var result = text.drop { characters.contains($0) }
        while let last = result.last, characters.contains(last) { result = result.dropLast() }
        return result
    }
}
