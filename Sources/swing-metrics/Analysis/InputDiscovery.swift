import ArgumentParser
import MotionRecording
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the command line's PATH arguments into the list of recordings to process: files, directories (searched
/// recursively) and glob patterns. A directory that is itself a recording (interchange CSV layout, a Sensor Logger
/// export, a folder of raw dumps) counts as one recording; otherwise its contents are searched, and a text file in it
/// without rows of numbers (`notes.txt`, ``NonRecordingFile``) or a zip archive without a recording's files (a zip
/// of photos, a numpy archive of other arrays: ``NonRecordingArchive``) is skipped and reported, not taken for a
/// recording.
///
/// The order is deterministic: arguments in the order given, and within a directory, paths sorted.
struct InputDiscovery {
    /// A PATH argument that matched nothing.
    struct NothingMatched: Error, CustomStringConvertible {
        let argument: String
        var description: String { "\(argument): no such file or directory, and no file matches it as a pattern" }
    }

    /// File extensions that may hold a recording when found while searching a directory.
    static let recordingExtensions: Set<String> = ["csv", "npz", "zip", "txt"]

    /// File names that make a directory a recording of its own.
    static let recordingDirectoryMarkers: Set<String> = [
        "accelerometer.csv", "device_motion.csv",  // interchange layout (docs/architecture.md, file layouts)
        "WristMotion.csv", "Metadata.csv", "Accelerometer.csv", "WatchAccelerometerUncalibrated.csv",  // Sensor Logger
    ]

    /// Files never taken for recordings while searching (ground truth and our own outputs).
    static let ignoredFileNames: Set<String> = ["truth.json", "metadata.json", "README.md"]

