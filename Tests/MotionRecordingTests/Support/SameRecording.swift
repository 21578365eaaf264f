import Foundation
import MotionRecording
import Testing

/// Expects `source` (a spilled, memory-mapped recording) to be `imported` (the same file imported into memory): the
/// same format, metadata, hygiene, streams, duration and batches, and the same samples of every motion stream.
func expectSameRecording(_ source: RecordingSource, as imported: RecordingSource) throws {
    #expect(source.format == imported.format)
    #expect(source.metadata == imported.metadata)
    #expect(source.hygiene == imported.hygiene)
    #expect(source.streams == imported.streams)
    #expect(source.deviceMotionComponents == imported.deviceMotionComponents)
    #expect(source.duration == imported.duration)
    #expect(source.batchRanges() == imported.batchRanges())
    let (a, b) = (try source.loaded(), try imported.loaded())
    #expect(a.accelerometer == b.accelerometer)
    #expect(a.deviceMotion == b.deviceMotion)
    #expect(a.accelerometerBatchEnds == b.accelerometerBatchEnds)
    #expect(a.deviceMotionBatchEnds == b.deviceMotionBatchEnds)
    #expect(a.gyroscope == b.gyroscope)
    #expect(a.magnetometer == b.magnetometer)
}

/// The errors of opening `url` (as `format`, or detected) spilled (threshold 0) and imported into memory, in that
/// order: two equal texts when the spill fails as the in-memory import does.
func spilledAndImportedErrors(_ url: URL, format: RecordingFormat? = nil) -> [String] {
    var errors: [String] = []
    for threshold in [0, Int.max] {
        do {
            _ = try RecordingSource.open(url, format: format, spillThreshold: threshold)
        } catch {
            errors.append("\(error)")
        }
    }
    return errors
}
