import ArgumentParser
import Foundation
import MotionRecording

extension RecordingSource {
    /// The recording at `path` (read as `format`, or as detected) opened for `inspect`, `convert` and `fuse`: a long
    /// one memory-mapped (a native file, or a text recording spilled on opening), never loaded whole. A folder that
    /// is not a recording itself is searched as `analyze` searches it (``InputDiscovery/singleRecording(_:format:)``:
    /// no recording or several is a usage error). An unreadable input is reported on standard error and ends the
    /// command with exit status 1.
    static func openForCommand(_ path: String, format: RecordingFormat?) throws -> RecordingSource {
        let url = try InputDiscovery.singleRecording(path, format: format)
        do {
            return try open(url, format: format)
        } catch {
            StandardError.writeLine("swing-metrics: error: \(error)")
            throw ExitCode.failure
        }
    }
}
