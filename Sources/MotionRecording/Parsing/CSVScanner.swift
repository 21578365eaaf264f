#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks the lines of a CSV text held as bytes, without copying or allocating: skips a UTF-8 byte-order mark,
/// accepts `\n` and `\r\n` line ends, and counts lines from 1.
@usableFromInline
struct CSVScanner {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var offset: Int
    /// 1-based number of the line last returned by ``nextLine()``.
    @usableFromInline var lineNumber: Int = 0

    @usableFromInline
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        offset = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The byte range of the next line without its line end, or `nil` at the end of the text.
    @inlinable
    mutating func nextLine() -> Range<Int>? {
        guard offset < bytes.count, let base = bytes.baseAddress else { return nil }
        lineNumber += 1
        let start = offset
        let remaining = bytes.count - start
        var end: Int
        if let found = memchr(base + start, 0x0A, remaining) {
            end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            offset = end + 1
        } else {
            end = bytes.count
            offset = end
        }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The number of the text's first non-blank line when `line` (a later line) repeats it byte for byte, a
    /// UTF-8 byte-order mark before either left out: a header line met again inside the data, as two files joined
    /// end to end (`cat a.csv b.csv`) leave it. `nil` otherwise. For messages (it walks the text from its start).
    func earlierLineRepeated(by line: Range<Int>) -> Int? {
        func withoutMark(_ range: Range<Int>) -> Range<Int> {
            range.count >= 3 && bytes[range.lowerBound] == 0xEF && bytes[range.lowerBound + 1] == 0xBB
                && bytes[range.lowerBound + 2] == 0xBF ? (range.lowerBound + 3)..<range.upperBound : range
        }
        var scanner = CSVScanner(bytes)
        while let first = scanner.nextLine(), first.lowerBound < line.lowerBound {
            if isBlank(first) { continue }
            let (header, repeated) = (withoutMark(first), withoutMark(line))
            guard header.count == repeated.count,
                zip(header, repeated).allSatisfy({ bytes[$0] == bytes[$1] })
            else { return nil }
            return scanner.lineNumber
        }
        return nil
    }

    /// The index after the line end at `position` (`\n`, `\r\n`, or the end of the text: the ends that
    /// ``nextLine()`` accepts), or `nil` when another byte is there.
    @inlinable @inline(__always)
    static func lineEnd(_ base: UnsafePointer<UInt8>, at position: Int, readableEnd: Int) -> Int? {
        if position == readableEnd { return readableEnd }
        if base[position] == 0x0A { return position + 1 }
        if base[position] == 0x0D {
            if position + 1 == readableEnd { return readableEnd }
            if base[position + 1] == 0x0A { return position + 2 }
        }
        return nil
    }

    /// Number of lines from the current position to the end (what ``nextLine()`` would still return): the line
    /// feeds, plus one for a final line without one.
    func remainingLineCount() -> Int {
        guard offset < bytes.count, let base = bytes.baseAddress else { return 0 }
        let count = Self.lineFeedCount(base + offset, bytes.count - offset)
        return base[bytes.count - 1] == 0x0A ? count : count + 1
    }

    /// An estimate of ``remainingLineCount()`` from the first `sampleBytes` of the rest: their lines per byte
    /// times the bytes left, with 3 % and 64 lines to spare; exact when the rest is no longer than the sample. It
    /// reads a small part of the text where the exact count reads all of it (a pass that cost ~4 % of a CSV
    /// import); a text whose later lines are much shorter than its first ones can have more lines.
    func estimatedRemainingLineCount(sampleBytes: Int = 1 << 16) -> Int {
        guard let base = bytes.baseAddress, bytes.count - offset > sampleBytes else { return remainingLineCount() }
        let sampled = Self.lineFeedCount(base + offset, sampleBytes)
        let perByte = Double(max(sampled, 1)) / Double(sampleBytes)
        return Int((Double(bytes.count - offset) * perByte * 1.03).rounded(.up)) + 64
    }

    /// Line feeds among `count` bytes at `start`, counted 32 bytes at a time (a vector compare whose lanes are
    /// summed every 255 blocks, before an 8-bit lane could overflow), where a `memchr` call per line cost a call
    /// and a mispredicted loop exit for every line.
    static func lineFeedCount(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var total = 0
        var position = 0
        let lineFeeds = SIMD32<UInt8>(repeating: 0x0A)
        while position + 32 <= count {
            let blocks = min((count - position) / 32, 255)
            var lanes = SIMD32<UInt8>()
            for block in 0..<blocks {
                let chunk = UnsafeRawPointer(start + position + 32 * block).loadUnaligned(as: SIMD32<UInt8>.self)
                lanes &-= unsafeBitCast(chunk .== lineFeeds, to: SIMD32<UInt8>.self)  // a true lane is all ones: −1
            }
            total += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())  // ≤ 32 · 255
            position += 32 * blocks
        }
        while position < count {
            if start[position] == 0x0A { total += 1 }
            position += 1
        }
        return total
    }

