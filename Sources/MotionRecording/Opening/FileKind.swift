import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names on disk (symbolic links followed), asked with `stat(2)` before anything is opened: opening a
/// FIFO blocks until a writer appears, and a socket or device is never a recording.
public enum FileKind: Sendable, Equatable {
    case regularFile
    case directory
    /// A FIFO, socket, character or block device: never opened; the associated text names it ("a FIFO (named pipe)").
    case special(String)
    /// `stat` failed; the associated text is the system's reason ("no such file or directory", "permission denied").
    case missing(String)

    /// The kind of `path`, following symbolic links.
    public static func of(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        case S_IFIFO: return .special("a FIFO (named pipe)")
        case S_IFSOCK: return .special("a socket")
        case S_IFCHR: return .special("a character device")
        case S_IFBLK: return .special("a block device")
        default: return .special("not a regular file")
        }
    }

    /// Throws unless `path` is a regular file this process may read: a FIFO, socket or device is refused without
    /// being opened (opening a FIFO would block), a file without read permission is named as such.
    static func requireReadableFile(_ path: String) throws(RecordingError) {
        switch of(path) {
        case .regularFile:
            guard access(path, R_OK) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        case .directory: throw .unreadable(file: path, reason: "is a directory, not a file")
        case .special(let what): throw .unreadable(file: path, reason: "\(what), not a regular file: not opened")
        case .missing(let reason): throw .unreadable(file: path, reason: reason)
        }
    }

    /// Throws unless `path` is a directory this process may list.
    static func requireReadableDirectory(_ path: String) throws(RecordingError) {
        guard access(path, R_OK | X_OK) == 0 else {
            throw .unreadable(file: path, reason: "\(String(cString: strerror(errno))) (directory cannot be listed)")
        }
    }
}
