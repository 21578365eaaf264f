/// UTF-16 text with a byte-order mark — what a spreadsheet's "Unicode Text" save writes (Excel: UTF-16 little-endian,
/// tab separated) — transcoded to UTF-8 for the readers, chunk by chunk, character for character: the lines, fields
/// and digits are the source's. Text without a byte-order mark is not guessed at: it stays the clear error naming
/// UTF-16 (``CSVScanner/binaryDescription(prefix:)``).
enum UTF16Text {
    /// Whether `bytes` start with a UTF-16 byte-order mark: `false` little-endian (`FF FE`), `true` big-endian
    /// (`FE FF`), `nil` without one.
    static func isBigEndian(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.count >= 2 else { return nil }
        if bytes[0] == 0xFF && bytes[1] == 0xFE { return false }
        if bytes[0] == 0xFE && bytes[1] == 0xFF { return true }
        return nil
    }

    /// Code units transcoded between two hand-overs to `write` (1 MiB of input).
    static let chunkUnits = 1 << 19

    /// Writes `bytes` (UTF-16 with its byte-order mark, which is left out) as UTF-8 to `write`, ``chunkUnits`` code
    /// units at a time (a surrogate pair never split between two), with the standard library's transcoder. An
    /// unpaired surrogate or a final odd byte becomes U+FFFD (the replacement character), which no reader takes for a
    /// number or a separator.
    static func transcode(
        _ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool,
        write: (UnsafeBufferPointer<UInt8>) throws(RecordingError) -> Void
    ) throws(RecordingError) {
        let units = (bytes.count - 2) / 2
        func unit(_ index: Int) -> UInt16 {
            let (first, second) = (UInt16(bytes[2 + 2 * index]), UInt16(bytes[3 + 2 * index]))
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        var output: [UInt8] = []
        output.reserveCapacity(chunkUnits * 3 + 8)
        func flush() throws(RecordingError) {
            let outcome = output.withUnsafeBufferPointer { chunk in Result { () throws(RecordingError) in try write(chunk) } }
            try outcome.get()
            output.removeAll(keepingCapacity: true)
        }
        var start = 0
        while start < units {
            var end = Swift.min(units, start + chunkUnits)
            if end < units, end - 1 > start, UTF16.isLeadSurrogate(unit(end - 1)) { end -= 1 }
            _ = Swift.transcode(
                (start..<end).lazy.map(unit).makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false
            ) { output.append($0) }
            start = end
            if start < units { try flush() }
        }
        if bytes.count > 2 && bytes.count % 2 == 1 { output += [0xEF, 0xBF, 0xBD] }  // U+FFFD
        try flush()
    }

    /// The finding for `file` read from UTF-16, with what its rewrite read besides (`layout`, a
    /// ``SpreadsheetRewriter`` finding) when there was one.
    static func finding(file: String, bigEndian: Bool, layout: HygieneFinding?) -> HygieneFinding {
        let read = "UTF-16 text (\(bigEndian ? "big" : "little")-endian with a byte-order mark, as a spreadsheet's \"Unicode Text\" saves it) read as UTF-8"
        guard let layout else {
            return HygieneFinding(kind: .layout, file: file, line: 1, message: read + ", the same characters")
        }
        return HygieneFinding(kind: .layout, file: file, line: 1, message: read + "; " + layout.message)
    }
}