    /// Splits `line` at commas into `fields` (start, end pairs); returns the number of fields, which may exceed
    /// the capacity (extra fields are counted but not stored).
    @inlinable
    func splitFields(_ line: Range<Int>, into fields: UnsafeMutableBufferPointer<Range<Int>>) -> Int {
        splitFields(line, at: 0x2C, into: fields)
    }

    /// Splits `line` at `separator` into `fields`, as ``splitFields(_:into:)`` does at commas; ``FieldSeparator/whitespace``
    /// splits at runs of blanks and ignores blanks before the first field and after the last.
    @inlinable
    func splitFields(
        _ line: Range<Int>, separator: FieldSeparator, into fields: UnsafeMutableBufferPointer<Range<Int>>
    ) -> Int {
        if let byte = separator.byte { return splitFields(line, at: byte, into: fields) }
        var count = 0
        var index = line.lowerBound
        while true {
            while index < line.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            guard index < line.upperBound else { return count == 0 ? storeEmpty(line, fields) : count }
            let fieldStart = index
            while index < line.upperBound, bytes[index] != 0x20 && bytes[index] != 0x09 { index += 1 }
            if count < fields.count { fields[count] = fieldStart..<index }
            count += 1
        }
    }

    /// One empty field for a line of blanks only (as a comma split of an empty line gives).
    @inlinable
    func storeEmpty(_ line: Range<Int>, _ fields: UnsafeMutableBufferPointer<Range<Int>>) -> Int {
        if !fields.isEmpty { fields[0] = line.lowerBound..<line.lowerBound }
        return 1
    }

    /// Splits `line` at every `separator` byte.
    @inlinable
    func splitFields(_ line: Range<Int>, at separator: UInt8, into fields: UnsafeMutableBufferPointer<Range<Int>>) -> Int {
        var count = 0
        var fieldStart = line.lowerBound
        var index = line.lowerBound
        while index < line.upperBound {
            if bytes[index] == separator {
                if count < fields.count { fields[count] = fieldStart..<index }
                count += 1
                fieldStart = index + 1
            }
            index += 1
        }
        if count < fields.count { fields[count] = fieldStart..<line.upperBound }
        return count + 1
    }

    /// The bytes of `range`.
    @inlinable
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The text of `range`, for messages (invalid UTF-8 repaired, long text shortened to about `limit` bytes). A
    /// run of zero bytes — blocks of a file that were allocated but never written, as a crash or power loss leaves
    /// at the end of a file being recorded — reads `⟨N zero bytes⟩`, counted over the whole run.
    func text(_ range: Range<Int>, limit: Int = 40) -> String {
        var text = ""
        var position = range.lowerBound
        var shown = 0
        while position < range.upperBound && shown < limit {
            var end = position
            if bytes[position] == 0 {
                while end < range.upperBound && bytes[end] == 0 { end += 1 }
                text += "⟨\(end - position) zero bytes⟩"
                shown += 1
            } else {
                while end < range.upperBound && bytes[end] != 0 && shown + (end - position) < limit { end += 1 }
                text += String(decoding: slice(position..<end), as: UTF8.self)
                shown += end - position
            }
            position = end
        }
        if position < range.upperBound { text += "…" }
        return text
    }

