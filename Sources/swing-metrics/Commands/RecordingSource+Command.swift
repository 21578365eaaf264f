import ArgumentParser
import Foundation
import MotionRecording

extension RecordingSource {
    /// The recording at `path` (read as `format`, or as detected) wholly in memory, for the commands that need every
    /// sample (`inspect`, `convert`, `fuse`); a folder that is not a recording itself is searched as `analyze`
    /// searches it (``InputDiscovery/singleRecording(_:format:)``: no recording or several is a usage error). An
    /// unreadable input is reported on standard error and ends the command with exit status 1.
    static func loadForCommand(_ path: String, format: RecordingFormat?) throws -> Recording {
        let url = try InputDiscovery.singleRecording(path, format: format)
        do {
            return try open(url, format: format).loaded()
        } catch {
            StandardError.writeLine("swing-metrics: error: \(error)")
            throw ExitCode.failure
        }
    }
}
