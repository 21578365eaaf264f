import ArgumentParser
import Foundation
import MotionRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks, before anything is read or analysed, that an output file (`--output FILE`, `report -o FILE.html`,
/// `convert IN OUT.npz`) can be created where it is named: its folder exists, is a folder, and may be written, and
/// the path is not itself a folder. A mistake there is a usage error (exit 64) naming the path and the problem,
/// rather than a failure after minutes of analysis. Output folders (`report -o DIR/`, `convert IN DIR`, `fuse`,
/// `simulate`) are created with their parents and need no check.
enum OutputLocation {
    /// Throws a `ValidationError` "`path`: cannot write: `reason`" when the file `path` cannot be created.
    static func requireWritableFile(_ path: String) throws {
        if case .directory = FileKind.of(path) {
            throw ValidationError("\(path): cannot write: it is a folder; give a file name")
        }
        try requireWritableFolder(of: path)
    }

    /// Throws a `ValidationError` "`path`: cannot write: `reason`" when the folder that would hold `path` does not
    /// exist, is not a folder, or may not be written.
    static func requireWritableFolder(of path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        let reason: String
        switch FileKind.of(folder) {
        case .directory:
            guard access(folder, W_OK | X_OK) != 0 else { return }
            reason = "folder \(folder): \(String(cString: strerror(errno)))"
        case .missing: reason = "the folder \(folder) does not exist"
        case .regularFile: reason = "\(folder) is a file, not a folder"
        case .special(let what): reason = "\(folder) is \(what), not a folder"
        }
        throw ValidationError("\(path): cannot write: \(reason)")
    }
}
