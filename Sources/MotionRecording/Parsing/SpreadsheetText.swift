import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A text table opened for parsing: as it is, or — when a spreadsheet saved it in a ``SpreadsheetLayout`` or as
/// UTF-16 (``UTF16Text``) — rewritten into UTF-8 plain CSV first (``SpreadsheetRewriter``), with the finding that
/// reports what was read. Every text reader opens its files through here, so each reads semicolons, tabs, quotes
/// and UTF-16 the same way, in memory and through a spill alike; plain CSV is mapped as it is, only its first
/// 64 KiB looked at.
///
/// A long file is rewritten into an unlinked temporary file (as a spill is, ``TextSpill``) 1 MiB at a time, the
/// source's pages released behind, and mapped: resident memory stays flat whatever the file's size. When no
/// temporary file can be written it is rewritten in memory.
enum SpreadsheetText {
    /// Output bytes collected between writes to the temporary file.
    static let chunkBytes = 1 << 20

    /// `url` mapped for parsing; in a spreadsheet layout or UTF-16, its rewrite, whose ``MappedFile/layoutFinding``
    /// says what was read. `keepingSeparator`: only quotes are removed (the generic reader reads any separator itself).
    static func open(_ url: URL, keepingSeparator: Bool = false) throws(RecordingError) -> MappedFile {
        let source = try MappedFile(url)
        return try readable(source, bytes: source.bytes, file: url.path, keepingSeparator: keepingSeparator)
    }

    /// `source` itself when its text (`bytes`, the text of `file`) is read as it is; else — UTF-16 (``UTF16Text``),
    /// or in a ``SpreadsheetLayout`` — its UTF-8 plain-CSV rewrite, mapped from a temporary file in `directory` (the
    /// temporary directory when `nil`), with the finding.
    static func readable(
        _ source: MappedFile, bytes: UnsafeBufferPointer<UInt8>, file: String, keepingSeparator: Bool = false,
        directory: String? = nil
    ) throws(RecordingError) -> MappedFile {
        guard let bigEndian = UTF16Text.isBigEndian(bytes) else {
            return try rewritten(source, bytes: bytes, file: file, keepingSeparator: keepingSeparator, directory: directory)
        }
        let utf8 = try written(file: file, directory: directory) { write throws(RecordingError) in
            try UTF16Text.transcode(bytes, bigEndian: bigEndian, write: write)
        }
        let text = try rewritten(utf8, bytes: utf8.bytes, file: file, keepingSeparator: keepingSeparator, directory: directory)
        text.layoutFinding = UTF16Text.finding(file: file, bigEndian: bigEndian, layout: text.layoutFinding)
        return text
    }

    /// `source` itself when its UTF-8 text `bytes` is read as it is; else its plain-CSV rewrite with the finding.
    private static func rewritten(
        _ source: MappedFile, bytes: UnsafeBufferPointer<UInt8>, file: String, keepingSeparator: Bool, directory: String?
    ) throws(RecordingError) -> MappedFile {
        guard
            let layout = SpreadsheetLayout.detect(bytes, keepingSeparator: keepingSeparator)
                ?? SpreadsheetLayout.detectBeyondHead(bytes, keepingSeparator: keepingSeparator, release: { range in
                    // Pages read again by the parse: dropped from memory, never discarded (an inflated zip member's).
                    if bytes.count > ReadBehindRelease.chunkBytes && !source.discardsReleasedPages { source.release(range) }
                })
        else { return source }
        var finding: HygieneFinding?
        let mapping = try written(file: file, directory: directory) { write throws(RecordingError) in
            finding = try rewrite(bytes, layout: layout, file: file, releasing: source, write: write)
        }
        mapping.layoutFinding = finding
        return mapping
    }

