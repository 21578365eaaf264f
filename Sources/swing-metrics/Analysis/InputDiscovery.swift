import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the command line's PATH arguments into the list of recordings to process: files, directories (searched
/// recursively) and glob patterns. A directory that is itself a recording (interchange CSV layout, a Sensor Logger
/// export, a folder of raw dumps) counts as one recording; otherwise its contents are searched.
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

    /// `recordings(for:)` for a command's PATH arguments: a path that matches nothing, or no recording at all, is a
    /// usage error (exit 64).
    static func commandLineRecordings(for arguments: [String]) throws -> [URL] {
        let inputs: [URL]
        do { inputs = try recordings(for: arguments) } catch { throw ValidationError(String(describing: error)) }
        guard !inputs.isEmpty else {
            throw ValidationError("no recordings found in \(arguments.joined(separator: " "))")
        }
        return inputs
    }

    /// Expands `arguments` into recording locations, in order and without duplicates.
    static func recordings(for arguments: [String]) throws -> [URL] {
        var seen = Set<String>()
        var result: [URL] = []
        func add(_ url: URL) {
            let key = url.standardizedFileURL.path
            if seen.insert(key).inserted { result.append(url) }
        }
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
                let url = URL(fileURLWithPath: argument)
                if isDirectory.boolValue { search(url).forEach(add) } else { add(url) }
                continue
            }
            let matches = expandGlob(argument)
            if matches.isEmpty { throw NothingMatched(argument: argument) }
            for match in matches {
                var matchIsDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: match, isDirectory: &matchIsDirectory)
                let url = URL(fileURLWithPath: match)
                if matchIsDirectory.boolValue { search(url).forEach(add) } else { add(url) }
            }
        }
        return result
    }

    /// True when `directory` directly holds the files of one recording.
    static func isRecordingDirectory(_ directory: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.contains { recordingDirectoryMarkers.contains($0) }
    }

    /// The recordings under `directory`: itself if it is one, else its recording files and recording
    /// sub-directories, recursively, sorted by path.
    static func search(_ directory: URL) -> [URL] {
        if isRecordingDirectory(directory) { return [directory] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        var found: [URL] = []
        for name in names where !name.hasPrefix(".") {
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found += search(url)
            } else if recordingExtensions.contains(url.pathExtension.lowercased()),
                !ignoredFileNames.contains(name)
            {
                found.append(url)
            }
        }
        return found
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
