import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes its results: standard output, or a file given with `--output` (written to a temporary
/// file beside it and moved into place on success, so a failed run never leaves half a file — unless `atomic` is
/// false, as for `--format jsonl`, whose complete lines are worth keeping when a run dies: then the file itself is
/// written, and ``flush()`` after each recording puts it on disk at once).
struct OutputSink {
    /// A file that could not be written.
    struct WriteFailed: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): cannot write: \(reason)" }
    }

    private let finalPath: String?
    private let temporaryPath: String?
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(path: String?, atomic: Bool = true) throws {
        finalPath = path
        if let path, !atomic {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw WriteFailed(path: path, reason: "cannot create the file") }
            temporaryPath = nil
            self.handle = handle
        } else if let path {
            let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
            guard FileManager.default.createFile(atPath: temporary, contents: nil),
                let handle = FileHandle(forWritingAtPath: temporary)
            else { throw WriteFailed(path: path, reason: "cannot create the file") }
            temporaryPath = temporary
            self.handle = handle
        } else {
            temporaryPath = nil
            handle = FileHandle.standardOutput
        }
    }

    mutating func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw WriteFailed(path: finalPath ?? "standard output", reason: "\(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() throws {
        try flush()
        guard let finalPath else { return }
        try? handle.close()
        guard let temporaryPath else { return }
        // rename(2) replaces an existing file atomically (FileManager.replaceItemAt fails on Linux when the
        // destination exists).
        guard rename(temporaryPath, finalPath) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw WriteFailed(path: finalPath, reason: reason)
        }
    }
}