    /// The text `produce` hands to its `write` in chunks, in an unlinked temporary file in `directory` (in memory
    /// when none can be created), mapped and named `file`.
    private static func written(
        file: String, directory: String?,
        _ produce: ((UnsafeBufferPointer<UInt8>) throws(RecordingError) -> Void) throws(RecordingError) -> Void
    ) throws(RecordingError) -> MappedFile {
        let descriptor = try? TextSpill.unlinkedTemporaryFile(in: directory)
        var memory: [UInt8] = []
        var size = 0
        do {
            try produce { chunk throws(RecordingError) in
                guard let descriptor else {
                    memory.append(contentsOf: chunk)
                    return
                }
                try TextSpill.write(UnsafeRawBufferPointer(chunk), to: descriptor, at: size, file: file)
                size += chunk.count
            }
        } catch {
            if let descriptor { close(descriptor) }
            throw error
        }
        guard let descriptor else { return memory.withUnsafeBytes { MappedFile(copying: $0, path: file) } }
        return try MappedFile(descriptor: descriptor, count: size, path: file)
    }

    /// `data` (the text of `file`, such as a zip member) as UTF-8 plain CSV, and the finding when it was rewritten.
    static func normalized(_ data: Data, file: String, keepingSeparator: Bool = false) throws(RecordingError)
        -> (Data, HygieneFinding?)
    {
        try withBytes(data) { bytes throws(RecordingError) in
            if let bigEndian = UTF16Text.isBigEndian(bytes) {
                var utf8 = Data()
                try UTF16Text.transcode(bytes, bigEndian: bigEndian) { utf8.append($0) }
                let (text, layout) = try normalized(utf8, file: file, keepingSeparator: keepingSeparator)
                return (text, UTF16Text.finding(file: file, bigEndian: bigEndian, layout: layout))
            }
            guard
                let layout = SpreadsheetLayout.detect(bytes, keepingSeparator: keepingSeparator)
                    ?? SpreadsheetLayout.detectBeyondHead(bytes, keepingSeparator: keepingSeparator, release: { _ in })
            else { return (data, nil) }
            var output = Data()
            output.reserveCapacity(bytes.count)
            let finding = try rewrite(bytes, layout: layout, file: file, releasing: nil) { output.append($0) }
            return (output, finding)
        }
    }

    /// Rewrites `bytes` (the text of `file`) line by line, handing the output to `write` in chunks of about
    /// ``chunkBytes``; the pages of `releasing` (the mapping holding `bytes`) behind the rewrite are released.
    /// Returns the finding, `nil` when nothing changed.
    static func rewrite(
        _ bytes: UnsafeBufferPointer<UInt8>, layout: SpreadsheetLayout, file: String, releasing source: MappedFile?,
        write: (UnsafeBufferPointer<UInt8>) throws(RecordingError) -> Void
    ) throws(RecordingError) -> HygieneFinding? {
        var rewriter = SpreadsheetRewriter(layout)
        var scanner = CSVScanner(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(chunkBytes + 4096)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<scanner.offset]))  // a byte-order mark
        var released = 0
        func flush() throws(RecordingError) {
            let outcome = output.withUnsafeBufferPointer { chunk in Result { () throws(RecordingError) in try write(chunk) } }
            try outcome.get()
            output.removeAll(keepingCapacity: true)
        }
        while let line = scanner.nextLine() {
            rewriter.rewrite(bytes, line: line, into: &output)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line.upperBound..<scanner.offset]))  // its line break
            if output.count >= chunkBytes {
                try flush()
                if let source, scanner.offset - released >= ReadBehindRelease.chunkBytes {
                    source.release(released..<scanner.offset)
                    released = scanner.offset / MappedFile.pageSize * MappedFile.pageSize
                }
            }
        }
        try flush()
        return rewriter.finding(file: file)
    }
}

/// Runs `body` over the text of the file at `url` as ``SpreadsheetText/open(_:keepingSeparator:)`` opens it, with
/// the finding that reports a rewrite.
func withTextFileBytes<R>(
    _ url: URL, keepingSeparator: Bool = false,
    _ body: (UnsafeBufferPointer<UInt8>, HygieneFinding?) throws(RecordingError) -> R
) throws(RecordingError) -> R {
    let text = try SpreadsheetText.open(url, keepingSeparator: keepingSeparator)
    return try body(text.bytes, text.layoutFinding)
}
