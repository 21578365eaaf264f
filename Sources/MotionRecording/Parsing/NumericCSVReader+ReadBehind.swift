extension NumericCSVReader {
    /// Reads lines from `scanner`'s position to the end as ``read(_:blankLine:row:)`` does, releasing the pages
    /// already parsed (``ReadBehindRelease``) when `mapping` is the file `scanner`'s bytes come from. Returns the
    /// ``HygieneFinding/Kind/truncated`` finding when the text ends inside its last line (dropped).
    func read(
        _ scanner: inout CSVScanner, releasingBehind mapping: MappedFile?,
        row: (UnsafeBufferPointer<Double>, Int) throws(RecordingError) -> Void
    ) throws(RecordingError) -> HygieneFinding? {
        var behind = ReadBehindRelease(mapping)
        let lines = LineReader(self, readableEnd: scanner.bytes.count)
        while true {
            behind.advance(to: scanner.offset)
            switch try lines.readLine(&scanner, blankLine: { _ in }, row: row) {
            case .line: continue
            case .end: return nil
            case .endInsideLastLine(let finding): return finding
            }
        }
    }
}
