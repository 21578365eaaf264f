import ArgumentParser
import Foundation
import MotionRecording

extension RecordingSource {
    /// The recording at `path` (read as `format`, or as detected) wholly in memory, for the commands that need every
    /// sample (`inspect`, `convert`); an unreadable input is reported on standard error and ends the command with
    /// exit status 1.
    static func loadForCommand(_ path: String, format: RecordingFormat?) throws -> Recording {
        do {
            return try open(URL(fileURLWithPath: path), format: format).loaded()
        } catch {
            StandardError.writeLine("swing-metrics: error: \(error)")
            throw ExitCode.failure
        }
    }
}