    /// True when the range is empty or only blanks.
    @inlinable
    func isBlank(_ range: Range<Int>) -> Bool {
        for index in range where bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
        return true
    }

    /// Throws a `malformed` error for `file` when the text looks binary (``looksBinary(prefix:)``), saying why
    /// (``binaryDescription(prefix:)``).
    func rejectBinary(file: String) throws(RecordingError) {
        if looksBinary() {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: binaryDescription())
        }
    }

    /// Why text that ``looksBinary(prefix:)`` is not CSV, for messages: UTF-16 text or other binary data.
    func binaryDescription(prefix: Int = 4096) -> String {
        looksUTF16(prefix: prefix)
            ? "UTF-16 text, not UTF-8 or ASCII: save the file as UTF-8 CSV" : "binary data, not CSV text"
    }

    /// True when the first `prefix` bytes look like UTF-16 text: a byte-order mark, or a zero in every other byte
    /// (as spreadsheet "Unicode text" exports write it).
    func looksUTF16(prefix: Int = 4096) -> Bool {
        let end = min(bytes.count, prefix) & ~1
        let hasMark = end >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
        let zeroBytes = (0..<2).map { lane in stride(from: lane, to: end, by: 2).filter { bytes[$0] == 0 }.count }
        return hasMark || (end >= 8 && zeroBytes.contains { $0 * 10 >= end / 2 * 9 } && zeroBytes.contains(0))
    }

    /// True when the text looks binary (a NUL byte, or many control bytes) in its first `prefix` bytes.
    func looksBinary(prefix: Int = 4096) -> Bool {
        var controls = 0
        let end = min(bytes.count, prefix)
        for index in 0..<end {
            let byte = bytes[index]
            if byte == 0 { return true }
            if byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 { controls += 1 }
        }
        return controls * 20 > end || invalidUTF8Bytes(end) * 20 > end
    }

    /// Bytes among the first `end` that belong to no valid UTF-8 sequence (text in any UTF-8 file has none; random
    /// bytes have about half of those ≥ 0x80). A sequence cut by `end` counts as valid.
    func invalidUTF8Bytes(_ end: Int) -> Int {
        var invalid = 0
        var index = 0
        while index < end {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xC2 && byte <= 0xDF ? 2 : byte >= 0xE0 && byte <= 0xEF ? 3
                : byte >= 0xF0 && byte <= 0xF4 ? 4 : 0
            guard length > 0 else {
                invalid += 1
                index += 1
                continue
            }
            var valid = true
            for next in (index + 1)..<min(index + length, end) where bytes[next] & 0xC0 != 0x80 { valid = false }
            if valid {
                index += length
            } else {
                invalid += 1
                index += 1
            }
        }
        return invalid
    }
}

/// Header names of a CSV line (fields split at `separator`), with surrounding quotes and blanks removed.
func csvHeaderNames(_ scanner: CSVScanner, _ line: Range<Int>, separator: FieldSeparator = .comma) -> [String] {
    let capacity = line.count + 1
    return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: capacity) { fields in
        let count = scanner.splitFields(line, separator: separator, into: fields)
        return (0..<min(count, capacity)).map { field in
            var name = String(decoding: scanner.slice(fields[field]), as: UTF8.self).trimmingBlanks()
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
            return name
        }
    }
}

extension String {
    func trimmingBlanks() -> String { String(Substring(self).trimmingBlanks()) }
}
