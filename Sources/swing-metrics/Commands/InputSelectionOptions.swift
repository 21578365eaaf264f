import ArgumentParser
import Foundation

/// Which recordings a command processes, shared by `analyze`, `report` and `inspect`: PATH arguments and/or a
/// manifest, discovered (``InputDiscovery``), then optionally cut to one shard (``Shard``).
struct InputSelectionOptions: ParsableArguments {
    @Argument(help: "Recordings, directories or glob patterns.")
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "A text file of recording paths, one per line ('-': standard input).",
            discussion: "Blank lines and lines starting with # are ignored; relative paths are relative to the "
                + "manifest's folder. Listed after any PATH arguments.",
            valueName: "file"))
    var manifest: String?

    @Option(
        help: ArgumentHelp(
            "Process only shard i of n (1-based): recordings i, i+n, i+2n, … of the discovered list.",
            valueName: "i/n"))
    var shard: String?

    func validate() throws {
        if paths.isEmpty && manifest == nil {
            throw ValidationError("give the recordings as PATH arguments or with --manifest FILE")
        }
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
        }
    }

    /// The recordings to process, in discovery order: all of them, or this shard's (possibly none, when there are
    /// more shards than recordings). A path that matches nothing, an unreadable manifest, or no recording at all
    /// is a usage error (exit 64).
    func recordings() throws -> [URL] {
        var arguments = paths
        if let manifest {
            do { arguments += try Manifest(path: manifest).paths } catch { throw ValidationError(error.description) }
        }
        guard !arguments.isEmpty else { throw ValidationError("the manifest \(manifest ?? "") lists no recordings") }
        let all = try InputDiscovery.commandLineRecordings(for: arguments)
        guard let shard else { return all }
        return try Shard(parsing: shard).select(all)
    }

    /// True when the selection names a list whatever its length (a manifest or a shard): JSON output is then
    /// always an array, even of one recording or none.
    var selectsAList: Bool { manifest != nil || shard != nil }
}
