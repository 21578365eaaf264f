import Foundation

/// A manifest: a text file listing recordings, one path per line (`--manifest FILE`, or `-` for standard input).
///
/// Lines are trimmed of surrounding white space; blank lines and lines starting with `#` are ignored (a `#` later in
/// a line is part of the path). A relative path is relative to the manifest's folder (to the working directory for
/// standard input). Paths are taken literally — no glob patterns — and each must exist: a file is one recording, a
/// directory is searched as a PATH argument is.
struct Manifest: Sendable {
    /// A manifest that could not be read, or a line naming nothing.
    struct Invalid: Error, CustomStringConvertible, Sendable {
        /// The manifest's path (`standard input` for `-`).
        let file: String
        /// 1-based line number, or `nil` when the whole file is at fault.
        let line: Int?
        let problem: String
        var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)" }
    }

    /// The listed paths, resolved against the manifest's folder, in the order listed.
    let paths: [String]

    /// Reads the manifest at `path` (`-`: standard input).
    init(path: String) throws(Invalid) {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            try self.init(text: String(decoding: data, as: UTF8.self), name: "standard input", folder: "")
            return
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw Invalid(file: path, line: nil, problem: "cannot read the manifest: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Invalid(file: path, line: nil, problem: "not UTF-8 text")
        }
        try self.init(text: text, name: path, folder: (path as NSString).deletingLastPathComponent)
    }

    /// Parses manifest `text`; `name` is used in errors, relative paths are joined to `folder` (empty: as written).
    init(text: String, name: String, folder: String, fileManager: FileManager = .default) throws(Invalid) {
        var paths: [String] = []
        for (number, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let entry = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            let resolved =
                entry.hasPrefix("/") || folder.isEmpty ? entry : (folder as NSString).appendingPathComponent(entry)
            guard fileManager.fileExists(atPath: resolved) else {
                throw Invalid(file: name, line: number + 1, problem: "\(resolved): no such file or directory")
            }
            paths.append(resolved)
        }
        self.paths = paths
    }
}
