import Foundation
import MotionRecording

extension SimulatedSession {
    /// File name of the native container inside the output directory.
    public static let nativeFileName = "recording.npz"

    /// Writes the session into `directory` (created if needed): the recording in `format` — the interchange CSV
    /// files (`accelerometer.csv`, `device_motion.csv`, `metadata.json`; the CSV layout keeps no batch
    /// boundaries) or `recording.npz` (native, batch boundaries kept) — and `truth.json` beside it.
    ///
    /// - Returns: what to load the recording from (the directory, or the `.npz` file).
    @discardableResult
    public func write(
        to directory: URL, format: RecordingFormat = .interchangeCSV
    ) throws(SimulatedSessionError) -> URL {
        let location: URL
        do {
            switch format {
            case .interchangeCSV:
                try InterchangeCSVWriter.write(recording, to: directory)
                location = directory
            case .native:
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                location = directory.appendingPathComponent(Self.nativeFileName)
                try NativeFormat.write(recording, to: location)
            default:
                throw SimulatedSessionError.unsupportedFormat(format.name)
            }
        } catch let error as SimulatedSessionError {
            throw error
        } catch {
            throw .recording("\(error)")
        }
        do {
            try truth.write(to: directory.appendingPathComponent(GroundTruth.fileName))
        } catch {
            throw .truth(error)
        }
        return location
    }
}
