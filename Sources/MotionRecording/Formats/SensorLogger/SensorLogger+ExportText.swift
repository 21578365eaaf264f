import Foundation

extension SensorLogger {
    /// One file of an export as text to parse in place: a file memory-mapped, or a zip member inflated into an
    /// unlinked temporary file and mapped. The parser releases the pages behind it (``ReadBehindRelease``), so a
    /// long file never sits in memory whole; a member's temporary file gives their disk space back with them.
    struct ExportText {
        let mapping: MappedFile
        /// The text's length in bytes (a zip member's mapping is rounded up to whole pages).
        let count: Int
        /// The file (or `archive/member`) for messages.
        let file: String

        var bytes: UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: mapping.base?.assumingMemoryBound(to: UInt8.self), count: count)
        }

        /// Its first `count` bytes.
        func head(_ count: Int) -> Data { Data(bytes.prefix(count)) }

        /// The file at `url`; saved by a spreadsheet with semicolons, tabs or quotes, its plain-CSV rewrite
        /// (``SpreadsheetText``).
        init(_ url: URL) throws(RecordingError) {
            mapping = try SpreadsheetText.open(url)
            count = mapping.count
            file = url.path
        }

        private init(mapping: MappedFile, count: Int, file: String) {
            (self.mapping, self.count, self.file) = (mapping, count, file)
        }

        /// This text, or — saved by a spreadsheet with semicolons, tabs, quotes or as UTF-16 — its plain-CSV rewrite in a
        /// temporary file in `directory` (``SpreadsheetText``): for a zip member once inflated.
        func spreadsheetRewritten(directory: String?) throws(RecordingError) -> ExportText {
            let rewritten = try SpreadsheetText.readable(mapping, bytes: bytes, file: file, directory: directory)
            guard rewritten !== mapping else { return self }
            return ExportText(mapping: rewritten, count: rewritten.count, file: file)
        }

        /// The member `entry` of `archive` (mapped as `input`) inflated into a temporary file in `directory` (the
        /// temporary directory when `nil`), 8 MiB at a time: the pages written and the compressed pages read are
        /// released behind (keeping DEFLATE's 32 KiB window), so resident memory stays a few MiB whatever the
        /// member's size. The declared size is checked against ``Inflate/ceiling(forCompressedBytes:availableMemory:)``
        /// as ``ZipArchive/contents(of:)`` checks it, with the same errors.
        init(_ entry: ZipArchive.Entry, of archive: ZipArchive, input: MappedFile, directory: String?) throws(RecordingError) {
            let range = try archive.dataRange(of: entry)
            file = archive.file + "/" + entry.name
            func fail(_ reason: String) -> RecordingError {
                .malformed(file: archive.file, line: nil, column: nil, columnName: nil, reason: "invalid zip archive: \(entry.name)\(reason)")
            }
            guard entry.method == 0 || entry.method == 8 else { throw fail(" uses unsupported compression method \(entry.method)") }
            count = entry.method == 0 ? range.count : entry.uncompressedSize
            let spill = try TextSpill(for: file, directory: directory)
            spill.reserve([("member", 1, nil)], capacity: Swift.max(count, 1))
            mapping = try spill.mapped()
            // Once inflated, the text is read once, front to back: the parser's releases free its disk blocks.
            defer { mapping.discardReleasedPages() }
            guard count > 0, let output = mapping.mutableBase?.assumingMemoryBound(to: UInt8.self),
                let source = input.base?.assumingMemoryBound(to: UInt8.self), range.upperBound <= input.count
            else { return }
            let mapping = mapping
            var (written, read) = (0, range.lowerBound)
            func release(writtenTo: Int, readTo: Int) {
                mapping.release(written..<writtenTo)
                input.release(read..<readTo)
                (written, read) = (writtenTo / MappedFile.pageSize * MappedFile.pageSize, readTo / MappedFile.pageSize * MappedFile.pageSize)
            }
            let chunk = 8 << 20
            if entry.method == 0 {
                for start in stride(from: 0, to: count, by: chunk) {
                    let end = Swift.min(count, start + chunk)
                    (output + start).update(from: source + range.lowerBound + start, count: end - start)
                    release(writtenTo: end, readTo: range.lowerBound + end)
                }
                return
            }
            do throws(Inflate.Failure) {
                try Inflate.inflate(
                    UnsafeBufferPointer(start: source + range.lowerBound, count: range.count), expectedSize: count,
                    into: output, progressBytes: chunk
                ) { position, written in
                    release(writtenTo: Swift.max(0, written - 65536), readTo: range.lowerBound + Swift.max(0, position - 8))
                }
            } catch {
                throw fail(": \(error.reason)")
            }
        }
    }
}