    /// Something met while searching a directory that is not taken as a recording and is never opened: a FIFO,
    /// socket or device, a directory already searched (a symbolic-link cycle, or two links to one folder), a
    /// directory that cannot be listed.
    struct Skipped: Equatable, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): skipped: \(reason)" }
    }

    /// What a search found: recordings in order, and what was skipped (reported on standard error by the commands).
    struct Found {
        var recordings: [URL] = []
        var skipped: [Skipped] = []
    }

    /// `recordings(for:)` for a command's PATH arguments: a path that matches nothing, or no recording at all, is a
    /// usage error (exit 64) naming each folder searched and what it holds; each skipped entry is reported on
    /// standard error as a warning.
    static func commandLineRecordings(for arguments: [String]) throws -> [URL] {
        let found: Found
        do { found = try recordings(for: arguments) } catch { throw ValidationError(String(describing: error)) }
        for skipped in found.skipped { StandardError.writeLine("swing-metrics: warning: \(skipped)") }
        guard !found.recordings.isEmpty else {
            let unreadable = found.skipped.filter { $0.reason.hasPrefix("cannot list") }
            if !unreadable.isEmpty {
                throw ValidationError(unreadable.map { "\($0.path): \($0.reason)" }.joined(separator: "; "))
            }
            throw ValidationError(noRecordingsMessage(arguments, skipped: found.skipped))
        }
        return found.recordings
    }

    /// The recording a single-input command (`inspect`, `convert`, `fuse`) reads for `path`: the path itself when it
    /// is a file, a format is forced, or it is a recording of its own; otherwise the folder is searched as `analyze`
    /// searches it, and it must hold exactly one recording. No recording, or several, is a usage error naming the
    /// folder and what it holds.
    static func singleRecording(_ path: String, format: RecordingFormat?) throws -> URL {
        let url = URL(fileURLWithPath: path)
        guard format == nil, case .directory = FileKind.of(path), (try? RecordingImporter.detectFormat(url)) == nil else {
            return url
        }
        let recordings = try commandLineRecordings(for: [path])
        guard recordings.count == 1 else {
            let names = recordings.prefix(4).map { $0.path.hasPrefix(url.path + "/") ? String($0.path.dropFirst(url.path.count + 1)) : $0.path }
            throw ValidationError(
                "\(path) holds \(recordings.count) recordings (\(names.joined(separator: ", "))\(recordings.count > 4 ? ", …" : "")), not one: give one of them (analyze, workout and report take several)")
        }
        return recordings[0]
    }

    /// "no recordings in DIR: it holds …" for each folder among `arguments`: its entries (the first eight), each with
    /// why it was skipped where the search said.
    static func noRecordingsMessage(_ arguments: [String], skipped: [Skipped]) -> String {
        let parts = arguments.map { argument -> String in
            guard case .directory = FileKind.of(argument),
                let names = try? FileManager.default.contentsOfDirectory(atPath: argument)
            else { return "no recordings in \(argument)" }
            let visible = names.filter { !$0.hasPrefix(".") }.sorted()
            guard !visible.isEmpty else { return "no recordings in \(argument): the folder is empty" }
            let base = URL(fileURLWithPath: argument)
            let described = visible.prefix(8).map { name -> String in
                let path = base.appendingPathComponent(name).path
                if let entry = skipped.first(where: { URL(fileURLWithPath: $0.path).path == path }) {
                    return "\(name) (\(entry.reason))"
                }
                if case .directory = FileKind.of(path) { return "\(name)/ (no recordings inside)" }
                return "\(name) (not a recording's file type: .csv, .txt, .npz, .zip)"
            }
            return "no recordings in \(argument): it holds " + described.joined(separator: ", ")
                + (visible.count > 8 ? ", … (\(visible.count) entries)" : "")
        }
        return parts.joined(separator: "; ")
    }

    /// Expands `arguments` into recording locations, in order and without duplicates. A path given directly is
    /// always an input, whatever it is (a FIFO then fails alone, when it is opened); inside directories only regular
    /// files and directories are considered, each directory searched once.
    static func recordings(for arguments: [String]) throws -> Found {
        var walk = Walk()
        func take(_ path: String) {
            let url = URL(fileURLWithPath: path)
            if case .directory = FileKind.of(path) { walk.search(url) } else { walk.found.recordings.append(url) }
        }
        for argument in arguments {
            if FileManager.default.fileExists(atPath: argument) {
                take(argument)
                continue
            }
            let matches = expandGlob(argument)
            if matches.isEmpty { throw NothingMatched(argument: argument) }
            matches.forEach(take)
        }
        var seen = Set<String>()
        walk.found.recordings.removeAll { !seen.insert($0.standardizedFileURL.path).inserted }
        return walk.found
    }

    /// True when `directory` directly holds the files of one recording.
    static func isRecordingDirectory(_ directory: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return isRecordingDirectory(names: names)
    }

    static func isRecordingDirectory(names: [String]) -> Bool {
        if names.contains(where: { recordingDirectoryMarkers.contains($0) }) { return true }
        return RecordingImporter.isRawDumpPair(names: names)
    }

    /// A recursive directory search that remembers which directories (device and inode) it has entered.
    struct Walk {
        var found = Found()
        private var entered = Set<FileIdentity>()

        struct FileIdentity: Hashable {
            let device: UInt64
            let inode: UInt64
        }

        static func identity(_ path: String) -> FileIdentity? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }

        /// The recordings under `directory`: itself if it is one, else its recording files and recording
        /// sub-directories, recursively, sorted by path.
        mutating func search(_ directory: URL) {
            guard let identity = Self.identity(directory.path), entered.insert(identity).inserted else {
                found.skipped.append(
                    Skipped(path: directory.relativePath, reason: "directory already searched (symbolic-link cycle or second link to it)"))
                return
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
                let reason = access(directory.path, R_OK | X_OK) == 0
                    ? String(describing: error) : String(cString: strerror(errno))
                found.skipped.append(Skipped(path: directory.relativePath, reason: "cannot list directory: \(reason)"))
                return
            }
            if InputDiscovery.isRecordingDirectory(names: names) {
                found.recordings.append(directory)
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = directory.appendingPathComponent(name)
                switch FileKind.of(url.path) {
                case .directory:
                    search(url)
                case .regularFile:
                    let fileExtension = url.pathExtension.lowercased()
                    guard recordingExtensions.contains(fileExtension), !ignoredFileNames.contains(name) else { break }
                    if let reason = fileExtension == "csv" || fileExtension == "txt"
                        ? NonRecordingFile.reason(url) : NonRecordingArchive.reason(url)
                    {
                        found.skipped.append(Skipped(path: url.relativePath, reason: reason))
                    } else {
                        found.recordings.append(url)
                    }
                case .special(let what):
                    found.skipped.append(Skipped(path: url.relativePath, reason: "\(what), not a regular file: not opened"))
                case .missing(let reason):
                    // A dangling symbolic link, or a file removed since the directory was listed.
                    found.skipped.append(Skipped(path: url.relativePath, reason: reason))
                }
            }
        }
    }

    /// Shell-style glob expansion (`*`, `?`, `[...]`), sorted; empty when nothing matches.
    static func expandGlob(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(pattern, 0, nil, &matches) == 0 else { return [] }
        return (0..<Int(matches.gl_pathc)).compactMap { index in
            matches.gl_pathv[index].map { String(cString: $0) }
        }.sorted()
    }
}
